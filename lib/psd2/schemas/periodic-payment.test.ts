import { describe, expect, it } from "vitest";
import { parsePeriodicNorwegianDomesticPayment, parsePeriodicSepaPayment } from "./parse-payment-request";

const context = { today: "2025-03-01" };

function periodic(changes: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {
    instructedAmount: { amount: "500.00", currency: "NOK" },
    creditorName: "Borettslaget",
    creditorAccount: { bban: "86011117947", currency: "NOK" },
    creditorAddress: { country: "NO" },
    debtorAccount: { bban: "12345678903", currency: "NOK" },
    remittanceInformationUnstructured: "Husleie",
    startDate: "2025-04-01",
    endDate: "2026-03-31",
    frequency: "Monthly",
    executionRule: "following",
    dayOfExecution: "1",
    ...changes,
  };
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

const error = (code: string, path: string, text: string) => ({ category: "ERROR", code, path, text });

function errorsOf(body: unknown) {
  const result = parsePeriodicNorwegianDomesticPayment(body, context);
  expect(result.ok).toBe(false);
  return result.tppMessages;
}

describe("periodic payments (supplement.md §2)", () => {
  it("parses a valid standing order, and one with only the required schedule", () => {
    expect(parsePeriodicNorwegianDomesticPayment(periodic(), context)).toEqual({ ok: true, value: periodic(), tppMessages: [] });
    const minimal = periodic({ endDate: undefined, executionRule: undefined, dayOfExecution: undefined });
    expect(parsePeriodicNorwegianDomesticPayment(minimal, context).ok).toBe(true);
  });

  it("requires startDate and frequency", () => {
    expect(errorsOf(periodic({ startDate: undefined, frequency: undefined }))).toEqual([
      error("FORMAT_ERROR", "startDate", "startDate is required"),
      error("FORMAT_ERROR", "frequency", "frequency is required"),
    ]);
  });

  it("uses startDate instead of requestedExecutionDate", () => {
    expect(errorsOf(periodic({ requestedExecutionDate: "2025-04-01" }))).toEqual([
      error("FORMAT_ERROR", "requestedExecutionDate", "requestedExecutionDate is not a known field; unknown fields are rejected"),
    ]);
  });

  it("checks startDate against today: today passes, yesterday and more than a year ahead do not", () => {
    expect(parsePeriodicNorwegianDomesticPayment(periodic({ startDate: "2025-03-01" }), context).ok).toBe(true);
    expect(errorsOf(periodic({ startDate: "2025-02-28" }))).toEqual([
      error("EXECUTION_DATE_INVALID", "startDate", "startDate is 2025-02-28, which is in the past (today is 2025-03-01)"),
    ]);
    expect(errorsOf(periodic({ startDate: "2026-03-02" }))).toEqual([
      error(
        "EXECUTION_DATE_INVALID",
        "startDate",
        "startDate is 2026-03-02, more than one year ahead (the latest allowed date is 2026-03-01)",
      ),
    ]);
  });

  it("rejects an endDate before startDate", () => {
    expect(errorsOf(periodic({ endDate: "2025-03-31" }))).toEqual([
      error("FORMAT_ERROR", "endDate", "endDate is 2025-03-31, before startDate 2025-04-01"),
    ]);
  });

  it("accepts every frequency and both execution rules, and rejects others", () => {
    for (const frequency of ["Daily", "Weekly", "EveryTwoWeeks", "Monthly", "EveryTwoMonths", "Quarterly", "SemiAnnual", "Annual"]) {
      expect(parsePeriodicNorwegianDomesticPayment(periodic({ frequency }), context).ok, frequency).toBe(true);
    }
    expect(parsePeriodicNorwegianDomesticPayment(periodic({ executionRule: "preceding" }), context).ok).toBe(true);
    expect(errorsOf(periodic({ frequency: "monthly", executionRule: "latest" }))).toEqual([
      error(
        "FORMAT_ERROR",
        "frequency",
        "frequency must be one of Daily, Weekly, EveryTwoWeeks, Monthly, EveryTwoMonths, Quarterly, SemiAnnual, Annual, MonthlyVariable",
      ),
      error("FORMAT_ERROR", "executionRule", "executionRule must be one of following, preceding"),
    ]);
  });

  it("accepts dayOfExecution 1 and 31, rejects 0, 32 and 01", () => {
    expect(parsePeriodicNorwegianDomesticPayment(periodic({ dayOfExecution: "31" }), context).ok).toBe(true);
    for (const dayOfExecution of ["0", "32", "01", 1]) {
      expect(errorsOf(periodic({ dayOfExecution }))[0]?.path, String(dayOfExecution)).toBe("dayOfExecution");
    }
  });

  describe("MonthlyVariable", () => {
    const variable = (monthsOfExecution?: unknown) => periodic({ frequency: "MonthlyVariable", monthsOfExecution });

    it("accepts distinct months", () => {
      expect(parsePeriodicNorwegianDomesticPayment(variable(["1", "4", "10"]), context).ok).toBe(true);
    });

    it("rejects a duplicate month with FORMAT_ERROR (release 1.18.1)", () => {
      expect(errorsOf(variable(["1", "4", "1"]))).toEqual([
        error(
          "FORMAT_ERROR",
          "monthsOfExecution[2]",
          'monthsOfExecution[2] repeats the month at index 0 ("1"); each month may appear once',
        ),
      ]);
    });

    it("requires monthsOfExecution, and months 1 to 12 only", () => {
      expect(errorsOf(variable())).toEqual([
        error("FORMAT_ERROR", "monthsOfExecution", "monthsOfExecution is required when frequency is MonthlyVariable"),
      ]);
      expect(errorsOf(variable(["13"]))).toEqual([
        error("FORMAT_ERROR", "monthsOfExecution[0]", "monthsOfExecution[0] must be one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12"),
      ]);
    });

    it("rejects monthsOfExecution with another frequency", () => {
      expect(errorsOf(periodic({ monthsOfExecution: ["1"] }))).toEqual([
        error("FORMAT_ERROR", "monthsOfExecution", "monthsOfExecution is allowed only when frequency is MonthlyVariable, not Monthly"),
      ]);
    });
  });

  it("keeps the product's own rules: remittance choice and KID", () => {
    const item = { reference: "79927398710", referenceType: "KID" };
    expect(errorsOf(periodic({ remittanceInformationStructuredArray: [item] }))).toEqual([
      error(
        "KID_INVALID",
        "remittanceInformationStructuredArray[0].reference",
        "remittanceInformationStructuredArray[0].reference has a wrong check digit: it passes neither the MOD10 (Luhn) nor the MOD11 check",
      ),
      error(
        "FORMAT_ERROR",
        "remittanceInformationStructuredArray",
        "remittanceInformationStructuredArray must not be sent together with remittanceInformationUnstructured; a payment carries either unstructured or structured remittance",
      ),
    ]);
  });

  it("builds the SEPA periodic body on the SEPA payment", () => {
    const body = {
      instructedAmount: { amount: "50.00", currency: "EUR" },
      creditorName: "Verein",
      creditorAccount: { iban: "DE89370400440532013000", currency: "EUR" },
      debtorAccount: { iban: "NO9386011117947", currency: "NOK" },
      startDate: "2025-03-15",
      frequency: "Quarterly",
    };
    expect(parsePeriodicSepaPayment(body, context)).toEqual({ ok: true, value: body, tppMessages: [] });
    const result = parsePeriodicSepaPayment({ ...body, frequency: "MonthlyVariable" }, context);
    expect(result.ok ? [] : result.tppMessages.map((message) => message.path)).toEqual(["monthsOfExecution"]);
  });
});
