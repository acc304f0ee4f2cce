import { describe, expect, it } from "vitest";
import { parseSepaPayment } from "./parse-payment-request";

const context = { today: "2025-03-01" };

function payment(changes: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {
    endToEndIdentification: "E2E-42",
    instructedAmount: { amount: "100.00", currency: "EUR" },
    creditorName: "Max Mustermann",
    creditorAccount: { iban: "DE89370400440532013000", currency: "EUR" },
    creditorAddress: { street: "Hauptstraße", city: "Berlin", country: "DE" },
    debtorAccount: { iban: "NO9386011117947", currency: "NOK" },
    remittanceInformationUnstructured: "Rechnung 42",
    requestedExecutionDate: "2025-03-03",
    ...changes,
  };
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

const error = (code: string, path: string, text: string) => ({ category: "ERROR", code, path, text });

function errorsOf(body: unknown) {
  const result = parseSepaPayment(body, context);
  expect(result.ok).toBe(false);
  return result.tppMessages;
}

describe("SEPA credit transfer request (psd2-interface.md)", () => {
  it("parses a valid payment, and one without the optional fields", () => {
    expect(parseSepaPayment(payment(), context)).toEqual({ ok: true, value: payment(), tppMessages: [] });
    const minimal = payment({
      endToEndIdentification: undefined,
      creditorAddress: undefined,
      remittanceInformationUnstructured: undefined,
      requestedExecutionDate: undefined,
    });
    expect(parseSepaPayment(minimal, context).ok).toBe(true);
  });

  it("endToEndIdentification: 35 characters pass, 36 are rejected", () => {
    expect(parseSepaPayment(payment({ endToEndIdentification: "e".repeat(35) }), context).ok).toBe(true);
    expect(errorsOf(payment({ endToEndIdentification: "e".repeat(36) }))).toEqual([
      error("FORMAT_ERROR", "endToEndIdentification", "endToEndIdentification is 36 characters long; at most 35 are allowed"),
    ]);
  });

  it("checks both IBANs, electronic format only", () => {
    expect(
      errorsOf(
        payment({
          creditorAccount: { iban: "DE89 3704 0044 0532 0130 00", currency: "EUR" },
          debtorAccount: { iban: "NO9386011117948", currency: "NOK" },
        }),
      ),
    ).toEqual([
      error(
        "FORMAT_ERROR",
        "creditorAccount.iban",
        "creditorAccount.iban must not contain spaces; the IBAN is sent in electronic format, e.g. NO9386011117947",
      ),
      error("FORMAT_ERROR", "debtorAccount.iban", "debtorAccount.iban fails the IBAN check (ISO 7064 MOD 97-10): a character is wrong"),
    ]);
  });

  it("rejects an IBAN over 34 characters with the spec's limit", () => {
    expect(errorsOf(payment({ creditorAccount: { iban: `LC55${"0".repeat(31)}`, currency: "EUR" } }))).toEqual([
      error("FORMAT_ERROR", "creditorAccount.iban", "creditorAccount.iban is 35 characters long; at most 34 are allowed"),
    ]);
  });

  it("rejects the fields the SEPA body does not have", () => {
    const body = payment({ creditorAgent: "DEUTDEFF", remittanceInformationStructuredArray: [{ reference: "RF18539007547034" }] });
    expect(errorsOf(body)).toEqual([
      error("FORMAT_ERROR", "creditorAgent", "creditorAgent is not a known field; unknown fields are rejected"),
      error(
        "FORMAT_ERROR",
        "remittanceInformationStructuredArray",
        "remittanceInformationStructuredArray is not a known field; unknown fields are rejected",
      ),
    ]);
  });

  it("requires the account currency and checks the amount's minor units", () => {
    expect(errorsOf(payment({ debtorAccount: { iban: "NO9386011117947" }, instructedAmount: { amount: "100", currency: "EUR" } }))).toEqual(
      [
        error(
          "FORMAT_ERROR",
          "instructedAmount.amount",
          "instructedAmount.amount has no fraction digits; EUR amounts have exactly 2 (ISO 4217 minor units)",
        ),
        error("FORMAT_ERROR", "debtorAccount.currency", "debtorAccount.currency is required"),
      ],
    );
  });
});
