import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadTppConfig } from "../config";
import { appleAppSiteAssociation, assetLinks } from "./app-link-files";

const work = mkdtempSync(path.join(tmpdir(), "tpp-app-links-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const FINGERPRINT = Array.from({ length: 32 }, (_, index) => index.toString(16).padStart(2, "0")).join(":");

function load(env: Record<string, string>) {
  return loadTppConfig({ TPP_DATA_DIR: path.join(work, "data"), ...env }, { cwd: work });
}

describe("the application-site bindings' settings (psd2-interface.md Authentication 8)", () => {
  it("publishes nothing when unset", () => {
    const config = load({});
    expect(config.appLinks).toEqual({ ios: undefined, android: undefined });
    expect(appleAppSiteAssociation(config.appLinks)).toBeUndefined();
    expect(assetLinks(config.appLinks)).toBeUndefined();
  });

  it("reads the iOS apps with the redirect URI's path by default, and the Android app with its fingerprints in capitals", () => {
    const config = load({
      TPP_REDIRECT_URI: "https://tpp.example.test/callback",
      NEXTAUTH_URL: "https://tpp.example.test",
      ASPSP_BASE_URL: "http://localhost:4000",
      TPP_IOS_APP_IDS: "ABCDE12345.no.example.tpp, FGHIJ67890.no.example.tpp-beta",
      TPP_ANDROID_PACKAGE: "no.example.tpp",
      TPP_ANDROID_CERT_FINGERPRINTS: FINGERPRINT,
    });
    expect(config.appLinks).toEqual({
      ios: { appIds: ["ABCDE12345.no.example.tpp", "FGHIJ67890.no.example.tpp-beta"], paths: ["/callback"] },
      android: { packageName: "no.example.tpp", fingerprints: [FINGERPRINT.toUpperCase()] },
    });
    expect(load({ TPP_IOS_APP_IDS: "ABCDE12345.no.example.tpp", TPP_APP_LINK_PATHS: "/callback,/app/*" }).appLinks.ios?.paths).toEqual([
      "/callback",
      "/app/*",
    ]);
  });

  it.each([
    [
      { TPP_IOS_APP_IDS: "no.example.tpp" },
      'TPP_IOS_APP_IDS: must be a comma-separated list of App IDs <Team ID>.<bundle ID>, e.g. ABCDE12345.no.example.tpp (the Team ID is 10 capitals or digits); "no.example.tpp" is not one (got "no.example.tpp")',
    ],
    [{ TPP_IOS_APP_IDS: " , " }, /^TPP_IOS_APP_IDS: must not be empty: give a comma-separated list of App IDs/],
    [
      { TPP_ANDROID_PACKAGE: "tpp", TPP_ANDROID_CERT_FINGERPRINTS: FINGERPRINT },
      /^TPP_ANDROID_PACKAGE: must be an Android application id such as no\.example\.tpp \(got "tpp"\)$/,
    ],
    [
      { TPP_ANDROID_PACKAGE: "no.example.tpp", TPP_ANDROID_CERT_FINGERPRINTS: "AB:CD" },
      /^TPP_ANDROID_CERT_FINGERPRINTS: must be a comma-separated list of SHA-256 fingerprints .*; "AB:CD" is not one \(got "AB:CD"\)$/,
    ],
    [{ TPP_ANDROID_PACKAGE: "no.example.tpp" }, /^TPP_ANDROID_CERT_FINGERPRINTS: is required with TPP_ANDROID_PACKAGE/],
    [{ TPP_ANDROID_CERT_FINGERPRINTS: FINGERPRINT }, /^TPP_ANDROID_PACKAGE: is required with TPP_ANDROID_CERT_FINGERPRINTS/],
    [{ TPP_APP_LINK_PATHS: "/callback" }, /^TPP_APP_LINK_PATHS: is set, but no iOS app is/],
    [
      { TPP_IOS_APP_IDS: "ABCDE12345.no.example.tpp", TPP_APP_LINK_PATHS: "callback" },
      /^TPP_APP_LINK_PATHS: must be a comma-separated list of paths that begin with \/.*; "callback" is not one/,
    ],
  ])("refuses %j with one line naming the variable", (env, message) => {
    let thrown: unknown;
    try {
      load(env);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ code: "CONFIG_INVALID" });
    const text = thrown instanceof Error ? thrown.message : "";
    expect(text).not.toContain("\n");
    if (typeof message === "string") expect(text).toBe(message);
    else expect(text).toMatch(message);
  });
});
