import { describe, expect, it } from "vitest";
import { cardTransactionsResponseSchema, sandboxCardTransactionsResponseSchema } from "./card-transactions";
import { parseResponseBody } from "./parse-response-body";

const booked = (amount: unknown) => ({
  cardTransactionId: "ct-1",
  bookingDate: "2025-02-27",
  transactionDate: "2025-02-26",
  transactionAmount: { currency: "NOK", amount },
  originalAmount: { currency: "EUR", amount },
  merchantCategoryCode: "5411",
});

describe("sandbox card account transactions (psd2-interface.md)", () => {
  it("reads string amounts as they are", () => {
    const reply = { cardAccount: { maskedPan: "123456******1234" }, cardTransactions: { booked: [booked("-12.50")], pending: [] } };
    expect(parseResponseBody(sandboxCardTransactionsResponseSchema, reply)).toEqual({ ok: true, value: reply });
  });

  it("reads the spec's int32 amounts as decimal strings", () => {
    const reply = { cardAccount: { maskedPan: "123456******1234" }, cardTransactions: { booked: [booked(-125)], pending: ["p-1"] } };
    const result = parseResponseBody(sandboxCardTransactionsResponseSchema, reply);
    expect(result.ok && result.value.cardTransactions.booked[0]?.transactionAmount.amount).toBe("-125");
  });

  it("rejects a fractional number and a number beyond int32", () => {
    for (const amount of [1.5, 2 ** 31]) {
      const reply = { cardAccount: { maskedPan: "x" }, cardTransactions: { booked: [booked(amount)], pending: [] } };
      expect(parseResponseBody(sandboxCardTransactionsResponseSchema, reply).ok, String(amount)).toBe(false);
    }
  });

  it("requires booked and pending", () => {
    expect(parseResponseBody(sandboxCardTransactionsResponseSchema, { cardAccount: { maskedPan: "x" }, cardTransactions: {} })).toEqual({
      ok: false,
      problems: ["cardTransactions.booked is required", "cardTransactions.pending is required"],
    });
  });
});

describe("card account transactions (supplement.md §3)", () => {
  it("reads Berlin Group's card account report: booked, pending whole (no bookingDate), _links.cardAccount", () => {
    const reply = {
      cardAccount: { maskedPan: "123456******1234" },
      cardTransactions: {
        booked: [],
        pending: [
          {
            cardTransactionId: "ct-9",
            transactionDate: "2025-02-28",
            transactionAmount: { currency: "NOK", amount: "-99.00" },
            originalAmount: { currency: "EUR", amount: "-8.50" },
            merchantCategoryCode: "5812",
            transactionDetails: "CAFE",
          },
        ],
        _links: {
          cardAccount: { href: "/v1/card-accounts/c", verbs: ["GET"] },
          first: { href: "/v1/card-accounts/c/transactions?bookingStatus=pending", verbs: ["GET"] },
        },
      },
    };
    expect(parseResponseBody(cardTransactionsResponseSchema, reply)).toEqual({ ok: true, value: reply });
  });

  it("reads pending ids too (the sandbox table's form), and refuses a pending entry without an amount", () => {
    const reply = (pending: unknown[]) => ({ cardAccount: { maskedPan: "x" }, cardTransactions: { booked: [], pending } });
    expect(parseResponseBody(cardTransactionsResponseSchema, reply(["p-1", "p-2"])).ok).toBe(true);
    expect(parseResponseBody(cardTransactionsResponseSchema, reply([{ cardTransactionId: "p-1" }])).ok).toBe(false);
  });

  it("reads transactionDetails, paging links, and pending as the bank sends it", () => {
    const reply = {
      cardAccount: { maskedPan: "123456******1234" },
      cardTransactions: {
        booked: [{ ...booked("-12.50"), transactionDetails: "REMA 1000" }],
        pending: [{ transactionAmount: { currency: "NOK", amount: "-5.00" } }],
        _links: { next: { href: "/v1/card-accounts/c/transactions?cursor=x", verbs: ["GET"] } },
      },
    };
    expect(parseResponseBody(cardTransactionsResponseSchema, reply)).toEqual({ ok: true, value: reply });
  });
});
