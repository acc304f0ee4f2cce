/**
 * The presenter view's story for stakeholder demos, in order: connect a bank, read accounts, pay
 * a bill with its KID, sign three payments together, end of day, one rejected for lack of funds,
 * and the app reading while the customer is away.
 * Pure: the steps' words and the three payments of the basket step.
 */
import { createNorwegianBban } from "../../psd2/validation";
import type { BankAccount, Balance } from "../ais/ais-types";
import type { PaymentDraft } from "../payment-form/payment-form-types";

export const DEMO_STORY_STEPS = [
  {
    id: "connect",
    title: "Connect a bank",
    story:
      "The customer logs in at the bank (not here), chooses which accounts this app may read, and comes back. The app never sees the bank's login.",
    hint: "At the bank: national identity number 13039319955 (Ingrid Marie Haugen), tick her accounts and the card, Confirm.",
    button: "Log in at the bank",
  },
  {
    id: "accounts",
    title: "Read accounts",
    story:
      "Balances and transactions come straight from the bank with the consent just given; every call is signed by this app's certificate.",
    hint: "Open an account for its balance chart and 13 months of transactions.",
    button: "Open the accounts",
  },
  {
    id: "bill",
    title: "Pay a bill with KID",
    story:
      "An invoice paid with its KID, the Norwegian payment reference; the bank checks the KID's check digit and that the recipient requires one.",
    hint: "The form opens filled in: choose the account to pay from, Continue to approve, then Log in and Approve at the bank.",
    button: "Open the filled-in bill",
  },
  {
    id: "basket",
    title: "Sign three payments together",
    story: "Three payments wait at the bank; one approval (a signing basket) signs all three. The third asks more than its account holds.",
    hint: "The three are ticked on the Payments page: Sign together, then Approve at the bank.",
    button: "Prepare three payments",
  },
  {
    id: "end-of-day",
    title: "End of day",
    story:
      "The bank's clock moves to its next payment run (06:00, 09:00, 12:00, 15:00 or 19:00 in Oslo) and runs it: approved payments are paid, one by one.",
    hint: "The basket's page follows each payment's status without a reload.",
    button: "Run the end of day",
  },
  {
    id: "rejected",
    title: "One rejected for lack of funds",
    story:
      "A basket is not all-or-nothing: two payments are paid, the one without funds is rejected, and the basket's status is the worst of its payments.",
    hint: "Open the rejected payment for the bank's fundsAvailable: false in plain words.",
    button: "Show the rejected payment",
  },
  {
    id: "away",
    title: "Read while the customer is away",
    story:
      "Without the customer, the app reads balances and new transactions a few times a day: the bank allows 4 such reads per account and kind in 24 hours, and only for 180 days after the customer last approved at the bank.",
    hint: "Press it five times: the fifth read of an account is not sent, and the overview says when the next is free. Then jump 170 days: the overview warns that reading without the customer ends soon, with a Renew.",
    button: "Read without the customer",
  },
] as const;

export type DemoStepId = (typeof DEMO_STORY_STEPS)[number]["id"];

// Recipients outside the sandbox bank, with valid Norwegian account numbers (MOD11).
const RECIPIENTS = [
  { name: "Fjordkraft AS", bban: createNorwegianBban("1503", "21", "1234"), message: "Strøm oktober", amount: "1245.00" },
  { name: "Bergen Bysykkel AS", bban: createNorwegianBban("1506", "34", "5678"), message: "Årskort", amount: "599.00" },
  { name: "Nordvik Bil AS", bban: createNorwegianBban("1594", "22", "8765"), message: "Forskudd bil" },
] as const;

const ADDRESS = { street: "Kongens gate", buildingNumber: "1", postalCode: "0153", city: "Oslo", country: "NO" } as const;

/** What the account can pay now: its interimAvailable (or expected) balance, as a whole number of kroner rounded up. */
function availableWholeUnits(balances: readonly Balance[]): number {
  const balance = balances.find((b) => b.type === "interimAvailable") ?? balances.find((b) => b.type === "expected") ?? balances[0];
  return balance === undefined ? 0 : Math.max(0, Math.ceil(Number(balance.amount.amount)));
}

/**
 * The three payments of the basket step: two from the main account, and one from a second
 * account for NOK 5,000 more than it holds, which the bank will reject at its payment run
 * (fundsAvailable false) while it pays the other two. Undefined without two NOK accounts.
 */
export function basketStoryPayments(accounts: readonly BankAccount[]): PaymentDraft[] | undefined {
  const nok = accounts.filter(
    (account) => account.currency === "NOK" && account.bban !== undefined && (account.status === undefined || account.status === "enabled"),
  );
  const main = nok.find((account) => account.cashAccountType === "CACC") ?? nok[0];
  const second = nok.find((account) => account !== main);
  if (main === undefined || second === undefined) return undefined;
  const shortAmount = `${availableWholeUnits(second.balances ?? []) + 5000}.00`;
  const plan = [
    { account: main, recipient: RECIPIENTS[0], amount: RECIPIENTS[0].amount },
    { account: main, recipient: RECIPIENTS[1], amount: RECIPIENTS[1].amount },
    { account: second, recipient: RECIPIENTS[2], amount: shortAmount },
  ];
  return plan.map(({ account, recipient, amount }) => ({
    service: "payments",
    product: "norwegian-domestic-credit-transfers",
    payer: { kind: "psu-id" },
    debtor: { accountId: account.id, label: account.name ?? account.bban ?? account.id },
    body: {
      instructedAmount: { currency: "NOK", amount },
      creditorName: recipient.name,
      creditorAccount: { bban: recipient.bban, currency: "NOK" },
      creditorAddress: { ...ADDRESS },
      debtorAccount: { bban: account.bban, currency: "NOK" },
      remittanceInformationUnstructured: recipient.message,
    },
  }));
}
