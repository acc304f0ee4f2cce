import { addAmounts } from "../../repositories/money";
import { html, type SafeHtml } from "../../web/html";
import { journeyActions, journeyFormFields, type JourneyPageFrame, renderJourneyPage } from "./render-journey-page";

export type ApprovalAmount = { amount: string; currency: string };

/** One credit transfer as the PSU sees it. */
export type ApprovalTransfer = {
  creditorName: string;
  /** The formatted account number (BBAN in groups, or the IBAN). */
  creditorAccount: string;
  amount: ApprovalAmount;
  /** What the debtor account is debited, when it is in another currency than the amount. */
  debit?: ApprovalAmount;
  /** The message or KID. */
  remittance?: string;
};

/** One payment on the approval page: what dynamic linking shows the PSU before the approval. */
export type ApprovalPayment = {
  /** "Domestic transfer", "SEPA credit transfer", "Instant payment (straks)", with "periodic" or "bulk". */
  kind: string;
  from: { name: string; number: string };
  transfers: readonly ApprovalTransfer[];
  /** The payment's total (a bulk's sum), in the instructed currency. */
  total: ApprovalAmount;
  fee?: ApprovalAmount;
  /** When it is paid, in words: "Today, Saturday 10 January 2026", or the schedule of a periodic payment. */
  when: string;
  /** Periodic payments: how often, and until when. */
  repeats?: string;
  /** Why it cannot be approved (e.g. cancelled meanwhile, or not reachable in this context). */
  blocked?: string;
};

export type PaymentApprovalPageInput = {
  bankName: string;
  formAction: string;
  token: string;
  tppName: string;
  requester: JourneyPageFrame["requester"];
  steps: JourneyPageFrame["steps"];
  /** Who is logged in and in which context, e.g. "Ingrid Marie Haugen, private". */
  actingAs: string;
  payments: readonly ApprovalPayment[];
  /** A signing basket: every payment is approved with this one approval. */
  basket: boolean;
  error?: string;
};

function isDecimal(value: string): value is `${number}` {
  return /^-?[0-9]+(\.[0-9]+)?$/.test(value);
}

/** An amount as "NOK 1,250.00" (exact: the decimal string is formatted as it is). */
export function formatApprovalAmount({ amount, currency }: ApprovalAmount): string {
  if (!isDecimal(amount)) return `${currency} ${amount}`;
  return new Intl.NumberFormat("en-GB", { style: "currency", currency, currencyDisplay: "code" }).format(amount).replace(/\u00a0/g, " ");
}

/** The sum per currency of amounts, for the totals of a basket (exact). */
function totalsOf(amounts: readonly ApprovalAmount[]): ApprovalAmount[] {
  const byCurrency = new Map<string, string[]>();
  for (const { amount, currency } of amounts) byCurrency.set(currency, [...(byCurrency.get(currency) ?? []), amount]);
  return [...byCurrency].map(([currency, list]) => ({ currency, amount: addAmounts(currency, ...list) }));
}

function transferRows(payment: ApprovalPayment): SafeHtml {
  if (payment.transfers.length === 1) {
    const [transfer] = payment.transfers;
    if (!transfer) return html``;
    return html`<tr><th scope="row">To</th><td>${transfer.creditorName}<span class="sub">${transfer.creditorAccount}</span></td></tr>
${transfer.remittance ? html`<tr><th scope="row">Message</th><td>${transfer.remittance}</td></tr>` : ""}
${transfer.debit ? html`<tr><th scope="row">Debited</th><td>${formatApprovalAmount(transfer.debit)} <span class="sub">at the sandbox exchange rate</span></td></tr>` : ""}`;
  }
  return html`<tr><th scope="row">To</th><td><ul class="transfers">${payment.transfers.map(
    (transfer) =>
      html`<li><span class="transfer-head"><span>${transfer.creditorName}</span><span class="transfer-amount">${formatApprovalAmount(transfer.amount)}</span></span><span class="sub">${transfer.creditorAccount}${transfer.remittance ? html` · ${transfer.remittance}` : ""}</span></li>`,
  )}</ul></td></tr>`;
}

