import { describe, expect, it } from "vitest";
import { parseRequestBody } from "./parse-request-body";
import { parseResponseBody } from "./parse-response-body";
import { signingBasketRequestSchema } from "./signing-basket-request";
import {
  signingBasketDetailsResponseSchema,
  signingBasketResponseSchema,
  signingBasketStatusResponseSchema,
} from "./signing-basket-responses";

const ids = (count: number) => Array.from({ length: count }, (_, index) => `payment-${index}`);
const parse = (body: unknown) => parseRequestBody(signingBasketRequestSchema, body);

describe('signing basket request (psd2-interface.md "Signing basket"; supplement.md §6)', () => {
  it("accepts 1 and 10 payment ids", () => {
    expect(parse({ paymentIds: ids(1) })).toEqual({ ok: true, value: { paymentIds: ids(1) }, tppMessages: [] });
    expect(parse({ paymentIds: ids(10) }).ok).toBe(true);
  });

  it("rejects 0 and 11 payment ids", () => {
    expect(parse({ paymentIds: [] }).tppMessages).toEqual([
      { category: "ERROR", code: "FORMAT_ERROR", path: "paymentIds", text: "paymentIds is empty; at least 1 payment id is required" },
    ]);
    expect(parse({ paymentIds: ids(11) }).tppMessages).toEqual([
      {
        category: "ERROR",
        code: "FORMAT_ERROR",
        path: "paymentIds",
        text: "paymentIds holds 11 payment ids; at most 10 payment ids are allowed",
      },
    ]);
  });

  it("rejects the same payment twice, an empty id, a missing list and unknown fields", () => {
    expect(parse({ paymentIds: ["a", "b", "a"] }).tppMessages).toEqual([
      {
        category: "ERROR",
        code: "FORMAT_ERROR",
        path: "paymentIds[2]",
        text: 'paymentIds[2] repeats the payment id at index 0 ("a"); each payment id may appear once',
      },
    ]);
    expect(parse({ paymentIds: ["a", ""] }).tppMessages).toEqual([
      { category: "ERROR", code: "FORMAT_ERROR", path: "paymentIds[1]", text: "paymentIds[1] is empty; at least 1 character is required" },
    ]);
    expect(parse({}).tppMessages).toEqual([
      { category: "ERROR", code: "FORMAT_ERROR", path: "paymentIds", text: "paymentIds is required" },
    ]);
    expect(parse({ paymentIds: ["a"], basketName: "x" }).tppMessages).toEqual([
      { category: "ERROR", code: "FORMAT_ERROR", path: "basketName", text: "basketName is not a known field; unknown fields are rejected" },
    ]);
  });
});

describe("signing basket replies", () => {
  const link = { href: "/v1/signing-baskets/b1", verbs: ["GET"] };

  it("reads the creation reply and lets unknown fields pass", () => {
    const reply = {
      basketId: "b1",
      transactionStatus: "RCVD",
      _links: { self: link, startAuthorisation: { href: "/x", verbs: ["POST"] } },
      extra: 1,
    };
    expect(parseResponseBody(signingBasketResponseSchema, reply)).toEqual({ ok: true, value: reply });
  });

  it("reads the basket statuses and rejects a payment status there", () => {
    for (const transactionStatus of ["RCVD", "ACTC", "PATC", "RJCT"]) {
      expect(parseResponseBody(signingBasketStatusResponseSchema, { transactionStatus }).ok).toBe(true);
    }
    expect(parseResponseBody(signingBasketStatusResponseSchema, { transactionStatus: "ACSC" })).toEqual({
      ok: false,
      problems: ["transactionStatus must be one of RCVD, ACTC, PATC, RJCT"],
    });
  });

  it("reads GET basket", () => {
    const reply = { payments: ["p1", "p2"], transactionStatus: "PATC", _links: { self: link } };
    expect(parseResponseBody(signingBasketDetailsResponseSchema, reply)).toEqual({ ok: true, value: reply });
  });
});
