import { describe, expect, it } from "vitest";
import { buildSigningString } from "./build-signing-string";
import { createHeaderLookup } from "./header-lookup";
import { SigningError } from "./signing-error";

const lookup = createHeaderLookup({
  Date: "Tue, 03 Jun 2025 10:15:30 GMT",
  digest: "  SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=\t",
  "X-Request-ID": "id-1",
  "PSU-ID": "",
});

describe("buildSigningString (supplement §9.3, draft-cavage-10 §2.3)", () => {
  it("writes one trimmed line per name, in the given order, without a trailing newline", () => {
    expect(buildSigningString(["x-request-id", "date", "digest"], lookup)).toBe(
      "x-request-id: id-1\ndate: Tue, 03 Jun 2025 10:15:30 GMT\ndigest: SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=",
    );
  });

  it("writes (request-target) as the lower-case method and the path with query", () => {
    expect(
      buildSigningString(["(request-target)", "x-request-id"], lookup, {
        method: "POST",
        path: "/v1/payments/sepa-credit-transfers?dryRun=false",
      }),
    ).toBe("(request-target): post /v1/payments/sepa-credit-transfers?dryRun=false\nx-request-id: id-1");
  });

  it("keeps an empty value", () => {
    expect(buildSigningString(["psu-id"], lookup)).toBe("psu-id: ");
  });

  it("refuses an absent header and (request-target) without a request", () => {
    expect(() => buildSigningString(["digest", "psu-corporate-id"], lookup)).toThrow(SigningError);
    expect(() => buildSigningString(["digest", "psu-corporate-id"], lookup)).toThrow(/'psu-corporate-id' is listed for signing but absent/);
    expect(() => buildSigningString(["(request-target)"], lookup)).toThrow(/no method and path/);
  });
});

describe("createHeaderLookup", () => {
  it("finds headers case-insensitively and joins repeated values", () => {
    const find = createHeaderLookup({ "X-Request-ID": "a", accept: ["application/json", "text/plain"], skipped: undefined });
    expect(find("x-request-id")).toBe("a");
    expect(find("accept")).toBe("application/json, text/plain");
    expect(find("skipped")).toBeUndefined();
  });
});
