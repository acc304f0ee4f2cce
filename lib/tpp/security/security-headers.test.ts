import { describe, expect, it } from "vitest";
import { buildContentSecurityPolicy, buildSecurityHeaders, createNonce, type SecurityHeaderOptions } from "./security-headers";

const base: SecurityHeaderOptions = {
  nonce: "AAECAwQFBgcICQoLDA0ODw==",
  development: false,
  appUrl: "http://localhost:3000",
  formTargets: ["http://localhost:4000/v1"],
  pathname: "/accounts",
};

/** The policy's directives by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe("buildContentSecurityPolicy", () => {
  it("allows scripts only with the nonce (and what they load), never inline or eval in production", () => {
    const policy = directives(buildContentSecurityPolicy(base));
    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-AAECAwQFBgcICQoLDA0ODw=='", "'strict-dynamic'"]);
    expect(policy.get("style-src")).toEqual(["'self'", "'nonce-AAECAwQFBgcICQoLDA0ODw=='"]);
    expect(policy.get("style-src-attr")).toEqual(["'unsafe-inline'"]);
    expect(buildContentSecurityPolicy(base)).not.toMatch(/unsafe-eval/);
    expect(policy.get("style-src")).not.toContain("'unsafe-inline'");
  });

  it("frames nothing, embeds no object, takes no <base>, posts forms to the app and the bank only", () => {
    const policy = directives(buildContentSecurityPolicy(base));
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'self'", "http://localhost:4000"]);
    expect(policy.get("img-src")).toEqual(["'self'"]);
    expect(policy.has("upgrade-insecure-requests")).toBe(false);
  });

  it("allows eval and inline styles in development only (React's debugging, Next's overlay)", () => {
    const policy = directives(buildContentSecurityPolicy({ ...base, development: true }));
    expect(policy.get("script-src")).toContain("'unsafe-eval'");
    expect(policy.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("upgrades insecure requests when the app is served over HTTPS; a form target that is no http(s) URL is left out", () => {
    const policy = directives(
      buildContentSecurityPolicy({
        ...base,
        appUrl: "https://tpp.example",
        formTargets: ["https://bank.example/psd2", "https://bank.example", "not a url", "javascript:alert(1)"],
      }),
    );
    expect(policy.has("upgrade-insecure-requests")).toBe(true);
    expect(policy.get("form-action")).toEqual(["'self'", "https://bank.example"]);
  });
});

describe("buildSecurityHeaders", () => {
  it("gives every response the CSP, X-Frame-Options, nosniff, a strict Referrer-Policy and a Permissions-Policy; no HSTS over plain HTTP", () => {
    const headers = buildSecurityHeaders(base);
    expect(headers["Content-Security-Policy"]).toBe(buildContentSecurityPolicy(base));
    expect(headers["X-Frame-Options"]).toBe("DENY");
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Referrer-Policy"]).toBe("same-origin");
    expect(headers["Permissions-Policy"]).toMatch(/(^|, )camera=\(\)(,|$)/);
    expect(headers["Permissions-Policy"]).toMatch(/(^|, )geolocation=\(\)(,|$)/);
    expect(headers["Cross-Origin-Opener-Policy"]).toBe("same-origin");
    expect(headers["Strict-Transport-Security"]).toBeUndefined();
  });

  it("sets HSTS for two years when NEXTAUTH_URL is https", () => {
    expect(buildSecurityHeaders({ ...base, appUrl: "https://tpp.example" })["Strict-Transport-Security"]).toBe(
      "max-age=63072000; includeSubDomains",
    );
  });

  it("sends no referrer at all from the bank's callback, whose query carries the psu-id", () => {
    expect(buildSecurityHeaders({ ...base, pathname: "/callback" })["Referrer-Policy"]).toBe("no-referrer");
    expect(buildSecurityHeaders({ ...base, pathname: "/callback/failed" })["Referrer-Policy"]).toBe("no-referrer");
    expect(buildSecurityHeaders({ ...base, pathname: "/callbacks" })["Referrer-Policy"]).toBe("same-origin");
  });
});

describe("createNonce", () => {
  it("is 128 random bits in Base64, new every time", () => {
    const nonces = new Set(Array.from({ length: 100 }, () => createNonce()));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});
