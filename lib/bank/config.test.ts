import { describe, expect, it } from "vitest";
import { BankConfigError, loadBankConfig } from "./config";

describe("loadBankConfig", () => {
  it("gives the documented defaults", () => {
    const config = loadBankConfig({});
    expect(config).toMatchObject({
      host: "127.0.0.1",
      port: 4000,
      publicUrl: "http://localhost:4000",
      dataDir: ".data/bank",
      databaseUrl: undefined,
      trustAnchorsFile: undefined,
      signatureMode: "strict",
      workers: 1,
      batchRunIntervalMs: 30_000,
      portalCertificatesPerMinute: 20,
      switches: { pendingKnownIssue: true, domesticDetailsKnownIssue: true },
    });
  });

  it("runs one bank process on PGlite, and one per core on PostgreSQL unless BANK_WORKERS says", () => {
    const postgres = { BANK_DATABASE_URL: "postgres://postgres@127.0.0.1:5432/bank" };
    expect(loadBankConfig({}, { cores: 8 }).workers).toBe(1);
    expect(loadBankConfig({ BANK_WORKERS: "1" }, { cores: 8 }).workers).toBe(1);
    expect(loadBankConfig(postgres, { cores: 8 }).workers).toBe(8);
    expect(loadBankConfig(postgres, { cores: 1 }).workers).toBe(1);
    expect(loadBankConfig({ ...postgres, BANK_WORKERS: "3" }, { cores: 8 }).workers).toBe(3);
  });

  it("serves plain HTTP unless BANK_TLS is on; with it, HTTPS at https://localhost:4000 by default", () => {
    expect(loadBankConfig({})).toMatchObject({ tls: false, clientCertificate: "off", publicUrl: "http://localhost:4000" });
    expect(loadBankConfig({ BANK_TLS: "on" })).toMatchObject({ tls: true, clientCertificate: "off", publicUrl: "https://localhost:4000" });
    expect(loadBankConfig({ BANK_TLS: "on", BANK_CLIENT_CERT: "required", BANK_PUBLIC_URL: "https://127.0.0.1:4443" })).toMatchObject({
      tls: true,
      clientCertificate: "required",
      publicUrl: "https://127.0.0.1:4443",
    });
  });

  it("serves the web pages on one port with the API unless a client certificate is required; then on BANK_WEB_PORT, BANK_PORT + 1 by default", () => {
    expect(loadBankConfig({ BANK_TLS: "on" })).toMatchObject({ webPort: undefined, publicWebUrl: "https://localhost:4000" });
    expect(
      loadBankConfig({ BANK_TLS: "on", BANK_CLIENT_CERT: "required", BANK_PORT: "4443", BANK_PUBLIC_URL: "https://127.0.0.1:4443" }),
    ).toMatchObject({
      port: 4443,
      webPort: 4444,
      publicUrl: "https://127.0.0.1:4443",
      publicWebUrl: "https://127.0.0.1:4444",
    });
    expect(
      loadBankConfig({
        BANK_TLS: "on",
        BANK_CLIENT_CERT: "required",
        BANK_WEB_PORT: "8443",
        BANK_PUBLIC_URL: "https://api.bank.example.test",
        BANK_PUBLIC_WEB_URL: "https://bank.example.test/",
      }),
    ).toMatchObject({ port: 4000, webPort: 8443, publicUrl: "https://api.bank.example.test", publicWebUrl: "https://bank.example.test" });
  });

  it("refuses a web port without a client certificate required, one equal to the API's, and an http:// web URL", () => {
    expect(() => loadBankConfig({ BANK_TLS: "on", BANK_WEB_PORT: "4001" })).toThrow(
      'BANK_WEB_PORT: is only used with BANK_CLIENT_CERT=required, whose web pages have a port of their own; without it one port serves everything (got "4001")',
    );
    expect(() => loadBankConfig({ BANK_TLS: "on", BANK_CLIENT_CERT: "required", BANK_WEB_PORT: "4000" })).toThrow(
      "BANK_WEB_PORT: must differ from BANK_PORT (4000): the API port requires a client certificate, the web pages' port does not",
    );
    expect(() => loadBankConfig({ BANK_TLS: "on", BANK_CLIENT_CERT: "required", BANK_PUBLIC_WEB_URL: "http://localhost:4001" })).toThrow(
      "BANK_PUBLIC_WEB_URL: must be an https URL such as https://localhost:4001",
    );
    expect(() => loadBankConfig({ BANK_TLS: "on", BANK_CLIENT_CERT: "required", BANK_PORT: "65535" })).toThrow(
      "BANK_WEB_PORT: must be set when BANK_PORT is 65535: the default is BANK_PORT + 1",
    );
  });

  it("refuses a client certificate without TLS, and an http:// public URL with TLS, naming the variable", () => {
    expect(() => loadBankConfig({ BANK_CLIENT_CERT: "required" })).toThrow(
      'BANK_CLIENT_CERT: required needs BANK_TLS=on: a client certificate is presented on a TLS connection (got "required")',
    );
    expect(() => loadBankConfig({ BANK_TLS: "on", BANK_PUBLIC_URL: "http://localhost:4000" })).toThrow(
      'BANK_PUBLIC_URL: must be an https:// URL when BANK_TLS is on: the bank\'s links and SCA pages are served over HTTPS (got "http://localhost:4000")',
    );
    expect(() => loadBankConfig({ BANK_TLS: "maybe" })).toThrow("BANK_TLS: must be one of true, false, 1, 0, on, off, yes, no");
    expect(() => loadBankConfig({ BANK_TLS: "on", BANK_CLIENT_CERT: "optional" })).toThrow("BANK_CLIENT_CERT: must be off or required");
  });

  it("refuses BANK_WORKERS above 1 on PGlite, naming the variable and what to do", () => {
    expect(() => loadBankConfig({ BANK_WORKERS: "2" })).toThrow(BankConfigError);
    expect(() => loadBankConfig({ BANK_WORKERS: "2", BANK_DATA_DIR: "/tmp/bank" })).toThrow(
      'BANK_WORKERS: must be 1 with PGlite (BANK_DATA_DIR), whose database only one process can open; set BANK_DATABASE_URL to run several workers on PostgreSQL (got "2")',
    );
  });

  it("reads every variable", () => {
    const config = loadBankConfig({
      BANK_HOST: "0.0.0.0",
      BANK_PORT: "4100",
      BANK_PUBLIC_URL: "https://bank.example.test/",
      BANK_DATA_DIR: "/tmp/bank",
      BANK_DATABASE_URL: "postgres://postgres@127.0.0.1:5432/bank",
      BANK_TRUST_ANCHORS: "/etc/anchors.pem",
      BANK_SIGNATURE_MODE: "lenient",
      BANK_WORKERS: "4",
      BANK_BATCH_RUN_INTERVAL: "0",
      BANK_PENDING_KNOWN_ISSUE: "off",
      BANK_DOMESTIC_DETAILS_KNOWN_ISSUE: "false",
      BANK_PORTAL_CERTIFICATES_PER_MINUTE: "0",
    });
    expect(config).toMatchObject({
      host: "0.0.0.0",
      port: 4100,
      publicUrl: "https://bank.example.test",
      dataDir: "/tmp/bank",
      databaseUrl: "postgres://postgres@127.0.0.1:5432/bank",
      trustAnchorsFile: "/etc/anchors.pem",
      signatureMode: "lenient",
      workers: 4,
      batchRunIntervalMs: 0,
      portalCertificatesPerMinute: 0,
      switches: { pendingKnownIssue: false, domesticDetailsKnownIssue: false },
    });
  });

  it.each([
    ["BANK_PORT", "http", "BANK_PORT: must be a port number"],
    ["BANK_PORT", "70000", "BANK_PORT: must be 0-65535"],
    ["BANK_PUBLIC_URL", "localhost:4000", "BANK_PUBLIC_URL: must be an http(s) URL"],
    ["BANK_DATABASE_URL", "mysql://x", "BANK_DATABASE_URL: must be a postgres:// URL"],
    ["BANK_SIGNATURE_MODE", "loose", "BANK_SIGNATURE_MODE: must be strict or lenient"],
    ["BANK_WORKERS", "0", "BANK_WORKERS: must be 1-64"],
    ["BANK_WORKERS", "two", "BANK_WORKERS: must be a whole number of processes"],
    ["BANK_WORKERS", "1.5", "BANK_WORKERS: must be a whole number of processes"],
    ["BANK_BATCH_RUN_INTERVAL", "-1", "BANK_BATCH_RUN_INTERVAL: must be 0-86400 seconds"],
    ["BANK_BATCH_RUN_INTERVAL", "soon", "BANK_BATCH_RUN_INTERVAL: must be a number of seconds"],
    ["BANK_PORTAL_CERTIFICATES_PER_MINUTE", "-1", "BANK_PORTAL_CERTIFICATES_PER_MINUTE: must be 0-10000 (0: no limit)"],
    ["BANK_PORTAL_CERTIFICATES_PER_MINUTE", "lots", "BANK_PORTAL_CERTIFICATES_PER_MINUTE: must be a whole number of certificates a minute"],
    ["BANK_PENDING_KNOWN_ISSUE", "maybe", "BANK_PENDING_KNOWN_ISSUE: must be one of true, false"],
  ])("names %s when it is %j", (variable, value, message) => {
    let thrown: unknown;
    try {
      loadBankConfig({ [variable]: value });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(BankConfigError);
    expect((thrown as BankConfigError).variable).toBe(variable);
    expect((thrown as BankConfigError).message).toContain(message);
    expect((thrown as BankConfigError).message).toContain(JSON.stringify(value));
    expect((thrown as BankConfigError).message).not.toContain("\n");
  });
});
