import { validateAmount } from "@/lib/psd2/validation";
import type { PaymentProduct } from "@/lib/psd2/schemas";
import {
  FREQUENCY_CHOICES,
  KIND_CHOICES,
  PRODUCT_CHOICES,
  isNorwegianProduct,
  sumAmountsByCurrency,
  type PayingAccount,
  type PayingCard,
  type PaymentKind,
} from "@/lib/tpp/payment-form";
import { formatBban, formatDate, formatMaskedPan, formatMoney } from "../../format";
import { normalizedAmount, type ReadField } from "./read-field";

/** One line of the summary: "Amount", "1 250,00 NOK". */
export interface SummaryItem {
  readonly term: string;
  readonly value: string;
}

export interface PaymentSummaryInput {
  readonly product: PaymentProduct;
  readonly kind: PaymentKind;
  readonly read: ReadField;
  /** The bulk's number of payments. */
  readonly rowCount: number;
  readonly accounts: readonly PayingAccount[];
  readonly cards: readonly PayingCard[];
  /** The PSU writes the account paid from (no account is shared with the app). */
  readonly typedDebtor: boolean;
}

/** A valid amount formatted; undefined while it is not one (a half-typed amount is not shown as money). */
function money(amount: string | undefined, currency: string | undefined): string | undefined {
  if (amount === undefined || currency === undefined || validateAmount(amount, currency) !== undefined) return undefined;
  try {
    return formatMoney({ amount, currency });
  } catch {
    return `${currency} ${amount}`;
  }
}

/** The account or card paid from, as the summary names it; "–" while none is chosen. */
function fromText({ product, read, accounts, cards, typedDebtor }: PaymentSummaryInput): string {
  if (typedDebtor) return read(isNorwegianProduct(product) ? "debtorAccount.bban" : "debtorAccount.iban") ?? "–";
  const debtor = read("debtor");
  if (debtor?.startsWith("card:") === true) {
    const card = cards.find((candidate) => `card:${candidate.id}` === debtor);
    return card === undefined ? "–" : `${card.name ?? "Card"} ${formatMaskedPan(card.maskedPan)}`;
  }
  const account = accounts.find((candidate) => `account:${candidate.id}` === debtor);
  return account === undefined ? "–" : (account.name ?? formatBban(account.bban));
}

/** When the payment is paid: its date, or a standing order's frequency and first date. */
function whenText(kind: PaymentKind, read: ReadField): string {
  if (kind === "periodic") {
    const frequency = FREQUENCY_CHOICES.find((choice) => choice.value === read("frequency"))?.label;
    const start = read("startDate");
    return `${frequency ?? "Repeating"}${start === undefined ? "" : `, from ${formatDate(start)}`}`;
  }
  const date = read("requestedExecutionDate");
  return date === undefined ? "As soon as possible" : formatDate(date);
}

/** The bulk's total in each currency, and its number of payments with those not counted yet. */
function bulkItems(read: ReadField, rowCount: number): SummaryItem[] {
  const rows = Array.from({ length: rowCount }, (_, index) => ({
    amount: normalizedAmount(read(`payments[${index}].instructedAmount.amount`)),
    currency: read(`payments[${index}].instructedAmount.currency`),
  }));
  const { totals, skipped } = sumAmountsByCurrency(rows);
  return [
    {
      term: totals.length > 1 ? "Totals" : "Total",
      value: totals.length === 0 ? "–" : totals.map((total) => money(total.amount, total.currency) ?? "").join(" + "),
    },
    { term: "Payments", value: `${rowCount}${skipped > 0 ? ` (${skipped} without a valid amount yet)` : ""}` },
  ];
}

/** What the payment form describes so far, in a few words: transfer, type, from, to and amount (or a bulk's totals), when. */
export function summarizePayment(input: PaymentSummaryInput): SummaryItem[] {
  const { product, kind, read } = input;
  return [
    { term: "Transfer", value: PRODUCT_CHOICES.find((choice) => choice.value === product)?.title ?? product },
    { term: "Type", value: KIND_CHOICES.find((choice) => choice.value === kind)?.title ?? kind },
    { term: "From", value: fromText(input) },
    ...(kind === "bulk"
      ? bulkItems(read, input.rowCount)
      : [
          { term: "To", value: read("creditorName") ?? "–" },
          { term: "Amount", value: money(normalizedAmount(read("instructedAmount.amount")), read("instructedAmount.currency")) ?? "–" },
        ]),
    { term: "When", value: whenText(kind, read) },
  ];
}
