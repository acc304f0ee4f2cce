import { describe, expect, it } from "vitest";
import { parseResponseBody } from "./parse-response-body";
import { paymentDetailsResponseSchema } from "./payment-details-response";
import { paymentInitiationResponseSchema } from "./payment-initiation-response";
import { paymentStatusResponseSchema } from "./payment-status-response";
import { TRANSACTION_STATUSES } from "./transaction-status";

const link = (href: string, verb = "GET") => ({ href, verbs: [verb] });

describe('payment initiation reply (psd2-interface.md "Payment creation response"; supplement.md §5)', () => {
  const reply = {
    paymentId: "p-1",
    transactionStatus: "RCVD",
    transactionFees: { amount: "2.00", currency: "NOK" },
    transactionFeeIndicator: true,
    _links: {
      self: link("/v1/payments/x/p-1"),
      status: link("/v1/payments/x/p-1/status"),
      startAuthorisation: link("/v1/payments/x/p-1/authorisations", "POST"),
    },
  };

  it("reads a reply with every field, and keeps fields the bank adds", () => {
    expect(parseResponseBody(paymentInitiationResponseSchema, { ...reply, bankField: "x" })).toEqual({
      ok: true,
      value: { ...reply, bankField: "x" },
    });
  });

  it("reads every payment status of the spec", () => {
    expect(TRANSACTION_STATUSES).toHaveLength(11);
    for (const transactionStatus of TRANSACTION_STATUSES) {
      expect(parseResponseBody(paymentInitiationResponseSchema, { paymentId: "p", transactionStatus }).ok).toBe(true);
    }
  });

  it("names what is wrong in a reply", () => {
    expect(
      parseResponseBody(paymentInitiationResponseSchema, {
        transactionStatus: "DONE",
        psuMessage: "m".repeat(513),
        _links: { self: { href: "/x" } },
      }),
    ).toEqual({
      ok: false,
      problems: [
        "paymentId is required",
        "transactionStatus must be one of ACCP, ACSC, ACSP, ACTC, ACWC, ACWP, RCVD, PDNG, RJCT, CANC, PART",
        "psuMessage is 513 characters long; at most 512 are allowed",
        "_links.self.verbs is required",
      ],
    });
  });

  it("reads a link's verbs from the four the spec names only", () => {
    const result = parseResponseBody(paymentInitiationResponseSchema, {
      paymentId: "p",
      transactionStatus: "RCVD",
      _links: { self: link("/x", "PATCH") },
    });
    expect(result).toEqual({ ok: false, problems: ["_links.self.verbs[0] must be one of GET, PUT, POST, DELETE"] });
  });
});

describe("payment status and details replies (supplement.md §5)", () => {
  it("reads fundsAvailable", () => {
    expect(parseResponseBody(paymentStatusResponseSchema, { transactionStatus: "RJCT", fundsAvailable: false })).toEqual({
      ok: true,
      value: { transactionStatus: "RJCT", fundsAvailable: false },
    });
  });

  it("reads the echoed body of any product, the rest passing through", () => {
    const reply = {
      paymentId: "p-1",
      transactionStatus: "ACSC",
      instructedAmount: { amount: "1250.00", currency: "NOK" },
      creditorName: "Kari",
      creditorAccount: { bban: "86011117947", currency: "NOK" },
      debtorAccount: { bban: "12345678903", currency: "NOK" },
      creditorAddress: { country: "NO" },
      remittanceInformationStructuredArray: [{ reference: "67", referenceType: "KID" }],
      _links: { self: link("/v1/payments/x/p-1") },
    };
    expect(parseResponseBody(paymentDetailsResponseSchema, reply)).toEqual({ ok: true, value: reply });
    expect(parseResponseBody(paymentDetailsResponseSchema, { paymentId: "p-1" })).toEqual({
      ok: false,
      problems: ["transactionStatus is required"],
    });
  });
});
