import { describe, expect, it } from "vitest";
import { parseInstantPayment, parseNorwegianDomesticPayment } from "./parse-payment-request";

const context = { today: "2025-03-01" };

/** A valid Norwegian domestic payment, changed by `changes` (a member set to undefined is removed). */
function payment(changes: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {
    instructedAmount: { amount: "1250.00", currency: "NOK" },
    creditorName: "Kari Nordmann",
    creditorAccount: { bban: "86011117947", currency: "NOK" },
    creditorAddress: { street: "Storgata 1", buildingNumber: "1", postalCode: "0155", city: "Oslo", country: "NO" },
    debtorAccount: { bban: "12345678903", currency: "NOK" },
    remittanceInformationUnstructured: "Invoice 42",
    requestedExecutionDate: "2025-03-10",
    ...changes,
  };
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

const error = (code: string, path: string | undefined, text: string) =>
  path === undefined ? { category: "ERROR", code, text } : { category: "ERROR", code, path, text };

function errorsOf(body: unknown) {
  const result = parseNorwegianDomesticPayment(body, context);
  expect(result.ok).toBe(false);
  return result.tppMessages;
}

describe("Norwegian domestic credit transfer request (psd2-interface.md)", () => {
  it("parses a valid payment into its typed value, without messages", () => {
    const result = parseNorwegianDomesticPayment(payment(), context);
    expect(result).toEqual({ ok: true, value: payment(), tppMessages: [] });
  });

  it("parses the smallest valid payment: only the required fields", () => {
    const body = payment({
      remittanceInformationUnstructured: undefined,
      requestedExecutionDate: undefined,
      creditorAddress: { country: "NO" },
    });
    expect(parseNorwegianDomesticPayment(body, context).ok).toBe(true);
  });

  it("parses a payment with every optional field", () => {
    const body = payment({
      creditorAgent: "DNBANOKK",
      ultimateDebtor: "Ola Nordmann",
      remittanceInformationUnstructured: undefined,
      remittanceInformationStructuredArray: [{ reference: "79927398713", referenceType: "KID", referenceIssuer: "Kreditor AS" }],
      purposeCode: "SALA",
    });
    expect(parseNorwegianDomesticPayment(body, context)).toMatchObject({ ok: true, tppMessages: [] });
  });

  it("names every missing required field", () => {
    expect(errorsOf({})).toEqual(
      ["instructedAmount", "creditorName", "creditorAccount", "creditorAddress", "debtorAccount"].map((field) =>
        error("FORMAT_ERROR", field, `${field} is required`),
      ),
    );
  });

  it("rejects a body that is not an object", () => {
    expect(errorsOf([])).toEqual([error("FORMAT_ERROR", undefined, "the request body must be a JSON object, not an array")]);
    expect(errorsOf(null)).toEqual([error("FORMAT_ERROR", undefined, "the request body must be a JSON object, not null")]);
    expect(errorsOf("x")).toEqual([error("FORMAT_ERROR", undefined, "the request body must be a JSON object, not a string")]);
  });

  it("rejects wrong types, null included (optional means absent, not null)", () => {
    expect(errorsOf(payment({ creditorName: 42, ultimateDebtor: null, instructedAmount: { amount: 1250, currency: "NOK" } }))).toEqual([
      error("FORMAT_ERROR", "instructedAmount.amount", "instructedAmount.amount must be a string, not a number"),
      error("FORMAT_ERROR", "creditorName", "creditorName must be a string, not a number"),
      error("FORMAT_ERROR", "ultimateDebtor", "ultimateDebtor must be a string, not null"),
    ]);
  });

  it("rejects unknown fields, nested ones too (a misspelt field must not be ignored)", () => {
    expect(
      errorsOf(payment({ requestedExecutionDat: "2025-03-10", creditorAccount: { bban: "86011117947", currency: "NOK", iban: "x" } })),
    ).toEqual([
      error("FORMAT_ERROR", "creditorAccount.iban", "creditorAccount.iban is not a known field; unknown fields are rejected"),
      error("FORMAT_ERROR", "requestedExecutionDat", "requestedExecutionDat is not a known field; unknown fields are rejected"),
    ]);
  });

  describe('lengths (psd2-interface.md "Limits")', () => {
    it.each([
      ["creditorName", 70],
      ["ultimateDebtor", 70],
      ["remittanceInformationUnstructured", 140],
    ])("%s: %i characters pass, one more is rejected", (field, max) => {
      expect(parseNorwegianDomesticPayment(payment({ [field]: "x".repeat(max) }), context).ok).toBe(true);
      expect(errorsOf(payment({ [field]: "x".repeat(max + 1) }))).toEqual([
        error("FORMAT_ERROR", field, `${field} is ${max + 1} characters long; at most ${max} are allowed`),
      ]);
    });

    it.each(["creditorName", "ultimateDebtor", "remittanceInformationUnstructured"])(
      "%s: empty is rejected, 1 character passes",
      (field) => {
        expect(parseNorwegianDomesticPayment(payment({ [field]: "x" }), context).ok).toBe(true);
        expect(errorsOf(payment({ [field]: "" }))).toEqual([
          error("FORMAT_ERROR", field, `${field} is empty; at least 1 character is required`),
        ]);
      },
    );

    it("creditorAddress.street: 70 pass, 71 are rejected", () => {
      expect(parseNorwegianDomesticPayment(payment({ creditorAddress: { street: "s".repeat(70), country: "NO" } }), context).ok).toBe(true);
      expect(errorsOf(payment({ creditorAddress: { street: "s".repeat(71), country: "NO" } }))).toEqual([
        error("FORMAT_ERROR", "creditorAddress.street", "creditorAddress.street is 71 characters long; at most 70 are allowed"),
      ]);
    });

    it("endToEndIdentification (release 1.21.18): 35 characters pass, 36 are rejected; in instant payments too", () => {
      expect(parseNorwegianDomesticPayment(payment({ endToEndIdentification: "e".repeat(35) }), context)).toMatchObject({
        ok: true,
        value: { endToEndIdentification: "e".repeat(35) },
      });
      expect(errorsOf(payment({ endToEndIdentification: "e".repeat(36) }))).toEqual([
        error("FORMAT_ERROR", "endToEndIdentification", "endToEndIdentification is 36 characters long; at most 35 are allowed"),
      ]);
      expect(errorsOf(payment({ endToEndIdentification: "" }))[0]).toMatchObject({ code: "FORMAT_ERROR", path: "endToEndIdentification" });
      expect(parseInstantPayment(payment({ endToEndIdentification: "E2E-STRAKS-1" }), context).ok).toBe(true);
    });

    it("creditorAddress buildingNumber and postalCode hold 16, city 35 (ISO 20022's limits where the spec states none)", () => {
      const address = {
        street: "Storgata",
        buildingNumber: "b".repeat(16),
        postalCode: "p".repeat(16),
        city: "c".repeat(35),
        country: "NO",
      };
      expect(parseNorwegianDomesticPayment(payment({ creditorAddress: address }), context).ok).toBe(true);
      expect(
        errorsOf(
          payment({
            creditorAddress: { ...address, buildingNumber: "b".repeat(17), postalCode: "p".repeat(17), city: "c".repeat(100_000) },
          }),
        ),
      ).toEqual([
        error(
          "FORMAT_ERROR",
          "creditorAddress.buildingNumber",
          "creditorAddress.buildingNumber is 17 characters long; at most 16 are allowed",
        ),
        error("FORMAT_ERROR", "creditorAddress.postalCode", "creditorAddress.postalCode is 17 characters long; at most 16 are allowed"),
        error("FORMAT_ERROR", "creditorAddress.city", "creditorAddress.city is 100000 characters long; at most 35 are allowed"),
      ]);
    });

    it("debtorAccount.other.identification holds 34 characters", () => {
      const other = (identification: string) =>
        payment({ debtorAccount: { currency: "NOK", other: { identification, schemeNameProprietary: "creditCardAccount" } } });
      expect(parseNorwegianDomesticPayment(other("i".repeat(34)), context).ok).toBe(true);
      expect(errorsOf(other("i".repeat(35)))).toEqual([
        error(
          "FORMAT_ERROR",
          "debtorAccount.other.identification",
          "debtorAccount.other.identification is 35 characters long; at most 34 are allowed",
        ),
      ]);
    });

    it("creditorAccount.bban: 31 characters are rejected with the limit, other lengths as not 11 digits", () => {
      expect(errorsOf(payment({ creditorAccount: { bban: "1".repeat(31), currency: "NOK" } }))).toEqual([
        error("FORMAT_ERROR", "creditorAccount.bban", "creditorAccount.bban is 31 characters long; at most 30 are allowed"),
      ]);
      expect(errorsOf(payment({ debtorAccount: { bban: "8601.11.17947", currency: "NOK" } }))).toEqual([
        error(
          "FORMAT_ERROR",
          "debtorAccount.bban",
          "debtorAccount.bban must be a Norwegian account number of 11 digits, without spaces or dots",
        ),
      ]);
    });
  });

  describe("instructedAmount (supplement.md §1)", () => {
    it.each([
      ["1250.0", "NOK", "instructedAmount.amount has 1 fraction digit; NOK amounts have exactly 2 (ISO 4217 minor units)"],
      ["1250.000", "NOK", "instructedAmount.amount has 3 fraction digits; NOK amounts have exactly 2 (ISO 4217 minor units)"],
      ["1250.00", "JPY", "instructedAmount.amount has 2 fraction digits; JPY amounts have none (ISO 4217 minor units)"],
      ["1250.00", "KWD", "instructedAmount.amount has 2 fraction digits; KWD amounts have exactly 3 (ISO 4217 minor units)"],
      ["0.00", "NOK", "instructedAmount.amount must be greater than zero"],
      ["-5.00", "NOK", "instructedAmount.amount must be greater than zero; a payment amount cannot be negative"],
      ["007.00", "NOK", 'instructedAmount.amount must not have leading zeros, e.g. "7.00" rather than "007.00"'],
    ])("rejects %s %s", (amount, currency, text) => {
      expect(errorsOf(payment({ instructedAmount: { amount, currency } }))).toEqual([
        error("FORMAT_ERROR", "instructedAmount.amount", text),
      ]);
    });

    it("accepts each currency's own fraction digits", () => {
      for (const [amount, currency] of [
        ["1250", "JPY"],
        ["1250.000", "KWD"],
        ["0.01", "NOK"],
      ]) {
        expect(parseNorwegianDomesticPayment(payment({ instructedAmount: { amount, currency } }), context).ok).toBe(true);
      }
    });

    it("rejects a currency outside the spec's list, and still checks the amount's form", () => {
      expect(errorsOf(payment({ instructedAmount: { amount: "1,00", currency: "nok" } }))).toEqual([
        error("FORMAT_ERROR", "instructedAmount.currency", "instructedAmount.currency must be upper-case: NOK"),
        error(
          "FORMAT_ERROR",
          "instructedAmount.amount",
          'instructedAmount.amount must not contain ","; "." is the only decimal separator and there is no thousands separator',
        ),
      ]);
    });
  });

  describe("accounts", () => {
    it("takes a card account as debtor through other", () => {
      const debtorAccount = { currency: "NOK", other: { identification: "card-1", schemeNameProprietary: "creditCardAccount" } };
      expect(parseNorwegianDomesticPayment(payment({ debtorAccount }), context).ok).toBe(true);
    });

    it("rejects another schemeNameProprietary", () => {
      const debtorAccount = { currency: "NOK", other: { identification: "card-1", schemeNameProprietary: "IBAN" } };
      expect(errorsOf(payment({ debtorAccount }))).toEqual([
        error(
          "FORMAT_ERROR",
          "debtorAccount.other.schemeNameProprietary",
          "debtorAccount.other.schemeNameProprietary must be creditCardAccount",
        ),
      ]);
    });

    it("rejects a debtorAccount with both bban and other, and with neither", () => {
      const other = { identification: "card-1", schemeNameProprietary: "creditCardAccount" };
      expect(errorsOf(payment({ debtorAccount: { currency: "NOK", bban: "12345678903", other } }))).toEqual([
        error(
          "FORMAT_ERROR",
          "debtorAccount",
          "debtorAccount has both bban and other; exactly one is allowed (bban for an ordinary account, other for a card account)",
        ),
      ]);
      expect(errorsOf(payment({ debtorAccount: { currency: "NOK" } }))).toEqual([
        error(
          "FORMAT_ERROR",
          "debtorAccount",
          "debtorAccount has neither bban nor other; exactly one is required (bban for an ordinary account, other for a card account)",
        ),
      ]);
    });

    it("requires creditorAgent for a currency account, and checks it as a BIC", () => {
      const creditorAccount = { bban: "86011117947", currency: "USD" };
      expect(errorsOf(payment({ creditorAccount }))).toEqual([
        error(
          "FORMAT_ERROR",
          "creditorAgent",
          "creditorAgent is required when the creditor account is a currency account (creditorAccount.currency is USD, not NOK)",
        ),
      ]);
      expect(parseNorwegianDomesticPayment(payment({ creditorAccount, creditorAgent: "DNBANOKKXXX" }), context).ok).toBe(true);
      expect(errorsOf(payment({ creditorAccount, creditorAgent: "DNBANOK" }))).toEqual([
        error("FORMAT_ERROR", "creditorAgent", "creditorAgent is 7 characters long; a BIC has 8 or 11"),
      ]);
    });

    it("checks the address country against the spec's list", () => {
      expect(errorsOf(payment({ creditorAddress: { country: "XK" } }))).toEqual([
        error(
          "FORMAT_ERROR",
          "creditorAddress.country",
          "creditorAddress.country is not one of the interface's country codes (ISO 3166-1 alpha-2, e.g. NO)",
        ),
      ]);
    });
  });

  describe("remittance", () => {
    const kid = (reference: string, referenceType = "KID") => ({
      remittanceInformationUnstructured: undefined,
      remittanceInformationStructuredArray: [{ reference, referenceType }],
    });

    it("rejects unstructured and structured together", () => {
      expect(errorsOf(payment({ remittanceInformationStructuredArray: [{ reference: "67", referenceType: "KID" }] }))).toEqual([
        error(
          "FORMAT_ERROR",
          "remittanceInformationStructuredArray",
          "remittanceInformationStructuredArray must not be sent together with remittanceInformationUnstructured; a payment carries either unstructured or structured remittance",
        ),
      ]);
    });

    it("rejects an empty structured array", () => {
      expect(errorsOf(payment({ remittanceInformationUnstructured: undefined, remittanceInformationStructuredArray: [] }))).toEqual([
        error(
          "FORMAT_ERROR",
          "remittanceInformationStructuredArray",
          "remittanceInformationStructuredArray is empty; at least 1 reference is required",
        ),
      ]);
    });

    it("accepts KIDs of 2 and 25 digits, and a MOD11 KID ending in '-'", () => {
      for (const reference of ["67", "1234567890123456789012340", "6-"]) {
        expect(parseNorwegianDomesticPayment(payment(kid(reference)), context).ok, reference).toBe(true);
      }
    });

    it.each([
      ["0", "is 1 character long; a KID has 2 to 25 digits"],
      ["12345678901234567890123459", "is 26 characters long; a KID has 2 to 25 digits"],
      ["79927398710", "has a wrong check digit: it passes neither the MOD10 (Luhn) nor the MOD11 check"],
      ["7992 7398 713", 'must hold only digits; a MOD11 KID may end in "-" as its check character'],
    ])("answers KID_INVALID for the KID %j", (reference, reason) => {
      const path = "remittanceInformationStructuredArray[0].reference";
      expect(errorsOf(payment(kid(reference)))).toEqual([error("KID_INVALID", path, `${path} ${reason}`)]);
    });

    it("takes OCR, and any case, as a KID type", () => {
      expect(errorsOf(payment(kid("79927398710", "ocr")))[0]?.code).toBe("KID_INVALID");
    });

    it("holds other references to 1 to 35 characters with FORMAT_ERROR", () => {
      const reference = (value: string) => ({
        remittanceInformationUnstructured: undefined,
        remittanceInformationStructuredArray: [
          { reference: "67", referenceType: "KID" },
          { reference: value, referenceType: "SCOR" },
        ],
      });
      expect(parseNorwegianDomesticPayment(payment(reference("r".repeat(35))), context).ok).toBe(true);
      expect(errorsOf(payment(reference("r".repeat(36))))).toEqual([
        error(
          "FORMAT_ERROR",
          "remittanceInformationStructuredArray[1].reference",
          "remittanceInformationStructuredArray[1].reference is 36 characters long; at most 35 are allowed",
        ),
      ]);
      expect(errorsOf(payment(reference("")))[0]?.text).toBe(
        "remittanceInformationStructuredArray[1].reference is empty; at least 1 character is required",
      );
    });

    it("holds referenceType and referenceIssuer to 1 to 35 characters", () => {
      const item = { reference: "67", referenceType: "t".repeat(36), referenceIssuer: "" };
      expect(errorsOf(payment({ remittanceInformationUnstructured: undefined, remittanceInformationStructuredArray: [item] }))).toEqual([
        error(
          "FORMAT_ERROR",
          "remittanceInformationStructuredArray[0].referenceType",
          "remittanceInformationStructuredArray[0].referenceType is 36 characters long; at most 35 are allowed",
        ),
        error(
          "FORMAT_ERROR",
          "remittanceInformationStructuredArray[0].referenceIssuer",
          "remittanceInformationStructuredArray[0].referenceIssuer is empty; at least 1 character is required",
        ),
      ]);
    });

    it("converts the deprecated single item into the array, with a WARNING (supplement.md §5)", () => {
      const item = { reference: "79927398713", referenceType: "KID" };
      const result = parseNorwegianDomesticPayment(
        payment({ remittanceInformationUnstructured: undefined, remittanceInformationStructured: item }),
        context,
      );
      expect(result).toEqual({
        ok: true,
        value: payment({ remittanceInformationUnstructured: undefined, remittanceInformationStructuredArray: [item] }),
        tppMessages: [
          {
            category: "WARNING",
            code: "FORMAT_ERROR",
            path: "remittanceInformationStructured",
            text: "remittanceInformationStructured is deprecated; it was read as a one-element remittanceInformationStructuredArray, which replaces it",
          },
        ],
      });
    });

    it("checks the KID of the deprecated single item and rejects it together with the array", () => {
      const single = { reference: "79927398710", referenceType: "KID" };
      expect(errorsOf(payment({ remittanceInformationUnstructured: undefined, remittanceInformationStructured: single }))).toEqual([
        error(
          "KID_INVALID",
          "remittanceInformationStructured.reference",
          "remittanceInformationStructured.reference has a wrong check digit: it passes neither the MOD10 (Luhn) nor the MOD11 check",
        ),
      ]);
      const valid = { reference: "67", referenceType: "KID" };
      expect(
        errorsOf(
          payment({
            remittanceInformationUnstructured: undefined,
            remittanceInformationStructured: valid,
            remittanceInformationStructuredArray: [valid],
          }),
        ),
      ).toEqual([
        error(
          "FORMAT_ERROR",
          "remittanceInformationStructured",
          "remittanceInformationStructured must not be sent together with remittanceInformationStructuredArray; send only the array (remittanceInformationStructured is deprecated)",
        ),
      ]);
    });
  });

  it("rejects a purpose code outside the spec's list", () => {
    expect(errorsOf(payment({ purposeCode: "GDDS" }))).toEqual([
      error(
        "FORMAT_ERROR",
        "purposeCode",
        "purposeCode must be one of INVS, SALA, IDCP, CASH, CORT, INTC, PENS, SSBE, SUPP, TAXS, TREA, VATX, LOAN, OTHR",
      ),
    ]);
  });

  it("rejects a requestedExecutionDate that is no calendar date", () => {
    expect(errorsOf(payment({ requestedExecutionDate: "2025-02-29" }))).toEqual([
      error("FORMAT_ERROR", "requestedExecutionDate", "requestedExecutionDate is not a calendar date: 2025-02-29 does not exist"),
    ]);
  });

  it("rejects characters outside the BMP anywhere, naming the field (supplement.md §1)", () => {
    expect(errorsOf(payment({ remittanceInformationUnstructured: "Takk for maten 🍕" }))).toEqual([
      error(
        "FORMAT_ERROR",
        "remittanceInformationUnstructured",
        "remittanceInformationUnstructured contains the character U+1F355, which is outside the Basic Multilingual Plane; it cannot be processed downstream",
      ),
    ]);
  });

  it("lists all problems of a body at once", () => {
    const messages = errorsOf(
      payment({
        creditorName: "x".repeat(71),
        instructedAmount: { amount: "1", currency: "NOK" },
        requestedExecutionDate: "2025-02-28",
        purpose: "x",
      }),
    );
    expect(messages.map((message) => [message.code, message.path])).toEqual([
      ["FORMAT_ERROR", "instructedAmount.amount"],
      ["FORMAT_ERROR", "creditorName"],
      ["FORMAT_ERROR", "purpose"],
      ["EXECUTION_DATE_INVALID", "requestedExecutionDate"],
    ]);
  });
});

describe("instant-norwegian-credit-transfers-straks (supplement.md §2, §5)", () => {
  it("takes the Norwegian domestic body", () => {
    expect(parseInstantPayment(payment(), context)).toEqual({ ok: true, value: payment(), tppMessages: [] });
    expect(parseInstantPayment(payment({ creditorName: "" }), context).ok).toBe(false);
  });
});
