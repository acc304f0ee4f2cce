import { describe, expect, it } from "vitest";
import type { AspspCaller } from "./aspsp-caller";
import { buildRequestHeaders, DEFAULT_ACCEPT_FIX, type RequestHeaderOptions } from "./build-request-headers";

const PSU_ID = "6f1b3c0e-8d1a-4a57-9a5e-3b2f0c6d7e81";
const CORPORATE_ID = "0b9d8f3e-2c4a-4d6b-8e1f-5a7c9b3d2e10";
const REDIRECT_URI = "https://tpp.example/callback";

function headersFor(caller: AspspCaller, options: Partial<Omit<RequestHeaderOptions, "caller">> = {}): Record<string, string> {
  const pairs = buildRequestHeaders({
    caller,
    redirectUri: REDIRECT_URI,
    acceptFix: undefined,
    brand: undefined,
    hasBody: true,
    ...options,
  });
  return Object.fromEntries(pairs);
}

/** The names of the headers that name the PSU, in the order they are sent. */
function identityHeaders(caller: AspspCaller): string[] {
  const names = new Set(["PSU-ID", "X-PSU-IDENTITY", "PSU-Corporate-ID", "PSU-Context"]);
  return buildRequestHeaders({ caller, redirectUri: REDIRECT_URI, acceptFix: undefined, brand: undefined, hasBody: false })
    .map(([name]) => name)
    .filter((name) => names.has(name));
}

describe("buildRequestHeaders: x-accept-fix (psd2-interface.md 'Header parameters'; supplement §12)", () => {
  it("sends the client's configured value on every call", () => {
    expect(headersFor({}, { acceptFix: "amount-as-string,longer-names" })["x-accept-fix"]).toBe("amount-as-string,longer-names");
  });

  it("sends none where the operation does not require it and none is configured", () => {
    expect(headersFor({})).not.toHaveProperty("x-accept-fix");
    expect(headersFor({}, { acceptFix: "" })).not.toHaveProperty("x-accept-fix");
  });

  it("sends amount-as-string where the operation requires it and none is configured", () => {
    expect(DEFAULT_ACCEPT_FIX).toBe("amount-as-string");
    expect(headersFor({ requiresAcceptFix: true })["x-accept-fix"]).toBe("amount-as-string");
    expect(headersFor({ requiresAcceptFix: true }, { acceptFix: "" })["x-accept-fix"]).toBe("amount-as-string");
  });

  it("keeps the configured value where the operation requires one", () => {
    expect(headersFor({ requiresAcceptFix: true }, { acceptFix: "cash-account-type-iso" })["x-accept-fix"]).toBe("cash-account-type-iso");
  });

  it("sends the operation's own value over the configured one (the signing basket's amount-as-string)", () => {
    expect(headersFor({ acceptFix: "amount-as-string" }, { acceptFix: "amount-as-string,longer-names" })["x-accept-fix"]).toBe(
      "amount-as-string",
    );
  });
});

describe("buildRequestHeaders: the PSU's identity (psd2-interface.md 'Header parameters'; supplement §5)", () => {
  it("PSU-ID, with PSU-Corporate-ID in a corporate context", () => {
    expect(identityHeaders({ psuId: PSU_ID })).toEqual(["PSU-ID"]);
    expect(identityHeaders({ psuId: PSU_ID, psuCorporateId: CORPORATE_ID })).toEqual(["PSU-ID", "PSU-Corporate-ID"]);
    expect(headersFor({ psuId: PSU_ID, psuCorporateId: CORPORATE_ID })).toMatchObject({
      "PSU-ID": PSU_ID,
      "PSU-Corporate-ID": CORPORATE_ID,
    });
  });

  it("X-PSU-IDENTITY in place of PSU-ID; PSU-Corporate-ID stays", () => {
    expect(headersFor({ psuId: PSU_ID, psuIdentity: "13039319955" })).toMatchObject({ "X-PSU-IDENTITY": "13039319955" });
    expect(identityHeaders({ psuId: PSU_ID, psuIdentity: "13039319955" })).toEqual(["X-PSU-IDENTITY"]);
    expect(identityHeaders({ psuIdentity: "13039319955", psuCorporateId: CORPORATE_ID })).toEqual(["X-PSU-IDENTITY", "PSU-Corporate-ID"]);
  });

  it("X-PSU-IDENTITY loses control characters, as forwarded values do", () => {
    expect(headersFor({ psuIdentity: "13039319955\r\nX-Evil: 1" })["X-PSU-IDENTITY"]).toBe("13039319955X-Evil: 1");
  });

  it("single SCA: PSU-Context alone, whatever else the caller holds", () => {
    expect(identityHeaders({ singleScaContext: "CORPORATE" })).toEqual(["PSU-Context"]);
    expect(
      identityHeaders({ singleScaContext: "PRIVATE", psuId: PSU_ID, psuIdentity: "13039319955", psuCorporateId: CORPORATE_ID }),
    ).toEqual(["PSU-Context"]);
    expect(headersFor({ singleScaContext: "PRIVATE" })["PSU-Context"]).toBe("PRIVATE");
  });

  it("the context of the last SCA (psuContext) is recorded, never sent", () => {
    expect(identityHeaders({ psuId: PSU_ID, psuContext: "CORPORATE" })).toEqual(["PSU-ID"]);
  });

  it("no identity headers for a caller without a PSU (sandbox operations, the clock)", () => {
    expect(identityHeaders({})).toEqual([]);
  });

  it("the identity comes after x-accept-fix and before the forwarded PSU headers", () => {
    const names = buildRequestHeaders({
      caller: { tppSessionId: "s-1", psuIdentity: "13039319955", psu: { ipAddress: "192.0.2.10" }, requiresAcceptFix: true },
      redirectUri: REDIRECT_URI,
      acceptFix: undefined,
      brand: "Test TPP",
      hasBody: true,
    }).map(([name]) => name);
    expect(names).toEqual([
      "Accept",
      "Content-Type",
      "TPP-Session-ID",
      "TPP-Redirect-URI",
      "TPP-Redirect-Preferred",
      "TPP-Brand-Logging-Information",
      "x-accept-fix",
      "X-PSU-IDENTITY",
      "PSU-IP-Address",
    ]);
  });
});
