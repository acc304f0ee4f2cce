import { describe, expect, it } from "vitest";
import { parsePaymentRequest, parseSepaPayment } from "./parse-payment-request";
import { isPaymentProduct, isPaymentService, PAYMENT_PRODUCTS, PAYMENT_REQUEST_SCHEMAS, PAYMENT_SERVICES } from "./payment-request-schemas";

const context = { today: "2025-03-01" };

const domestic = {
  instructedAmount: { amount: "10.00", currency: "NOK" },
  creditorName: "Kari Nordmann",
  creditorAccount: { bban: "86011117947", currency: "NOK" },
  creditorAddress: { country: "NO" },
  debtorAccount: { bban: "12345678903", currency: "NOK" },
};

const sepa = {
  instructedAmount: { amount: "10.00", currency: "EUR" },
  creditorName: "Max",
  creditorAccount: { iban: "DE89370400440532013000", currency: "EUR" },
  debtorAccount: { iban: "NO9386011117947", currency: "NOK" },
};

describe("payment services and products (supplement.md §2)", () => {
  it("names the three services and three products, and tells them from other path segments", () => {
    expect(PAYMENT_SERVICES).toEqual(["payments", "periodic-payments", "bulk-payments"]);
    expect(PAYMENT_PRODUCTS).toEqual([
      "norwegian-domestic-credit-transfers",
      "sepa-credit-transfers",
      "instant-norwegian-credit-transfers-straks",
    ]);
    expect(isPaymentService("bulk-payments")).toBe(true);
    expect(isPaymentService("payment")).toBe(false);
    expect(isPaymentProduct("sepa-credit-transfers")).toBe(true);
    expect(isPaymentProduct("cross-border-credit-transfers")).toBe(false);
  });

  it("has a schema for every service and product; instant shares the Norwegian domestic ones", () => {
    for (const service of PAYMENT_SERVICES) {
      expect(Object.keys(PAYMENT_REQUEST_SCHEMAS[service])).toEqual([...PAYMENT_PRODUCTS]);
      expect(PAYMENT_REQUEST_SCHEMAS[service]["instant-norwegian-credit-transfers-straks"]).toBe(
        PAYMENT_REQUEST_SCHEMAS[service]["norwegian-domestic-credit-transfers"],
      );
    }
  });

  it("parses by service and product", () => {
    expect(parsePaymentRequest("payments", "norwegian-domestic-credit-transfers", domestic, context)).toEqual({
      ok: true,
      value: domestic,
      tppMessages: [],
    });
    expect(parsePaymentRequest("payments", "sepa-credit-transfers", sepa, context)).toEqual({ ok: true, value: sepa, tppMessages: [] });
    expect(parsePaymentRequest("payments", "sepa-credit-transfers", domestic, context).ok).toBe(false);
    const { debtorAccount, ...entry } = domestic;
    const bulk = { debtorAccount, payments: [entry] };
    expect(parsePaymentRequest("bulk-payments", "instant-norwegian-credit-transfers-straks", bulk, context).ok).toBe(true);
  });
});

describe("requestedExecutionDate against today (EXECUTION_DATE_INVALID)", () => {
  const at = (requestedExecutionDate: string) => parseSepaPayment({ ...sepa, requestedExecutionDate }, context);

  it("accepts today and one year ahead", () => {
    expect(at("2025-03-01").ok).toBe(true);
    expect(at("2026-03-01").ok).toBe(true);
  });

  it("rejects yesterday and a year and a day ahead", () => {
    expect(at("2025-02-28").tppMessages).toEqual([
      {
        category: "ERROR",
        code: "EXECUTION_DATE_INVALID",
        path: "requestedExecutionDate",
        text: "requestedExecutionDate is 2025-02-28, which is in the past (today is 2025-03-01)",
      },
    ]);
    expect(at("2026-03-02").tppMessages).toEqual([
      {
        category: "ERROR",
        code: "EXECUTION_DATE_INVALID",
        path: "requestedExecutionDate",
        text: "requestedExecutionDate is 2026-03-02, more than one year ahead (the latest allowed date is 2026-03-01)",
      },
    ]);
  });

  it("leaves a malformed date to FORMAT_ERROR alone", () => {
    expect(at("01.03.2025").tppMessages).toEqual([
      {
        category: "ERROR",
        code: "FORMAT_ERROR",
        path: "requestedExecutionDate",
        text: "requestedExecutionDate must be a date in the form YYYY-MM-DD",
      },
    ]);
  });

  it("takes today from the caller: the same body passes or fails by the date given", () => {
    const body = { ...sepa, requestedExecutionDate: "2025-03-01" };
    expect(parseSepaPayment(body, { today: "2025-03-01" }).ok).toBe(true);
    expect(parseSepaPayment(body, { today: "2025-03-02" }).ok).toBe(false);
  });

  it("throws when today is not a date: a programming error, not the TPP's", () => {
    expect(() => parseSepaPayment(sepa, { today: "2025-02-29" })).toThrow(RangeError);
    expect(() => parseSepaPayment(sepa, { today: "" })).toThrow(RangeError);
  });
});
