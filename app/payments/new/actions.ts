"use server";

import { getAccount } from "@/lib/tpp/ais/get-account";
import { listCardAccounts } from "@/lib/tpp/ais/list-card-accounts";
import { getAspspContext } from "@/lib/tpp/aspsp/aspsp-context";
import { requireCurrentUser } from "@/lib/tpp/auth/get-current-user";
import { getAppClock } from "@/lib/tpp/clock/get-app-clock";
import { describeError } from "@/lib/tpp/describe-error";
import {
  CONTROL_FIELDS,
  parsePaymentForm,
  replyWithFormError,
  replyWithOutcome,
  withBulkRow,
  type PaymentFormContext,
  type PaymentFormState,
} from "@/lib/tpp/payment-form";
import { submitPayment } from "@/lib/tpp/payments/submit-payment";
import { getPsuSessionStatus } from "@/lib/tpp/session/get-psu-session-status";
import { toPayingAccount, toPayingCard } from "./paying-accounts";

const RETURN_TO = "/payments/new";

/**
 * The debtor the form names, read again at the bank: an account by its id (GET /v1/accounts/{id}
 * needs the PSU-ID only, not an SCA within the hour, so a form filled slowly still goes through),
 * a card among the card accounts. Nothing when the debtor was typed in.
 */
async function loadDebtor(picked: string | undefined): Promise<Pick<PaymentFormContext, "accounts" | "cards">> {
  if (picked === undefined) return { accounts: [], cards: [] };
  const ctx = await getAspspContext({ returnTo: RETURN_TO });
  if (picked.startsWith("account:"))
    return { accounts: [toPayingAccount(await getAccount(ctx, picked.slice("account:".length)))], cards: [] };
  if (picked.startsWith("card:")) return { accounts: [], cards: (await listCardAccounts(ctx)).map(toPayingCard) };
  return { accounts: [], cards: [] };
}

/**
 * The payment form's Server Action: the same model judges the values again (with the server's
 * today and the debtor read at the bank); a valid payment goes to submitPayment, which sends the
 * PSU to the bank to approve it (a redirect) or tells why the bank did not take it. A duplicate
 * comes back for a "Send anyway?", which posts the same values with allowLogicalDuplicate=true.
 */
export async function submitPaymentForm(_previous: PaymentFormState, formData: FormData): Promise<PaymentFormState> {
  const user = await requireCurrentUser(RETURN_TO);
  const picked = formData.get(CONTROL_FIELDS.debtor);
  const [clock, session] = await Promise.all([getAppClock(), getPsuSessionStatus(user.id)]);
  let debtor: Pick<PaymentFormContext, "accounts" | "cards">;
  try {
    debtor =
      user.psuId === undefined
        ? { accounts: [], cards: [] }
        : await loadDebtor(typeof picked === "string" && picked !== "" ? picked : undefined);
  } catch (error) {
    const display = describeError(error);
    if (display === undefined) throw error;
    return {
      submission: replyWithFormError(
        formData,
        `The account to pay from could not be read at the bank: ${display.title}. Reload the page and try again.`,
      ),
      outcome: { kind: "failed", title: display.title, summary: display.summary, requestId: display.requestId },
    };
  }
  const context: PaymentFormContext = {
    today: clock.today(),
    ...debtor,
    corporate: session?.context === "CORPORATE",
    hasPsuId: user.psuId !== undefined,
  };
  const submission = parsePaymentForm(formData, context);
  if (submission.status !== "success") return { submission: withBulkRow(submission.reply()) };
  const allowLogicalDuplicate = formData.get(CONTROL_FIELDS.allowLogicalDuplicate) === "true";
  // "Later" (kept at the bank, waiting, to be signed in a basket) applies to a single payment named by the PSU-ID.
  const approveLater =
    formData.get(CONTROL_FIELDS.approval) === "later" &&
    submission.value.service === "payments" &&
    submission.value.payer.kind === "psu-id";
  const outcome = await submitPayment(submission.value, { allowLogicalDuplicate, approveLater });
  return replyWithOutcome(submission, submission.value, outcome, context);
}
