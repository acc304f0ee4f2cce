import { describe, expect, it } from "vitest";
import type { PayingAccount, PayingCard } from "@/lib/tpp/payment-form";
import { formatMoney } from "../../format";
import { summarizePayment, type PaymentSummaryInput } from "./summarize-payment";

const accounts: PayingAccount[] = [
  { id: "a1", name: "Brukskonto", bban: "86011117947", iban: undefined, currency: "NOK" },
  { id: "a2", name: undefined, bban: "12345678903", iban: undefined, currency: "NOK" },
];
const cards: PayingCard[] = [{ id: "c1", name: "Visa", maskedPan: "123456******1234", currency: "NOK", paymentReference: "ref" }];

function input(values: Record<string, string>, overrides: Partial<PaymentSummaryInput> = {}): PaymentSummaryInput {
  return {
    product: "norwegian-domestic-credit-transfers",
    kind: "single",
    read: (name) => values[name],
    rowCount: 0,
    accounts,
    cards,
    typedDebtor: false,
    ...overrides,
  };
}

/** The summary as term → value. */
function summary(values: Record<string, string>, overrides: Partial<PaymentSummaryInput> = {}): Record<string, string> {
  return Object.fromEntries(summarizePayment(input(values, overrides)).map((item) => [item.term, item.value]));
}

describe("summarizePayment", () => {
  it("names a single payment's transfer, type, account, recipient, amount and date, in that order", () => {
    const items = summarizePayment(
      input({
        debtor: "account:a1",
        creditorName: "Kari Nordmann",
        "instructedAmount.amount": "1 250,50",
        "instructedAmount.currency": "NOK",
        requestedExecutionDate: "2026-03-02",
      }),
    );
    expect(items.map((item) => item.term)).toEqual(["Transfer", "Type", "From", "To", "Amount", "When"]);
    expect(items.map((item) => item.value)).toEqual([
      "Norwegian transfer",
      "One payment",
      "Brukskonto",
      "Kari Nordmann",
      formatMoney({ amount: "1250.50", currency: "NOK" }),
      "2 Mar 2026",
    ]);
  });

  it("shows a dash for what is not there yet, a half-typed amount among it, and 'As soon as possible' without a date", () => {
    expect(summary({ "instructedAmount.amount": "12,3456", "instructedAmount.currency": "NOK" })).toMatchObject({
      From: "–",
      To: "–",
      Amount: "–",
      When: "As soon as possible",
    });
  });

  it("names the account paid from by its number when it has no name, and a card by its name and number", () => {
    expect(summary({ debtor: "account:a2" }).From).toBe("1234 56 78903");
    expect(summary({ debtor: "card:c1" }).From).toBe("Visa 1234 56** **** 1234");
    expect(summary({ debtor: "card:unknown" }).From).toBe("–");
  });

  it("names a written account by the product's kind of number", () => {
    const values = { "debtorAccount.bban": "86011117947", "debtorAccount.iban": "NO9386011117947" };
    expect(summary(values, { typedDebtor: true }).From).toBe("86011117947");
    expect(summary(values, { typedDebtor: true, product: "sepa-credit-transfers" }).From).toBe("NO9386011117947");
  });

  it("tells a periodic payment's frequency and first date", () => {
    expect(summary({ frequency: "Monthly", startDate: "2026-04-01" }, { kind: "periodic" }).When).toBe("Every month, from 1 Apr 2026");
    expect(summary({}, { kind: "periodic" }).When).toBe("Repeating");
  });

  it("sums a bulk by currency and counts the payments without a valid amount (NOK 12 lacks its two decimals)", () => {
    const values = {
      "payments[0].instructedAmount.amount": "100,00",
      "payments[0].instructedAmount.currency": "NOK",
      "payments[1].instructedAmount.amount": "50,25",
      "payments[1].instructedAmount.currency": "NOK",
      "payments[2].instructedAmount.amount": "10.00",
      "payments[2].instructedAmount.currency": "EUR",
      "payments[3].instructedAmount.amount": "12",
      "payments[3].instructedAmount.currency": "NOK",
    };
    const items = summarizePayment(input(values, { kind: "bulk", rowCount: 4 }));
    expect(items.map((item) => item.term)).toEqual(["Transfer", "Type", "From", "Totals", "Payments", "When"]);
    const byTerm = Object.fromEntries(items.map((item) => [item.term, item.value]));
    expect(byTerm.Totals).toBe(
      `${formatMoney({ amount: "150.25", currency: "NOK" })} + ${formatMoney({ amount: "10.00", currency: "EUR" })}`,
    );
    expect(byTerm.Payments).toBe("4 (1 without a valid amount yet)");
    expect(byTerm.Type).toBe("Bulk payment");
  });

  it("says Total, and a dash, for a bulk with one currency or none yet", () => {
    expect(summary({}, { kind: "bulk", rowCount: 1 })).toMatchObject({ Total: "–", Payments: "1 (1 without a valid amount yet)" });
  });
});
