import { describe, expect, it } from "vitest";
import { ERROR_CODES, httpStatusOf, isPsd2ErrorCode, PSD2_ERROR_CODES } from "./error-codes";

// The spec's own list ("Errors") and the codes docs/interface/errors.md#statuses-by-code adds.
const specCodes =
  "SYSTEM_ERROR | BAD_REQUEST | FORBIDDEN | NOT_FOUND | CONFLICT | HTTP_HEADER_REQUIRED | QUERY_PARAMETER_REQUIRED | SCA_NOT_FOUND | SCA_EXPIRED | SCA_INVALID | FORMAT_ERROR | RESOURCE_UNKNOWN | PSU_CREDENTIALS_INVALID | CONSENT_UNKNOWN | CONSENT_INVALID | CONSENT_EXPIRED | ACCESS_EXCEEDED | PRODUCT_UNKNOWN | PRODUCT_INVALID | KID_MISSING | KID_INVALID | PAYMENT_FAILED | EXECUTION_DATE_INVALID".split(
    " | ",
  );
const supplementCodes = [
  "REFERENCE_MIX_INVALID",
  "SIGNATURE_MISSING",
  "SIGNATURE_INVALID",
  "CERTIFICATE_MISSING",
  "CERTIFICATE_INVALID",
  "CERTIFICATE_EXPIRED",
];

describe("error codes", () => {
  it("holds exactly the codes of the spec and supplement §4", () => {
    expect([...PSD2_ERROR_CODES].sort()).toEqual([...specCodes, ...supplementCodes].sort());
  });

  it.each([
    ["FORMAT_ERROR", 400],
    ["KID_INVALID", 400],
    ["KID_MISSING", 400],
    ["REFERENCE_MIX_INVALID", 400],
    ["SIGNATURE_INVALID", 400],
    ["CERTIFICATE_EXPIRED", 400],
    ["SCA_INVALID", 401],
    ["CONSENT_EXPIRED", 401],
    ["FORBIDDEN", 403],
    ["PRODUCT_INVALID", 403],
    ["CONSENT_UNKNOWN", 403],
    ["RESOURCE_UNKNOWN", 404],
    ["PRODUCT_UNKNOWN", 404],
    ["CONFLICT", 409],
    ["ACCESS_EXCEEDED", 429],
    ["SYSTEM_ERROR", 500],
  ] as const)("answers %s with HTTP %i (supplement §4)", (code, status) => {
    expect(httpStatusOf(code)).toBe(status);
  });

  it("tells codes from other strings", () => {
    expect(isPsd2ErrorCode("KID_INVALID")).toBe(true);
    expect(isPsd2ErrorCode("kid_invalid")).toBe(false);
    expect(isPsd2ErrorCode("toString")).toBe(false);
    expect(Object.keys(ERROR_CODES)).toHaveLength(specCodes.length + supplementCodes.length);
  });
});
