import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadTppConfig, TPP_CONFIG_VARIABLES } from "./config";
import { TppError } from "./errors";
import { testPki } from "./testing/test-pki";

const NOW = new Date("2026-03-02T10:00:00Z");
const work = mkdtempSync(path.join(tmpdir(), "tpp-config-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let counter = 0;
function freshDir(): string {
  counter += 1;
  return path.join(work, `data-${counter}`);
}

function writeWork(name: string, content: string | Buffer): string {
  const file = path.join(work, name);
  writeFileSync(file, content);
  return file;
}

const p12File = writeWork(
  "tpp.p12",
  Buffer.from(
    readFileSync(new URL("../psd2/certificates/fixtures/tpp-openssl3.p12.b64", import.meta.url), "utf8").replace(/\s+/g, ""),
    "base64",
  ),
);
const notPem = writeWork("not-a-certificate.pem", "hello\n");

const SECRET = "s".repeat(32);
const production = {
  ASPSP_ENVIRONMENT: "production",
  ASPSP_BASE_URL: "https://api.bank.example",
  TPP_REDIRECT_URI: "https://tpp.example/callback",
  NEXTAUTH_URL: "https://tpp.example",
  SESSION_SECRET: SECRET,
  NEXTAUTH_SECRET: SECRET,
  TPP_CERT_FILE: testPki.path("tpp.cert.pem"),
  TPP_KEY_FILE: testPki.path("tpp.key.pem"),
};

function load(env: Record<string, string | undefined>) {
  return loadTppConfig({ TPP_DATA_DIR: freshDir(), ...env }, { cwd: work, now: NOW });
}

/** The CONFIG_INVALID error of a configuration: one line that starts with the variable's name. */
function errorOf(env: Record<string, string | undefined>): TppError {
  try {
    load(env);
  } catch (error) {
    if (error instanceof TppError) return error;
    throw error;
  }
  throw new Error("expected a configuration error");
}

describe("loadTppConfig: defaults (sandbox)", () => {
  it("runs against the local sandbox with nothing set: certificate from the portal, secrets generated once", () => {
    const dataDir = freshDir();
    const config = loadTppConfig({ TPP_DATA_DIR: dataDir }, { cwd: work, now: NOW });
    expect(config.environment).toBe("sandbox");
    expect(config.aspspBaseUrl).toBe("http://localhost:4000");
    expect(config.redirectUri).toBe("http://localhost:3000/callback");
    expect(config.appUrl).toBe("http://localhost:3000");
    expect(config.database).toEqual({ kind: "pglite", dataDir: path.join(dataDir, "db") });
    expect(config.signing).toEqual({ kind: "sandbox-portal", directory: path.join(dataDir, "credentials") });
    expect(config.trustAnchors).toEqual({ kind: "sandbox-portal", directory: path.join(dataDir, "credentials") });
    expect(config.requireSignedResponses).toBe(false);
    expect(config.generated).toEqual(["SESSION_SECRET", "NEXTAUTH_SECRET"]);
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(config.nextAuthSecret).not.toBe(config.sessionSecret);
    const secretsFile = path.join(dataDir, "secrets.json");
    expect(statSync(secretsFile).mode & 0o777).toBe(0o600);
    const again = loadTppConfig({ TPP_DATA_DIR: dataDir }, { cwd: work, now: NOW });
    expect(again.sessionSecret).toBe(config.sessionSecret);
    expect(again.nextAuthSecret).toBe(config.nextAuthSecret);
  });

  it("uses the secrets that are set and generates none", () => {
    const dataDir = freshDir();
    const config = loadTppConfig({ TPP_DATA_DIR: dataDir, SESSION_SECRET: SECRET, NEXTAUTH_SECRET: "n".repeat(40) }, { cwd: work });
    expect(config.sessionSecret).toBe(SECRET);
    expect(config.generated).toEqual([]);
    expect(existsSync(path.join(dataDir, "secrets.json"))).toBe(false);
  });

  it("reads PEM files, a PKCS#12 file, and a trust anchor bundle", () => {
    const pem = load({ TPP_CERT_FILE: testPki.path("tpp.cert.pem"), TPP_KEY_FILE: testPki.path("tpp.key.pem") });
    expect(pem.signing.kind === "files" && pem.signing.variable).toBe("TPP_CERT_FILE");
    const p12 = load({ TPP_P12_FILE: p12File, TPP_P12_PASSWORD: "secret", ASPSP_TRUST_ANCHORS: testPki.path("trusted-cas.pem") });
    expect(p12.signing.kind === "files" && p12.signing.credentials.chainPems).toHaveLength(1);
    expect(p12.trustAnchors.kind === "file" && p12.trustAnchors.anchors).toHaveLength(2);
  });

  it("reads where the sandbox bank's portal is (ASPSP_PORTAL_URL), unset by default", () => {
    expect(load({}).sandboxPortalUrl).toBeUndefined();
    expect(load({ ASPSP_BASE_URL: "https://localhost:4443", ASPSP_PORTAL_URL: "https://localhost:8443/" }).sandboxPortalUrl).toBe(
      "https://localhost:8443",
    );
  });

  it("treats an empty variable as unset", () => {
    expect(load({ ASPSP_BASE_URL: "", ASPSP_ENVIRONMENT: "" }).aspspBaseUrl).toBe("http://localhost:4000");
  });

  it("accepts a complete production configuration and generates nothing", () => {
    const dataDir = freshDir();
    const config = loadTppConfig({ ...production, TPP_DATA_DIR: dataDir }, { cwd: work, now: NOW });
    expect(config.environment).toBe("production");
    expect(config.trustAnchors).toEqual({ kind: "none" });
    expect(config.generated).toEqual([]);
    expect(existsSync(dataDir)).toBe(false);
  });
});

// Each wrong value stops start-up with one line that names the variable.
const wrongValues: readonly [variable: string, env: Record<string, string>, message: RegExp][] = [
  ["ASPSP_BASE_URL", { ASPSP_BASE_URL: "ftp://bank.example" }, /must be an absolute http\(s\) URL/],
  ["ASPSP_BASE_URL", { ASPSP_BASE_URL: "http://user:pw@bank.example" }, /must not carry a user name or password/],
  ["ASPSP_PORTAL_URL", { ASPSP_PORTAL_URL: "localhost:4001" }, /must be an absolute http\(s\) URL such as https:\/\/localhost:4001/],
  ["ASPSP_ENVIRONMENT", { ASPSP_ENVIRONMENT: "staging" }, /must be sandbox or production \(got "staging"\)/],
  [
    "TPP_CERT_FILE",
    { TPP_CERT_FILE: "missing.pem", TPP_KEY_FILE: testPki.path("tpp.key.pem") },
    /cannot read missing\.pem \(no such file\)/,
  ],
  ["TPP_CERT_FILE", { TPP_CERT_FILE: notPem, TPP_KEY_FILE: testPki.path("tpp.key.pem") }, /is not a PEM certificate/],
  [
    "TPP_CERT_FILE",
    { TPP_CERT_FILE: testPki.path("tpp-expired.cert.pem"), TPP_KEY_FILE: testPki.path("tpp.key.pem") },
    /expired on 2021-01-01/,
  ],
  ["TPP_KEY_FILE", { TPP_CERT_FILE: testPki.path("tpp.cert.pem") }, /is required with TPP_CERT_FILE/],
  [
    "TPP_KEY_FILE",
    { TPP_CERT_FILE: testPki.path("tpp.cert.pem"), TPP_KEY_FILE: testPki.path("ca1.key.pem") },
    /does not belong to the certificate/,
  ],
  ["TPP_KEY_FILE", { TPP_CERT_FILE: testPki.path("tpp.cert.pem"), TPP_KEY_FILE: notPem }, /is not a PEM private key/],
  ["TPP_P12_FILE", { TPP_P12_FILE: notPem, TPP_P12_PASSWORD: "secret" }, /is not a usable PKCS#12 file/],
  ["TPP_P12_FILE", { TPP_P12_PASSWORD: "secret" }, /is required with TPP_P12_PASSWORD/],
  [
    "TPP_P12_FILE",
    { TPP_P12_FILE: p12File, TPP_CERT_FILE: testPki.path("tpp.cert.pem"), TPP_KEY_FILE: testPki.path("tpp.key.pem") },
    /not both/,
  ],
  ["TPP_P12_PASSWORD", { TPP_P12_FILE: p12File, TPP_P12_PASSWORD: "wrong" }, /wrong password/],
  ["TPP_TLS_KEY_FILE", { TPP_TLS_CERT_FILE: testPki.path("tpp.cert.pem") }, /is required with TPP_TLS_CERT_FILE/],
  ["TPP_TLS_CERT_FILE", { TPP_TLS_KEY_FILE: testPki.path("tpp.key.pem") }, /is required with TPP_TLS_KEY_FILE/],
  [
    "TPP_TLS_KEY_FILE",
    { TPP_TLS_CERT_FILE: testPki.path("tpp.cert.pem"), TPP_TLS_KEY_FILE: testPki.path("ca1.key.pem") },
    /does not belong/,
  ],
  ["TPP_TLS_P12_FILE", { TPP_TLS_P12_FILE: notPem, TPP_TLS_P12_PASSWORD: "secret" }, /^TPP_TLS_P12_FILE: .* is not a usable PKCS#12 file/],
  ["TPP_TLS_P12_FILE", { TPP_TLS_P12_PASSWORD: "secret" }, /^TPP_TLS_P12_FILE: is required with TPP_TLS_P12_PASSWORD$/],
  [
    "TPP_TLS_P12_FILE",
    { TPP_TLS_P12_FILE: p12File, TPP_TLS_CERT_FILE: testPki.path("tpp.cert.pem"), TPP_TLS_KEY_FILE: testPki.path("tpp.key.pem") },
    /give either TPP_TLS_P12_FILE or TPP_TLS_CERT_FILE with TPP_TLS_KEY_FILE, not both/,
  ],
  ["TPP_TLS_P12_PASSWORD", { TPP_TLS_P12_FILE: p12File, TPP_TLS_P12_PASSWORD: "wrong" }, /^TPP_TLS_P12_PASSWORD: wrong password for/],
  [
    "ASPSP_TLS_CA_FILE",
    { ASPSP_TLS_CA_FILE: testPki.path("ca1.cert.pem") },
    /^ASPSP_TLS_CA_FILE: is set, but ASPSP_BASE_URL \(http:\/\/localhost:4000\) is plain HTTP/,
  ],
  [
    "ASPSP_TLS_CA_FILE",
    { ASPSP_BASE_URL: "https://localhost:4443", ASPSP_TLS_CA_FILE: notPem },
    /^ASPSP_TLS_CA_FILE: .*not-a-certificate\.pem is not a PEM bundle of CA certificates/,
  ],
  [
    "ASPSP_TLS_CA_FILE",
    { ASPSP_BASE_URL: "https://localhost:4443", ASPSP_TLS_CA_FILE: testPki.path("tpp.key.pem") },
    /^ASPSP_TLS_CA_FILE: .* is not a PEM bundle of CA certificates \(it holds a private key/,
  ],
  [
    "ASPSP_TLS_CA_FILE",
    { ASPSP_BASE_URL: "https://localhost:4443", ASPSP_TLS_CA_FILE: "missing.pem" },
    /^ASPSP_TLS_CA_FILE: cannot read missing\.pem \(no such file\)$/,
  ],
  ["TPP_REDIRECT_URI", { TPP_REDIRECT_URI: "/callback" }, /must be an absolute http\(s\) URL/],
  [
    "TPP_REDIRECT_URI",
    { TPP_REDIRECT_URI: "http://127.0.0.1:3000/callback", NEXTAUTH_URL: "http://localhost:3000" },
    /must be the app's host in NEXTAUTH_URL \(localhost:3000\)/,
  ],
  ["TPP_DATA_DIR", { TPP_DATA_DIR: notPem }, /cannot write .*secrets\.json/],
  ["DATABASE_URL", { DATABASE_URL: "mysql://db.example/tpp" }, /must be a postgres:\/\/ URL$/],
  ["SESSION_SECRET", { SESSION_SECRET: "short" }, /must be at least 32 characters \(e\.g\. openssl rand -base64 32\)$/],
  ["NEXTAUTH_SECRET", { NEXTAUTH_SECRET: "short" }, /must be at least 32 characters/],
  ["NEXTAUTH_URL", { NEXTAUTH_URL: "localhost:3000" }, /must be an absolute http\(s\) URL/],
  ["ASPSP_TRUST_ANCHORS", { ASPSP_TRUST_ANCHORS: notPem }, /is not a PEM bundle of CA certificates/],
  ["ASPSP_TRUST_ANCHORS", { ASPSP_TRUST_ANCHORS: "missing.pem" }, /cannot read missing\.pem/],
  ["ASPSP_REQUIRE_SIGNED_RESPONSES", { ASPSP_REQUIRE_SIGNED_RESPONSES: "maybe" }, /must be one of true, false/],
  [
    "ASPSP_TRUST_ANCHORS",
    { ...production, ASPSP_REQUIRE_SIGNED_RESPONSES: "true" },
    /is required when ASPSP_REQUIRE_SIGNED_RESPONSES is on/,
  ],
  ...["0", "-1", "30.5", "30d", "030", "3651", "99999", "forever"].map((value): [string, Record<string, string>, RegExp] => [
    "TPP_RECORD_RETENTION_DAYS",
    { TPP_RECORD_RETENTION_DAYS: value },
    new RegExp(
      `^TPP_RECORD_RETENTION_DAYS: must be a whole number of days from 1 to 3650 \\(how long the request inspector's calls and the flows are kept\\) \\(got "${value}"\\)$`,
    ),
  ]),
  ...["6:00", "hourly", "06:00,18", "01:00,02:00,03:00,04:00,05:00"].map((value): [string, Record<string, string>, RegExp] => [
    "TPP_REFRESH_SCHEDULE",
    { TPP_REFRESH_SCHEDULE: value },
    /^TPP_REFRESH_SCHEDULE: must be "off" or times of day in Oslo as HH:MM separated by commas, at most 4/,
  ]),
  ...["0", "999", "120001", "10s", "1e4", "-5000", "01000"].map((value): [string, Record<string, string>, RegExp] => [
    "ASPSP_TIMEOUT_MS",
    { ASPSP_TIMEOUT_MS: value },
    new RegExp(
      `^ASPSP_TIMEOUT_MS: must be a whole number of milliseconds from 1000 to 120000 \\(how long the app waits for the bank's reply\\) \\(got "${value}"\\)$`,
    ),
  ]),
  [
    "TPP_CERT_FILE",
    { ASPSP_BASE_URL: "https://sandbox.bank.example" },
    /is required when ASPSP_BASE_URL \(https:\/\/sandbox\.bank\.example\) is not the local sandbox bank/,
  ],
];

describe("loadTppConfig: a wrong setting stops start-up with one line naming the variable", () => {
  it.each(wrongValues)("%s: %j", (variable, env, message) => {
    const error = errorOf(env);
    expect(error.code).toBe("CONFIG_INVALID");
    expect(error.variable).toBe(variable);
    expect(error.message.startsWith(`${variable}: `)).toBe(true);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain("\n");
  });

  it("never repeats a secret's value in the message", () => {
    expect(errorOf({ SESSION_SECRET: "hunter2" }).message).not.toContain("hunter2");
    expect(errorOf({ TPP_P12_FILE: p12File, TPP_P12_PASSWORD: "wrong-password" }).message).not.toContain("wrong-password");
    expect(errorOf({ DATABASE_URL: "mysql://user:pw@db/x" }).message).not.toContain("pw@");
  });

  it.each(["ASPSP_BASE_URL", "TPP_REDIRECT_URI", "NEXTAUTH_URL", "SESSION_SECRET", "NEXTAUTH_SECRET", "TPP_CERT_FILE"])(
    "production without %s stops start-up",
    (variable) => {
      const env: Record<string, string | undefined> = { ...production, [variable]: undefined };
      if (variable === "TPP_CERT_FILE") env.TPP_KEY_FILE = undefined;
      const error = errorOf(env);
      expect(error.variable).toBe(variable);
      expect(error.message).toMatch(new RegExp(`^${variable}: is required when ASPSP_ENVIRONMENT is production`));
    },
  );

  it("names TPP_DATA_DIR for a secrets file it did not write", () => {
    const dataDir = freshDir();
    loadTppConfig({ TPP_DATA_DIR: dataDir }, { cwd: work });
    writeFileSync(path.join(dataDir, "secrets.json"), "{}");
    expect(() => loadTppConfig({ TPP_DATA_DIR: dataDir }, { cwd: work })).toThrow(/^TPP_DATA_DIR: .*secrets\.json is not a secrets file/);
  });

  it("knows every variable it reads", () => {
    expect([...TPP_CONFIG_VARIABLES].sort()).toEqual([
      "ASPSP_BASE_URL",
      "ASPSP_ENVIRONMENT",
      "ASPSP_PORTAL_URL",
      "ASPSP_REQUIRE_SIGNED_RESPONSES",
      "ASPSP_TIMEOUT_MS",
      "ASPSP_TLS_CA_FILE",
      "ASPSP_TRUST_ANCHORS",
      "DATABASE_URL",
      "NEXTAUTH_SECRET",
      "NEXTAUTH_URL",
      "SESSION_SECRET",
      "TPP_ANDROID_CERT_FINGERPRINTS",
      "TPP_ANDROID_PACKAGE",
      "TPP_APP_LINK_PATHS",
      "TPP_CERT_FILE",
      "TPP_DATA_DIR",
      "TPP_IOS_APP_IDS",
      "TPP_KEY_FILE",
      "TPP_P12_FILE",
      "TPP_P12_PASSWORD",
      "TPP_RECORD_RETENTION_DAYS",
      "TPP_REDIRECT_URI",
      "TPP_REFRESH_SCHEDULE",
      "TPP_TLS_CERT_FILE",
      "TPP_TLS_KEY_FILE",
      "TPP_TLS_P12_FILE",
      "TPP_TLS_P12_PASSWORD",
      "TPP_TRUSTED_PROXIES",
    ]);
  });

  it("reaches the bank over TLS as configured: files, PKCS#12, the sandbox portal, or the system's CAs", () => {
    const https = "https://localhost:4443";
    expect(load({}).tls).toEqual({ clientCertificate: { kind: "none" }, serverCa: { kind: "system" } });
    // The local sandbox over HTTPS: its portal's CA and client certificate.
    expect(load({ ASPSP_BASE_URL: https }).tls).toEqual({
      clientCertificate: { kind: "sandbox-portal" },
      serverCa: { kind: "sandbox-portal" },
    });
    const files = load({
      ...production,
      ASPSP_TLS_CA_FILE: testPki.path("trusted-cas.pem"),
      TPP_TLS_CERT_FILE: testPki.path("tpp.cert.pem"),
      TPP_TLS_KEY_FILE: testPki.path("tpp.key.pem"),
    }).tls;
    expect(files.clientCertificate).toMatchObject({ kind: "files", variable: "TPP_TLS_CERT_FILE" });
    expect(files.serverCa).toMatchObject({ kind: "file", file: testPki.path("trusted-cas.pem") });
    expect(files.serverCa.kind === "file" && files.serverCa.subjects.length).toBe(2);
    const p12 = load({ ...production, TPP_TLS_P12_FILE: p12File, TPP_TLS_P12_PASSWORD: "secret" }).tls;
    expect(p12.clientCertificate).toMatchObject({ kind: "files", variable: "TPP_TLS_P12_FILE" });
    expect(p12.clientCertificate.kind === "files" && p12.clientCertificate.credentials.privateKeyPem).toContain("PRIVATE KEY");
    expect(p12.serverCa).toEqual({ kind: "system" });
  });

  it("trusts no proxy's X-Forwarded-For unless told how many proxies stand in front (TPP_TRUSTED_PROXIES)", () => {
    const dataDir = freshDir();
    expect(loadTppConfig({ TPP_DATA_DIR: dataDir }, { cwd: work }).trustedProxies).toBe(0);
    expect(loadTppConfig({ TPP_DATA_DIR: dataDir, TPP_TRUSTED_PROXIES: "1" }, { cwd: work }).trustedProxies).toBe(1);
    expect(() => loadTppConfig({ TPP_DATA_DIR: dataDir, TPP_TRUSTED_PROXIES: "yes" }, { cwd: work })).toThrow(
      /^TPP_TRUSTED_PROXIES: must be a whole number/,
    );
    expect(() => loadTppConfig({ TPP_DATA_DIR: dataDir, TPP_TRUSTED_PROXIES: "11" }, { cwd: work })).toThrow(/^TPP_TRUSTED_PROXIES: /);
  });

  it("keeps the request inspector's calls and the flows 30 days unless TPP_RECORD_RETENTION_DAYS says otherwise", () => {
    const dataDir = freshDir();
    expect(loadTppConfig({ TPP_DATA_DIR: dataDir }, { cwd: work }).recordRetentionDays).toBe(30);
    expect(loadTppConfig({ TPP_DATA_DIR: dataDir, TPP_RECORD_RETENTION_DAYS: "" }, { cwd: work }).recordRetentionDays).toBe(30);
    expect(loadTppConfig({ TPP_DATA_DIR: dataDir, TPP_RECORD_RETENTION_DAYS: "1" }, { cwd: work }).recordRetentionDays).toBe(1);
    expect(loadTppConfig({ TPP_DATA_DIR: dataDir, TPP_RECORD_RETENTION_DAYS: "3650" }, { cwd: work }).recordRetentionDays).toBe(3650);
  });

  it("reads accounts without the PSU four times a day in Oslo unless TPP_REFRESH_SCHEDULE says otherwise", () => {
    const dataDir = freshDir();
    expect(loadTppConfig({ TPP_DATA_DIR: dataDir }, { cwd: work }).refreshSchedule).toEqual({
      kind: "daily",
      times: ["00:00", "06:00", "12:00", "18:00"],
    });
    expect(loadTppConfig({ TPP_DATA_DIR: dataDir, TPP_REFRESH_SCHEDULE: "off" }, { cwd: work }).refreshSchedule).toEqual({ kind: "off" });
    expect(loadTppConfig({ TPP_DATA_DIR: dataDir, TPP_REFRESH_SCHEDULE: "07:15" }, { cwd: work }).refreshSchedule).toEqual({
      kind: "daily",
      times: ["07:15"],
    });
  });

  it("waits 10 seconds for the bank's reply unless ASPSP_TIMEOUT_MS says otherwise", () => {
    const dataDir = freshDir();
    expect(loadTppConfig({ TPP_DATA_DIR: dataDir }, { cwd: work }).aspspTimeoutMs).toBe(10_000);
    expect(loadTppConfig({ TPP_DATA_DIR: dataDir, ASPSP_TIMEOUT_MS: "1000" }, { cwd: work }).aspspTimeoutMs).toBe(1_000);
    expect(loadTppConfig({ TPP_DATA_DIR: dataDir, ASPSP_TIMEOUT_MS: "120000" }, { cwd: work }).aspspTimeoutMs).toBe(120_000);
  });
});
