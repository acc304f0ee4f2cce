import { describe, expect, it } from "vitest";
import { parseResponseBody } from "./parse-response-body";
import { failureRedirectParametersSchema, successRedirectParametersSchema } from "./redirect-parameters";

const psuId = "6f9619ff-8b86-4011-b42d-00c04fc964ff";

describe('success redirect (psd2-interface.md "Redirect parameters")', () => {
  it("reads the parameters and drops the TPP's own", () => {
    const query = { "psu-id": psuId, "tpp-session-id": "s-1", context: "PRIVATE", flow: "payment" };
    expect(successRedirectParametersSchema.parse(query)).toEqual({ "psu-id": psuId, "tpp-session-id": "s-1", context: "PRIVATE" });
  });

  it("reads psu-corporate-id in the corporate context", () => {
    const query = { "psu-id": psuId, "psu-corporate-id": psuId.toUpperCase(), "tpp-session-id": "s-1", context: "CORPORATE" };
    expect(successRedirectParametersSchema.safeParse(query).success).toBe(true);
  });

  it("names what is wrong", () => {
    const query = { "psu-id": "12345", "tpp-session-id": ["a", "b"], context: "private" };
    expect(parseResponseBody(successRedirectParametersSchema, query)).toEqual({
      ok: false,
      problems: [
        "psu-id must be a UUID (RFC 4122)",
        "tpp-session-id must be a string, not an array",
        "context must be one of PRIVATE, CORPORATE",
      ],
    });
  });
});

describe("failure redirect", () => {
  it("reads status as a number", () => {
    const query = { system: "SCA", status: "401", code: "SCA_INVALID", message: "The PSU cancelled" };
    expect(failureRedirectParametersSchema.parse(query)).toEqual({
      system: "SCA",
      status: 401,
      code: "SCA_INVALID",
      message: "The PSU cancelled",
    });
    expect(failureRedirectParametersSchema.parse({ status: "400", code: "PAYMENT_FAILED" })).toEqual({
      status: 400,
      code: "PAYMENT_FAILED",
    });
  });

  it.each(["40", "4011", "600", "099", "abc", ""])("rejects status %j", (status) => {
    expect(parseResponseBody(failureRedirectParametersSchema, { status, code: "SCA_INVALID" })).toEqual({
      ok: false,
      problems: ["status must be an HTTP status code of three digits, 100 to 599"],
    });
  });

  it("requires status and code", () => {
    expect(parseResponseBody(failureRedirectParametersSchema, { message: "x" })).toEqual({
      ok: false,
      problems: ["status is required", "code is required"],
    });
  });
});
