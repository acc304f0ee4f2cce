import { describe, expect, it } from "vitest";
import { parseBulkNorwegianDomesticPayment, parseBulkSepaPayment } from "./parse-payment-request";

const context = { today: "2025-03-01" };

const entry = (changes: Record<string, unknown> = {}) => ({
  instructedAmount: { amount: "100.00", currency: "NOK" },
  creditorName: "Kari Nordmann",
  creditorAccount: { bban: "86011117947", currency: "NOK" },
  creditorAddress: { country: "NO" },
  ...changes,
});

const bulk = (changes: Record<string, unknown> = {}) => ({
  batchBookingPreferred: true,
  debtorAccount: { bban: "12345678903", currency: "NOK" },
  requestedExecutionDate: "2025-03-05",
  payments: [entry(), entry({ creditorName: "Ola Nordmann" })],
  ...changes,
});

const error = (code: string, path: string, text: string) => ({ category: "ERROR", code, path, text });

function errorsOf(body: unknown) {
  const result = parseBulkNorwegianDomesticPayment(body, context);
  expect(result.ok).toBe(false);
  return result.tppMessages;
}

describe("bulk payments (supplement.md §2)", () => {
  it("parses a valid bulk", () => {
    expect(parseBulkNorwegianDomesticPayment(bulk(), context)).toEqual({ ok: true, value: bulk(), tppMessages: [] });
  });

  it("takes an endToEndIdentification of at most 35 characters in each Norwegian entry (release 1.21.18)", () => {
    expect(parseBulkNorwegianDomesticPayment(bulk({ payments: [entry({ endToEndIdentification: "E2E-1" })] }), context).ok).toBe(true);
    expect(errorsOf(bulk({ payments: [entry({ endToEndIdentification: "e".repeat(36) })] }))).toEqual([
      error(
        "FORMAT_ERROR",
        "payments[0].endToEndIdentification",
        "payments[0].endToEndIdentification is 36 characters long; at most 35 are allowed",
      ),
    ]);
  });

  it("requires debtorAccount and at least one payment", () => {
    expect(errorsOf({ payments: [] })).toEqual([
      error("FORMAT_ERROR", "debtorAccount", "debtorAccount is required"),
      error("FORMAT_ERROR", "payments", "payments is empty; at least 1 payment is required"),
    ]);
  });

  it("rejects debtorAccount and requestedExecutionDate inside a payment: the bulk has them", () => {
    const payments = [entry({ debtorAccount: { bban: "12345678903", currency: "NOK" }, requestedExecutionDate: "2025-03-05" })];
    expect(errorsOf(bulk({ payments }))).toEqual([
      error("FORMAT_ERROR", "payments[0].debtorAccount", "payments[0].debtorAccount is not a known field; unknown fields are rejected"),
      error(
        "FORMAT_ERROR",
        "payments[0].requestedExecutionDate",
        "payments[0].requestedExecutionDate is not a known field; unknown fields are rejected",
      ),
    ]);
  });

  it("checks each payment with the product's rules, at its index", () => {
    const payments = [
      entry(),
      entry({ instructedAmount: { amount: "100.0", currency: "NOK" } }),
      entry({ creditorAccount: { bban: "86011117947", currency: "EUR" } }),
    ];
    expect(errorsOf(bulk({ payments }))).toEqual([
      error(
        "FORMAT_ERROR",
        "payments[1].instructedAmount.amount",
        "payments[1].instructedAmount.amount has 1 fraction digit; NOK amounts have exactly 2 (ISO 4217 minor units)",
      ),
      error(
        "FORMAT_ERROR",
        "payments[2].creditorAgent",
        "payments[2].creditorAgent is required when the creditor account is a currency account (creditorAccount.currency is EUR, not NOK)",
      ),
    ]);
  });

  it("checks the bulk's requestedExecutionDate against today", () => {
    expect(errorsOf(bulk({ requestedExecutionDate: "2025-02-28" }))).toEqual([
      error(
        "EXECUTION_DATE_INVALID",
        "requestedExecutionDate",
        "requestedExecutionDate is 2025-02-28, which is in the past (today is 2025-03-01)",
      ),
    ]);
  });

  it("converts a deprecated single structured remittance per payment, with a WARNING at its index", () => {
    const item = { reference: "67", referenceType: "KID" };
    const result = parseBulkNorwegianDomesticPayment(
      bulk({ payments: [entry(), entry({ remittanceInformationStructured: item })] }),
      context,
    );
    expect(result).toMatchObject({
      ok: true,
      value: { payments: [entry(), entry({ remittanceInformationStructuredArray: [item] })] },
      tppMessages: [{ category: "WARNING", code: "FORMAT_ERROR", path: "payments[1].remittanceInformationStructured" }],
    });
  });

  it("takes SEPA payments with an IBAN debtor account", () => {
    const sepa = {
      debtorAccount: { iban: "NO9386011117947", currency: "NOK" },
      payments: [
        {
          instructedAmount: { amount: "10.00", currency: "EUR" },
          creditorName: "A",
          creditorAccount: { iban: "DE89370400440532013000", currency: "EUR" },
        },
      ],
    };
    expect(parseBulkSepaPayment(sepa, context)).toEqual({ ok: true, value: sepa, tppMessages: [] });
    const result = parseBulkSepaPayment({ ...sepa, batchBookingPreferred: "yes" }, context);
    expect(result.tppMessages).toEqual([
      error("FORMAT_ERROR", "batchBookingPreferred", "batchBookingPreferred must be true or false, not a string"),
    ]);
  });
});
