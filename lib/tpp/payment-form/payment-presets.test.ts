import { describe, expect, it } from "vitest";
import { buildPaymentDraft } from "./build-payment-draft";
import { findPaymentPreset, PAYMENT_PRESETS } from "./payment-presets";

describe("payment presets", () => {
  it("each preset, with an account to pay from, is a payment lib/psd2 accepts", () => {
    for (const preset of Object.values(PAYMENT_PRESETS)) {
      const result = buildPaymentDraft(
        { ...preset.values, debtor: "account:a1", payer: "psu-id" },
        {
          today: "2026-11-25",
          accounts: [{ id: "a1", name: "Brukskonto", bban: "38001574202", iban: "NO3038001574202", currency: "NOK" }],
          cards: [],
          corporate: false,
          hasPsuId: true,
        },
      );
      expect(result.ok, JSON.stringify(result)).toBe(true);
    }
  });

  it("the KID bill carries a KID with a valid check digit, and no message", () => {
    const result = buildPaymentDraft(
      { ...PAYMENT_PRESETS["kid-bill"].values, debtor: "account:a1", payer: "psu-id" },
      {
        today: "2026-11-25",
        accounts: [{ id: "a1", name: "Brukskonto", bban: "38001574202", iban: "NO3038001574202", currency: "NOK" }],
        cards: [],
        corporate: false,
        hasPsuId: true,
      },
    );
    expect(result.ok && result.draft.body).toMatchObject({
      remittanceInformationStructuredArray: [{ reference: expect.stringMatching(/^\d{9}$/), referenceType: "KID" }],
    });
    expect(result.ok && "remittanceInformationUnstructured" in result.draft.body).toBe(false);
  });

  it("knows only its own names", () => {
    expect(findPaymentPreset("kid-bill")?.title).toBe("An invoice paid with its KID");
    expect(findPaymentPreset("toString")).toBeUndefined();
    expect(findPaymentPreset(undefined)).toBeUndefined();
  });
});
