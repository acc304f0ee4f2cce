/**
 * The application-site bindings as the platforms fetch them: the routes under /.well-known
 * (200 application/json with the configured apps, 404 when unset) and the proxy, which lets them
 * through on any host with no redirect, sign-in or session.
 * @see docs/biometric-flow.md; docs/interface/authentication.md#biometric-flow
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { GET as getAppleAppSiteAssociation } from "./.well-known/apple-app-site-association/route";
import { GET as getAssetLinks } from "./.well-known/assetlinks.json/route";

const FINGERPRINT = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5";
const work = mkdtempSync(path.join(tmpdir(), "tpp-well-known-"));
const saved = new Map<string, string | undefined>();
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs the app with these settings (the configuration is read once per process: read it again). */
function configure(settings: Record<string, string>): void {
  for (const [name, value] of Object.entries({ TPP_DATA_DIR: path.join(work, "data"), ...settings })) {
    if (!saved.has(name)) saved.set(name, process.env[name]);
    process.env[name] = value;
  }
  globalThis.__psd2TppConfig = undefined;
}

beforeEach(() => {
  globalThis.__psd2TppConfig = undefined;
});
afterEach(() => {
  for (const [name, value] of saved) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  saved.clear();
  globalThis.__psd2TppConfig = undefined;
});

describe("GET /.well-known/apple-app-site-association and /.well-known/assetlinks.json", () => {
  it("serve the configured apps as application/json", async () => {
    configure({
      TPP_IOS_APP_IDS: "ABCDE12345.no.example.tpp",
      TPP_ANDROID_PACKAGE: "no.example.tpp",
      TPP_ANDROID_CERT_FINGERPRINTS: FINGERPRINT.toLowerCase(),
    });
    const apple = getAppleAppSiteAssociation();
    expect(apple.status).toBe(200);
    expect(apple.headers.get("content-type")).toBe("application/json");
    expect(await apple.json()).toEqual({
      applinks: {
        details: [
          {
            appIDs: ["ABCDE12345.no.example.tpp"],
            components: [{ "/": "/callback", comment: "TPP-Redirect-URI: the bank returns the PSU here after SCA" }],
          },
        ],
      },
    });
    const android = getAssetLinks();
    expect(android.status).toBe(200);
    expect(android.headers.get("content-type")).toBe("application/json");
    expect(await android.json()).toEqual([
      {
        relation: ["delegate_permission/common.handle_all_urls"],
        target: { namespace: "android_app", package_name: "no.example.tpp", sha256_cert_fingerprints: [FINGERPRINT] },
      },
    ]);
  });

  it("are 404 when no app is configured", async () => {
    configure({});
    for (const [response, variable] of [
      [getAppleAppSiteAssociation(), "TPP_IOS_APP_IDS"],
      [getAssetLinks(), "TPP_ANDROID_PACKAGE"],
    ] as const) {
      expect(response.status).toBe(404);
      expect(await response.text()).toBe(`Not found: no application is configured (${variable} is not set).\n`);
    }
  });

  it("go through the proxy on any host: no redirect to the app's origin, no session cookie, the security headers still set", async () => {
    configure({ NEXTAUTH_URL: "http://localhost:3000", TPP_REDIRECT_URI: "http://localhost:3000/callback" });
    for (const pathname of ["/.well-known/apple-app-site-association", "/.well-known/assetlinks.json"]) {
      for (const host of ["localhost:3000", "tpp.example.test"]) {
        const response = await proxy(new NextRequest(`http://${host}${pathname}`, { headers: { host } }));
        expect(response.headers.get("x-middleware-next")).toBe("1");
        expect(response.headers.get("x-middleware-rewrite")).toBeNull();
        expect(response.headers.get("location")).toBeNull();
        expect(response.headers.get("set-cookie")).toBeNull();
        expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      }
    }
    // Another path on another host is sent to the app's origin: the exemption is the bindings' only.
    const elsewhere = await proxy(new NextRequest("http://tpp.example.test/accounts", { headers: { host: "tpp.example.test" } }));
    expect(elsewhere.headers.get("x-middleware-rewrite")).toContain("/app-origin");
  });
});
