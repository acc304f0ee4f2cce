import { describe, expect, it } from "vitest";
import { validateCreditorAgentPresence } from "./validate-creditor-agent";
import { validateDebtorAccountChoice } from "./validate-debtor-account-choice";
import { validateRemittanceChoice } from "./validate-remittance-choice";

describe('validateRemittanceChoice (psd2-interface.md "Norwegian domestic credit transfer request", Rule)', () => {
  const text = "Invoice 42";
  const item = { reference: "67", referenceType: "KID" };
  const NOT_BOTH =
    "must not be sent together with remittanceInformationUnstructured; a payment carries either unstructured or structured remittance";

  it("accepts none, text only, array only, deprecated single only", () => {
    expect(validateRemittanceChoice({})).toEqual([]);
    expect(validateRemittanceChoice({ remittanceInformationUnstructured: text })).toEqual([]);
    expect(validateRemittanceChoice({ remittanceInformationStructuredArray: [item] })).toEqual([]);
    expect(validateRemittanceChoice({ remittanceInformationStructured: item })).toEqual([]);
  });

  it("rejects text with the array, naming the array", () => {
    expect(validateRemittanceChoice({ remittanceInformationUnstructured: text, remittanceInformationStructuredArray: [item] })).toEqual([
      { code: "FORMAT_ERROR", path: ["remittanceInformationStructuredArray"], reason: NOT_BOTH },
    ]);
  });

  it("rejects text with the deprecated single item", () => {
    expect(validateRemittanceChoice({ remittanceInformationUnstructured: text, remittanceInformationStructured: item })).toEqual([
      { code: "FORMAT_ERROR", path: ["remittanceInformationStructured"], reason: NOT_BOTH },
    ]);
  });

  it("rejects the deprecated single item with the array that replaces it", () => {
    expect(validateRemittanceChoice({ remittanceInformationStructured: item, remittanceInformationStructuredArray: [item] })).toEqual([
      {
        code: "FORMAT_ERROR",
        path: ["remittanceInformationStructured"],
        reason:
          "must not be sent together with remittanceInformationStructuredArray; send only the array (remittanceInformationStructured is deprecated)",
      },
    ]);
  });
});

describe("validateDebtorAccountChoice", () => {
  const other = { identification: "1234", schemeNameProprietary: "creditCardAccount" };

  it("accepts exactly one of bban and other", () => {
    expect(validateDebtorAccountChoice({ bban: "12345678903" })).toBeUndefined();
    expect(validateDebtorAccountChoice({ other })).toBeUndefined();
  });

  it("rejects both and neither", () => {
    expect(validateDebtorAccountChoice({ bban: "12345678903", other })).toEqual({
      code: "FORMAT_ERROR",
      reason: "has both bban and other; exactly one is allowed (bban for an ordinary account, other for a card account)",
    });
    expect(validateDebtorAccountChoice({})).toEqual({
      code: "FORMAT_ERROR",
      reason: "has neither bban nor other; exactly one is required (bban for an ordinary account, other for a card account)",
    });
  });
});

describe("validateCreditorAgentPresence", () => {
  it("does not require creditorAgent for a NOK account", () => {
    expect(validateCreditorAgentPresence({ creditorAccount: { currency: "NOK" } })).toEqual([]);
  });

  it("requires creditorAgent for a currency account", () => {
    expect(validateCreditorAgentPresence({ creditorAccount: { currency: "USD" } })).toEqual([
      {
        code: "FORMAT_ERROR",
        path: ["creditorAgent"],
        reason: "is required when the creditor account is a currency account (creditorAccount.currency is USD, not NOK)",
      },
    ]);
    expect(validateCreditorAgentPresence({ creditorAgent: "DNBANOKK", creditorAccount: { currency: "USD" } })).toEqual([]);
  });
});
