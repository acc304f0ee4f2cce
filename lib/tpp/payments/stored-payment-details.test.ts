import { describe, expect, it } from "vitest";
import { storedPaymentDetails } from "./stored-payment-details";

const ref = { service: "payments", product: "norwegian-domestic-credit-transfers", paymentId: "p1" } as const;

describe("storedPaymentDetails", () => {
  it("reads a single payment's request as the details reply would show it", () => {
    const body = JSON.stringify({
      instructedAmount: { currency: "NOK", amount: "250.00" },
      creditorName: "Kari Nordmann",
      creditorAccount: { bban: "86011117947", currency: "NOK" },
      creditorAddress: { country: "NO" },
      debtorAccount: { bban: "38001574202", currency: "NOK" },
      remittanceInformationStructuredArray: [{ reference: "1234567890128", referenceType: "KID" }],
      requestedExecutionDate: "2026-03-05",
    });
    expect(storedPaymentDetails(ref, "RCVD", body)).toMatchObject({
      ref,
      status: "RCVD",
      debtorAccount: "38001574202",
      requestedExecutionDate: "2026-03-05",
      transfers: [
        {
          creditorName: "Kari Nordmann",
          creditorAccount: "86011117947",
          amount: { amount: "250.00", currency: "NOK" },
          structuredReferences: ["1234567890128"],
        },
      ],
    });
  });

  it("reads a bulk's entries and a periodic payment's schedule", () => {
    const bulk = storedPaymentDetails(
      { ...ref, service: "bulk-payments" },
      "ACTC",
      JSON.stringify({
        debtorAccount: { bban: "38008398736", currency: "NOK" },
        batchBookingPreferred: true,
        payments: [
          {
            instructedAmount: { currency: "NOK", amount: "1.00" },
            creditorName: "A",
            creditorAccount: { bban: "86011117947", currency: "NOK" },
          },
          {
            instructedAmount: { currency: "NOK", amount: "2.00" },
            creditorName: "B",
            creditorAccount: { bban: "86011117947", currency: "NOK" },
          },
        ],
      }),
    );
    expect(bulk?.transfers.map((transfer) => transfer.creditorName)).toEqual(["A", "B"]);
    expect(bulk?.batchBookingPreferred).toBe(true);
    const periodic = storedPaymentDetails(
      { ...ref, service: "periodic-payments" },
      "ACCP",
      JSON.stringify({
        instructedAmount: { currency: "NOK", amount: "1.00" },
        creditorName: "A",
        creditorAccount: { bban: "86011117947", currency: "NOK" },
        debtorAccount: { bban: "38001574202", currency: "NOK" },
        startDate: "2026-03-01",
        frequency: "MonthlyVariable",
        monthsOfExecution: ["3", "6"],
      }),
    );
    expect(periodic?.schedule).toEqual({
      startDate: "2026-03-01",
      endDate: undefined,
      frequency: "MonthlyVariable",
      executionRule: undefined,
      dayOfExecution: undefined,
      monthsOfExecution: ["3", "6"],
    });
  });

  it("is undefined for a body that is not a JSON object", () => {
    expect(storedPaymentDetails(ref, "RCVD", "not json")).toBeUndefined();
    expect(storedPaymentDetails(ref, "RCVD", "[1]")).toBeUndefined();
  });
});
