import { describe, expect, it } from "vitest";
import { agreementsResponseSchema } from "./agreements-response";
import { contactInformationRequestSchema } from "./contact-information";
import { feeInformationResponseSchema } from "./fee-information-response";
import { parseRequestBody } from "./parse-request-body";
import { parseResponseBody } from "./parse-response-body";
import { sandboxCustomerRequestSchema, sandboxCustomerSchema } from "./sandbox-customer";
import { scaRedirectResponseSchema } from "./sca-redirect-response";
import { scaStatusResponseSchema, startAuthorisationResponseSchema } from "./sca-status";
import { errorResponseSchema } from "./tpp-message";
import { userResponseSchema } from "./user-response";

const scaRedirect = { href: "https://bank.example/sca/1", verbs: ["GET"] };

describe("error reply (supplement.md §4)", () => {
  it("reads tppMessages, _links and psuMessage, codes beyond the interface's included", () => {
    const reply = {
      tppMessages: [
        {
          category: "ERROR",
          code: "FORMAT_ERROR",
          path: "creditorName",
          text: "creditorName is 71 characters long; at most 70 are allowed",
        },
        { category: "WARNING", code: "PERIOD_INVALID" },
      ],
      _links: { scaRedirect },
      psuMessage: "Try again",
    };
    expect(parseResponseBody(errorResponseSchema, reply)).toEqual({ ok: true, value: reply });
  });

  it("holds text to 512 characters and category to ERROR or WARNING", () => {
    const reply = { tppMessages: [{ category: "INFO", code: "X", text: "t".repeat(513) }] };
    expect(parseResponseBody(errorResponseSchema, reply)).toEqual({
      ok: false,
      problems: [
        "tppMessages[0].category must be one of ERROR, WARNING",
        "tppMessages[0].text is 513 characters long; at most 512 are allowed",
      ],
    });
  });
});

describe("small replies (supplement.md §2)", () => {
  it("reads a reply that must carry scaRedirect (consents, users)", () => {
    expect(
      parseResponseBody(scaRedirectResponseSchema, { _links: { scaRedirect, self: { href: "/v1/consents/c", verbs: ["GET"] } } }).ok,
    ).toBe(true);
    expect(parseResponseBody(scaRedirectResponseSchema, { _links: { self: scaRedirect } })).toEqual({
      ok: false,
      problems: ["_links.scaRedirect is required"],
    });
  });

  it("reads user, agreements, fee information and SCA status", () => {
    const user = { psuId: "6f9619ff-8b86-4011-b42d-00c04fc964ff", context: "CORPORATE", customerName: "Kari" };
    expect(parseResponseBody(userResponseSchema, user)).toEqual({ ok: true, value: user });
    const agreements = { agreements: [{ id: "a-1", name: "Firma AS", organisationNumber: "987654321" }] };
    expect(parseResponseBody(agreementsResponseSchema, agreements)).toEqual({ ok: true, value: agreements });
    const fee = { transactionFees: { amount: "2.00", currency: "NOK" }, transactionFeeIndicator: true };
    expect(parseResponseBody(feeInformationResponseSchema, fee)).toEqual({ ok: true, value: fee });
    expect(parseResponseBody(scaStatusResponseSchema, { scaStatus: "finalised" }).ok).toBe(true);
    expect(parseResponseBody(scaStatusResponseSchema, { scaStatus: "done" }).ok).toBe(false);
    expect(
      parseResponseBody(startAuthorisationResponseSchema, { scaStatus: "received", authorisationId: "au-1", _links: { scaRedirect } }).ok,
    ).toBe(true);
  });

  it("takes a contact e-mail address and nothing else", () => {
    expect(parseRequestBody(contactInformationRequestSchema, { email: "ops@tpp.example" }).ok).toBe(true);
    expect(parseRequestBody(contactInformationRequestSchema, { email: "ops" }).tppMessages).toEqual([
      { category: "ERROR", code: "FORMAT_ERROR", path: "email", text: "email must be an e-mail address" },
    ]);
    const longest = `${"o".repeat(64)}@${"d".repeat(63)}.${"e".repeat(63)}.${"x".repeat(58)}.no`;
    expect(longest).toHaveLength(254);
    expect(parseRequestBody(contactInformationRequestSchema, { email: longest }).ok).toBe(true);
    expect(parseRequestBody(contactInformationRequestSchema, { email: `o${longest}` }).tppMessages).toEqual([
      { category: "ERROR", code: "FORMAT_ERROR", path: "email", text: "email must be at most 254 characters" },
    ]);
  });
});

describe('sandbox customer (psd2-interface.md "Sandbox customer"; supplement.md §11)', () => {
  const customer = {
    customerId: "c-1",
    customerNumber: "13039319955",
    customerType: "PRIVATE",
    customerName: "Kari Nordmann",
    agreements: [],
    accounts: ["acc-1", "acc-2"],
    cardAccounts: ["card-1"],
    _links: { self: { href: "/v1/sandbox/customers/c-1", verbs: ["GET"] } },
  };

  it("reads a customer and requires its self link", () => {
    expect(parseResponseBody(sandboxCustomerSchema, customer)).toEqual({ ok: true, value: customer });
    expect(parseResponseBody(sandboxCustomerSchema, { ...customer, _links: {} })).toEqual({
      ok: false,
      problems: ["_links.self is required"],
    });
  });

  it("takes the creation body", () => {
    const body = { customerNumber: "13039319955", customerName: "Kari Nordmann", customerType: "PRIVATE" };
    expect(parseRequestBody(sandboxCustomerRequestSchema, body)).toEqual({ ok: true, value: body, tppMessages: [] });
    expect(parseRequestBody(sandboxCustomerRequestSchema, { ...body, customerType: "BUSINESS" }).ok).toBe(false);
  });
});
