import { describe, expect, it } from "vitest";
import { parsePaymentRequest } from "../../psd2/schemas";
import type { BankAccount } from "../ais/ais-types";
import { basketStoryPayments, DEMO_STORY_STEPS } from "./demo-story";

function account(id: string, name: string, bban: string, available: string, cashAccountType = "CACC"): BankAccount {
  return {
    id,
    name,
    bban,
    iban: undefined,
    bic: undefined,
    currency: "NOK",
    product: name,
    cashAccountType,
    status: "enabled",
    usage: "PRIV",
    ownerName: "Ingrid Marie Haugen",
    balances: [
      {
        type: "interimAvailable",
        amount: { amount: available, currency: "NOK" },
        referenceDate: undefined,
        lastChangeDateTime: undefined,
        creditLimitIncluded: undefined,
      },
    ],
  };
}

describe("the presenter's story", () => {
  it("tells the seven steps in order", () => {
    expect(DEMO_STORY_STEPS.map((step) => step.title)).toEqual([
      "Connect a bank",
      "Read accounts",
      "Pay a bill with KID",
      "Sign three payments together",
      "End of day",
      "One rejected for lack of funds",
      "Read while the customer is away",
    ]);
  });

  it("prepares three valid domestic payments: two from the current account, one above the second account's funds", () => {
    const drafts = basketStoryPayments([
      account("s", "Sparekonto", "38009589705", "10500.30", "SVGS"),
      account("b", "Brukskonto", "38001574202", "25000.00"),
    ]);
    expect(drafts).toHaveLength(3);
    expect(drafts?.map((draft) => draft.debtor.accountId)).toEqual(["b", "b", "s"]);
    expect(drafts?.[2]?.body).toMatchObject({
      instructedAmount: { amount: "15501.00", currency: "NOK" },
      debtorAccount: { bban: "38009589705" },
    });
    for (const draft of drafts ?? [])
      expect(parsePaymentRequest(draft.service, draft.product, draft.body, { today: "2026-11-25" }).ok).toBe(true);
  });

  it("needs two NOK accounts", () => {
    expect(basketStoryPayments([account("b", "Brukskonto", "38001574202", "25000.00")])).toBeUndefined();
  });
});
