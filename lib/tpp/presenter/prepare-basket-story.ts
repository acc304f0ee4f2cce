import "server-only";
import { parsePaymentRequest } from "../../psd2/schemas";
import { listAccounts } from "../ais/list-accounts";
import type { AspspContext } from "../aspsp/aspsp-context";
import { getAppClock } from "../clock/get-app-clock";
import { initiateAndKeepPayment, keepForLater } from "../payments/submit-payment";
import { basketStoryPayments } from "./demo-story";

export type PreparedBasketStory =
  { readonly ok: true; readonly paymentIds: readonly string[] } | { readonly ok: false; readonly problem: string };

/**
 * The presenter's basket step: three domestic payments sent to the bank and kept waiting for
 * approval (two from the current account, one above a second account's funds), ready to be
 * ticked and signed together. Each is judged by lib/psd2 first and sent as a PSU would send it.
 * A bank's 401 (no SCA within the hour) is thrown, for the caller to send the PSU to the bank.
 * @see docs/interface/payments.md#payments-in-the-sandbox, docs/interface/signing-baskets.md#rules-in-the-sandbox
 */
export async function prepareBasketStory(ctx: AspspContext): Promise<PreparedBasketStory> {
  const accounts = await listAccounts(ctx, { withBalance: true });
  const drafts = basketStoryPayments(accounts);
  if (drafts === undefined)
    return {
      ok: false,
      problem: "Share at least two accounts in NOK with the app (step 1: tick the current and the savings account at the bank).",
    };
  const today = (await getAppClock()).today();
  const ids: string[] = [];
  for (const draft of drafts) {
    const judged = parsePaymentRequest(draft.service, draft.product, draft.body, { today });
    if (!judged.ok)
      return { ok: false, problem: `A prepared payment breaks a rule: ${judged.tppMessages.map((message) => message.text).join("; ")}` };
    // The story may be told again within ten minutes: the same payments are meant.
    const result = await initiateAndKeepPayment(ctx, draft, { allowLogicalDuplicate: true });
    if ("refused" in result) {
      const outcome = result.refused;
      const why =
        outcome.kind === "failed"
          ? `${outcome.title}: ${outcome.summary}`
          : outcome.kind === "duplicate"
            ? outcome.message
            : outcome.tppMessages.map((m) => `${m.code} ${m.text ?? ""}`).join("; ");
      return { ok: false, problem: `The bank did not take the payment to ${String(draft.body.creditorName)}: ${why}` };
    }
    await keepForLater(ctx, result.kept);
    ids.push(result.kept.record.id);
  }
  return { ok: true, paymentIds: ids };
}
