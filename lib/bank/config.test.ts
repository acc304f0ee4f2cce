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
      switches: { pendingKnownIssue: true, domesticDetailsKnownIssue: true },
    });
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
      BANK_PENDING_KNOWN_ISSUE: "off",
      BANK_DOMESTIC_DETAILS_KNOWN_ISSUE: "false",
    });
    expect(config).toMatchObject({
      host: "0.0.0.0",
      port: 4100,
      publicUrl: "https://bank.example.test",
      dataDir: "/tmp/bank",
      databaseUrl: "postgres://postgres@127.0.0.1:5432/bank",
      trustAnchorsFile: "/etc/anchors.pem",
      signatureMode: "lenient",
      switches: { pendingKnownIssue: false, domesticDetailsKnownIssue: false },
    });
  });

  it.each([
    ["BANK_PORT", "http", "BANK_PORT: must be a port number"],
    ["BANK_PORT", "70000", "BANK_PORT: must be 0-65535"],
    ["BANK_PUBLIC_URL", "localhost:4000", "BANK_PUBLIC_URL: must be an http(s) URL"],
    ["BANK_DATABASE_URL", "mysql://x", "BANK_DATABASE_URL: must be a postgres:// URL"],
    ["BANK_SIGNATURE_MODE", "loose", "BANK_SIGNATURE_MODE: must be strict or lenient"],
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
