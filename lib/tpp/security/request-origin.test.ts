import { describe, expect, it } from "vitest";
import { checkConfirmationOrigin, checkConfirmationToken, createConfirmationToken, isSameOriginOrUserInitiated } from "./request-origin";

describe("isSameOriginOrUserInitiated", () => {
  it("lets the app's own pages and the PSU's typed address or bookmark start at once", () => {
    expect(isSameOriginOrUserInitiated(new Headers({ "sec-fetch-site": "same-origin" }))).toBe(true);
    expect(isSameOriginOrUserInitiated(new Headers({ "sec-fetch-site": "none" }))).toBe(true);
  });

  it("asks first for another site's link, a sibling site's, and a browser that sends no fetch metadata", () => {
    expect(isSameOriginOrUserInitiated(new Headers({ "sec-fetch-site": "cross-site" }))).toBe(false);
    expect(isSameOriginOrUserInitiated(new Headers({ "sec-fetch-site": "same-site" }))).toBe(false);
    expect(isSameOriginOrUserInitiated(new Headers())).toBe(false);
    expect(isSameOriginOrUserInitiated(new Headers({ "sec-fetch-site": "Same-Origin" }))).toBe(false);
  });
});

describe("checkConfirmationOrigin", () => {
  it("accepts the app's own origin", () => {
    expect(checkConfirmationOrigin("http://localhost:3000", "http://localhost:3000/")).toBeUndefined();
    expect(checkConfirmationOrigin("https://tpp.example", "https://tpp.example/base")).toBeUndefined();
  });

  it("refuses a request without Origin or from another origin, naming it", () => {
    expect(checkConfirmationOrigin(null, "http://localhost:3000")).toEqual({
      code: "ORIGIN_MISSING",
      reason: "The request has no Origin header, so the app cannot tell that it was sent from its own page (http://localhost:3000).",
    });
    expect(checkConfirmationOrigin("http://attacker.test", "http://localhost:3000")).toEqual({
      code: "ORIGIN_FOREIGN",
      reason: "The request was sent from http://attacker.test, not from this app's page (http://localhost:3000).",
    });
    expect(checkConfirmationOrigin("null", "http://localhost:3000")?.code).toBe("ORIGIN_FOREIGN");
    expect(checkConfirmationOrigin("http://localhost:3001", "http://localhost:3000")?.code).toBe("ORIGIN_FOREIGN");
    expect(checkConfirmationOrigin(`http://${"a".repeat(5000)}.test`, "http://localhost:3000")?.reason.length).toBeLessThan(200);
  });
});

describe("checkConfirmationToken", () => {
  const secret = "a-session-secret-of-at-least-thirty-two-characters";
  const binding = {
    userId: "user-1",
    tppSessionId: "5f0c7c1e-2a7b-4b8e-9a51-0d3c2b1a4f6e",
  };
  const token = createConfirmationToken(secret, binding);

  it("accepts the token the page gave", () => {
    expect(checkConfirmationToken(token, secret, binding)).toBeUndefined();
  });

  it("refuses a missing token and a token of another user, another PSU session or another secret", () => {
    expect(checkConfirmationToken(null, secret, binding)).toEqual({
      code: "TOKEN_MISSING",
      reason: 'The form\'s confirmation token (field "token") is missing.',
    });
    expect(checkConfirmationToken("", secret, binding)?.code).toBe("TOKEN_MISSING");
    for (const wrong of [
      createConfirmationToken(secret, { ...binding, userId: "user-2" }),
      createConfirmationToken(secret, {
        ...binding,
        tppSessionId: "another-session",
      }),
      createConfirmationToken(`${secret}-other`, binding),
      `${token}x`,
      "x",
    ]) {
      expect(checkConfirmationToken(wrong, secret, binding)).toEqual({
        code: "TOKEN_WRONG",
        reason:
          'The form\'s confirmation token (field "token") is not the one this app gave you: the form comes from an earlier sign-in or from another site.',
      });
    }
  });

  it("makes a token that depends on the user and the PSU session, and is not either of them", () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(createConfirmationToken(secret, binding)).toBe(token);
    expect(createConfirmationToken(secret, { ...binding, tppSessionId: undefined })).not.toBe(token);
  });
});