function paymentCard(payment: ApprovalPayment, index: number, count: number): SafeHtml {
  const [first] = payment.transfers;
  const heading = payment.transfers.length === 1 && first ? first.creditorName : `${payment.transfers.length} transfers`;
  return html`<article class="payment-card${payment.blocked ? " blocked" : ""}" aria-labelledby="payment-${index}-title">
<header class="payment-head">
  <div><p class="payment-kind">${count > 1 ? html`<span class="visually-hidden">Payment ${index + 1} of ${count}: </span>` : ""}${payment.kind}</p><h2 id="payment-${index}-title">${heading}</h2></div>
  <p class="amount">${formatApprovalAmount(payment.total)}</p>
</header>
${payment.blocked ? html`<p class="alert error">${payment.blocked}</p>` : ""}
<table class="summary">
<tr><th scope="row">From</th><td>${payment.from.name}<span class="sub">${payment.from.number}</span></td></tr>
${transferRows(payment)}
<tr><th scope="row">${payment.repeats ? "First payment" : "Date"}</th><td>${payment.when}</td></tr>
${payment.repeats ? html`<tr><th scope="row">Repeats</th><td>${payment.repeats}</td></tr>` : ""}
<tr><th scope="row">Fee</th><td>${payment.fee ? formatApprovalAmount(payment.fee) : "None"}</td></tr>
</table>
</article>`;
}

/**
 * The payment approval page (dynamic linking): every payment with its payer account, creditor,
 * amount, fee and date, and, for a signing basket, the total per currency; "Approve" signs
 * exactly these, "Cancel" refuses them.
 *
 * @see docs/interface/authentication.md#sca-by-redirect, docs/interface/authentication.md#session-hour; docs/interface/payments.md#payments-in-the-sandbox, docs/interface/signing-baskets.md#rules-in-the-sandbox, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export function renderPaymentApprovalPage(input: PaymentApprovalPageInput): string {
  const { payments } = input;
  const approvable = payments.some((payment) => !payment.blocked);
  const totals = totalsOf(payments.filter((payment) => !payment.blocked).map((payment) => payment.total));
  const fees = totalsOf(payments.flatMap((payment) => (payment.fee && !payment.blocked ? [payment.fee] : [])));
  const emptyBasket = input.basket && payments.length === 0;
  const title = emptyBasket
    ? "Nothing to approve"
    : input.basket
      ? `Approve ${payments.length} payment${payments.length === 1 ? "" : "s"}`
      : "Approve payment";
  return renderJourneyPage({
    bankName: input.bankName,
    title,
    requester: input.requester,
    steps: input.steps,
    wide: input.basket,
    body: html`<p class="lead">${
      emptyBasket
        ? html`Logged in as ${input.actingAs}. ${input.tppName} deleted this signing basket: none of its payments waits for your approval here. Cancel to go back.`
        : html`Logged in as ${input.actingAs}. Check ${payments.length === 1 ? "the payment" : "each payment"}: approving signs exactly ${payments.length === 1 ? "this payment" : "these payments"} for ${input.tppName}.`
    }</p>
${input.error ? html`<div class="alert error" role="alert">${input.error}</div>` : ""}
<div class="payments">
${payments.map((payment, index) => paymentCard(payment, index, payments.length))}
</div>
${
  input.basket && totals.length > 0
    ? html`<table class="summary totals" aria-label="Totals">
${totals.map((total) => html`<tr><th scope="row">Total ${total.currency}</th><td>${formatApprovalAmount(total)}</td></tr>`)}
${fees.map((fee) => html`<tr><th scope="row">Fees</th><td>${formatApprovalAmount(fee)}</td></tr>`)}
</table>`
    : ""
}
<form method="post" action="${input.formAction}">
${journeyFormFields(input.token, "purpose")}
${
  approvable
    ? journeyActions({ label: "Approve", action: "confirm" })
    : html`<div class="actions"><button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Cancel</button></div>`
}
</form>`,
  });
}
