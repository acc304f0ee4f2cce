import { describe, expect, it } from "vitest";
import { hasSignedFailure, signedScaFailure, signFailurePath } from "./failure-signature";

const SECRET = "a-session-secret-of-at-least-32-characters";

/** A signed path's query as a page receives it. */
function queryOf(path: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of new URL(path, "http://localhost").searchParams) {
    const before = query[name];
    query[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return query;
}

describe("signed failure pages", () => {
  const bankFailure = "/callback/failed?reason=bank&status=401&code=SCA_INVALID&message=The+PSU+cancelled&retry=%2Faccounts";

  it("accepts what the app signed, in any order of the parameters", () => {
    const signed = signFailurePath(bankFailure, SECRET);
    expect(hasSignedFailure(queryOf(signed), SECRET)).toBe(true);
    const reordered = queryOf(signed);
    expect(hasSignedFailure(Object.fromEntries(Object.entries(reordered).reverse()), SECRET)).toBe(true);
  });

  it("refuses an address made elsewhere: unsigned, changed words, another secret, a signature copied onto other words", () => {
    expect(hasSignedFailure(queryOf(bankFailure), SECRET)).toBe(false);
    const signed = queryOf(signFailurePath(bankFailure, SECRET));
    expect(hasSignedFailure({ ...signed, message: "Call +47 000 00 000 to unlock your account" }, SECRET)).toBe(false);
    expect(hasSignedFailure({ ...signed, problem: "added" }, SECRET)).toBe(false);
    expect(hasSignedFailure(signed, "another-secret-of-at-least-32-characters")).toBe(false);
    expect(hasSignedFailure({ ...signed, sig: [String(signed.sig), String(signed.sig)] }, SECRET)).toBe(false);
    expect(hasSignedFailure({ ...signed, sig: "short" }, SECRET)).toBe(false);
  });

  it("signs only the failure's parameters: a page's own query and fragment stay as they are", () => {
    const signed = signFailurePath("/payments/p-1?tab=history&scaFailed=1&status=401&code=SCA_INVALID#status", SECRET);
    expect(signed).toMatch(/^\/payments\/p-1\?tab=history&scaFailed=1&status=401&code=SCA_INVALID&sig=[\w-]+#status$/);
    expect(hasSignedFailure({ ...queryOf(signed.replace("#status", "")), tab: "other" }, SECRET)).toBe(true);
  });

  it("keeps repeated parameters, each signed", () => {
    const signed = signFailurePath("/callback/failed?reason=no-flow&problem=one&problem=two&retry=%2F", SECRET);
    const query = queryOf(signed);
    expect(query.problem).toEqual(["one", "two"]);
    expect(hasSignedFailure(query, SECRET)).toBe(true);
    expect(hasSignedFailure({ ...query, problem: ["one"] }, SECRET)).toBe(false);
  });

  it("signs a path again in place of an earlier signature", () => {
    const twice = signFailurePath(signFailurePath(bankFailure, SECRET), SECRET);
    expect(twice.match(/sig=/g)).toHaveLength(1);
    expect(hasSignedFailure(queryOf(twice), SECRET)).toBe(true);
  });

  it("shows a payment's or basket's refusal only when it is signed and says scaFailed=1, its retry the page itself", () => {
    const page = "/baskets/b-1";
    const signed = queryOf(signFailurePath(`${page}?scaFailed=1&status=401&code=SCA_INVALID&message=The+PSU+cancelled`, SECRET));
    const failure = signedScaFailure(signed, page, SECRET);
    expect(failure?.title).toBe("The approval at the bank did not succeed");
    expect(failure?.sentences[0]).toBe("The approval at the bank was cancelled or not completed.");
    expect(failure?.details).toContainEqual({ label: "Message", value: "The PSU cancelled" });
    expect(failure?.retry).toBe(page);
    expect(signedScaFailure({ ...signed, scaFailed: ["1", "0"] }, page, SECRET)).toBeUndefined();
    expect(signedScaFailure({ ...signed, message: "Call us" }, page, SECRET)).toBeUndefined();
    const withoutFlag = queryOf(signFailurePath(`${page}?status=401&code=SCA_INVALID`, SECRET));
    expect(hasSignedFailure(withoutFlag, SECRET)).toBe(true);
    expect(signedScaFailure(withoutFlag, page, SECRET)).toBeUndefined();
  });
});
