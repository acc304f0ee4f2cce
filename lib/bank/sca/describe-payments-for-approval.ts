import type { Executor } from "../db/open-bank-database";
import type { PaymentEntryRecord } from "../db/schema";
import { createAccountsRepository } from "../repositories/accounts-repository";
import type { PaymentRow } from "../repositories/payments-repository";
import type { PsuContextChoice } from "../services/account-information/account-scope";
import { reachesDebtorAccount } from "../services/payments/resolve-debtor-account";
import { isRecord } from "../../psd2/validation/is-record";
import { formatBban } from "./format-account-number";
import type { ApprovalPayment, ApprovalTransfer } from "./pages/render-payment-approval-page";

const PRODUCT_LABELS: Record<PaymentRow["product"], string> = {
  "norwegian-domestic-credit-transfers": "domestic transfer",
  "sepa-credit-transfers": "SEPA credit transfer",
  "instant-norwegian-credit-transfers-straks": "instant payment (straks)",
};

const FREQUENCY_LABELS: Record<NonNullable<PaymentRow["schedule"]>["frequency"], string> = {
  Daily: "Every business day",
  Weekly: "Every week",
  EveryTwoWeeks: "Every two weeks",
  Monthly: "Every month",
  EveryTwoMonths: "Every two months",
  Quarterly: "Every quarter",
  SemiAnnual: "Every six months",
  Annual: "Every year",
  MonthlyVariable: "In chosen months",
};

const STATUS_TEXTS: Partial<Record<PaymentRow["status"], string>> = {
  CANC: "This payment was cancelled and cannot be approved.",
  RJCT: "This payment was rejected and cannot be approved.",
};

const dateFormat = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const monthFormat = new Intl.DateTimeFormat("en-GB", { month: "long", timeZone: "UTC" });

/** A date (YYYY-MM-DD) in words: "Monday 12 January 2026". */
function formatDate(date: string): string {
  return dateFormat.format(new Date(`${date}T00:00:00Z`));
}

/** An IBAN in groups of four, as printed. */
function formatIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, "$1 ");
}

function sentDate(payment: PaymentRow): boolean {
  return typeof payment.request.requestedExecutionDate === "string";
}

/** Whether the payment's debtor is a card account (debtorAccount.other). */
function isCardPayment(payment: PaymentRow): boolean {
  return isRecord(payment.request.debtorAccount) && payment.request.debtorAccount.other !== undefined;
}

function transferOf(entry: PaymentEntryRecord, debitCurrency: string): ApprovalTransfer {
  const account =
    entry.creditorAccount.bban !== undefined ? formatBban(entry.creditorAccount.bban) : formatIban(entry.creditorAccount.iban ?? "");
  const reference = entry.remittanceStructured?.[0];
  const remittance =
    entry.remittanceUnstructured ?? (reference ? `${reference.referenceType ?? "Reference"} ${reference.reference}` : undefined);
  return {
    creditorName: entry.creditorName,
    creditorAccount: account,
    amount: { amount: entry.amount, currency: entry.currency },
    ...(entry.currency === debitCurrency ? {} : { debit: { amount: entry.debitAmount, currency: debitCurrency } }),
    ...(remittance === undefined ? {} : { remittance }),
  };
}

function whenOf(payment: PaymentRow): { when: string; repeats?: string } {
  const { schedule } = payment;
  if (schedule) {
    const months =
      schedule.frequency === "MonthlyVariable" && schedule.monthsOfExecution
        ? ` (${schedule.monthsOfExecution.map((month) => monthFormat.format(new Date(Date.UTC(2000, Number(month) - 1, 1)))).join(", ")})`
        : "";
    return {
      when: formatDate(payment.executionDate),
      repeats: `${FREQUENCY_LABELS[schedule.frequency]}${months}, ${schedule.endDate ? `until ${formatDate(schedule.endDate)}` : "until you stop it"}`,
    };
  }
  if (sentDate(payment)) return { when: formatDate(payment.executionDate) };
  const soon = payment.product === "instant-norwegian-credit-transfers-straks" ? "Immediately" : "As soon as possible";
  return { when: `${soon} (${formatDate(payment.executionDate)})` };
}

/**
 * What the approval page shows of each payment (dynamic linking): the payer account, the
 * creditors, the amounts, the fee and the date, and why a payment cannot be approved (no longer
 * awaiting approval, or its account not reachable in the context the PSU chose).
 *
 * @see docs/interface/payments.md#payments-in-the-sandbox ("SCA on a payment is always dynamic-linking"), docs/interface/signing-baskets.md#rules-in-the-sandbox, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export async function describePaymentsForApproval(
  db: Executor,
  payments: readonly PaymentRow[],
  approver: { customerId: string; choice: PsuContextChoice },
): Promise<ApprovalPayment[]> {
  const accounts = createAccountsRepository(db);
  const described: ApprovalPayment[] = [];
  for (const payment of payments) {
    const account = await accounts.findById(payment.debtorAccountId);
    const kind = `${payment.service === "periodic-payments" ? "Periodic " : payment.service === "bulk-payments" ? "Bulk " : ""}${PRODUCT_LABELS[payment.product]}`;
    const reachable = await reachesDebtorAccount(db, approver.customerId, approver.choice, {
      kind: isCardPayment(payment) ? "card" : "bban",
      accountId: payment.debtorAccountId,
    });
    const acting = approver.choice.context === "CORPORATE" ? `for ${approver.choice.agreement.name}` : "privately";
    const blocked =
      payment.status !== "RCVD"
        ? (STATUS_TEXTS[payment.status] ?? "This payment is already approved.")
        : reachable
          ? undefined
          : `You cannot pay from this account when you act ${acting}. Cancel, and start again from the service you came from.`;
    described.push({
      kind: kind.charAt(0).toUpperCase() + kind.slice(1),
      from: account
        ? { name: `${account.name}${isCardPayment(payment) ? " (card account)" : ""}`, number: formatBban(account.bban) }
        : { name: "Unknown account", number: "" },
      transfers: payment.entries.map((entry) => transferOf(entry, payment.debitCurrency)),
      total: { amount: payment.amount, currency: payment.currency },
      ...(payment.feeAmount === null ? {} : { fee: { amount: payment.feeAmount, currency: payment.debitCurrency } }),
      ...whenOf(payment),
      ...(blocked ? { blocked } : {}),
    });
  }
  return described;
}
