import { describe, expect, it } from "vitest";
import { INGRID, readTarget, SINDRE } from "./target-settings";

describe("readTarget", () => {
  it("is our sandbox bank, started by the suite, with its controls and customers, when no other target is named", () => {
    const target = readTarget({ E2E_APP_URL: "http://localhost:3100", E2E_BANK_URL: "http://127.0.0.1:4100" });
    expect(target).toEqual({
      name: "our sandbox bank",
      startedBySuite: true,
      appUrl: "http://localhost:3100",
      aspspBaseUrl: "http://127.0.0.1:4100",
      scaUrl: "http://127.0.0.1:4100",
      sandboxControls: true,
      scaDriver: "sandbox-bank",
      psu: { id: INGRID },
      corporatePsu: { id: SINDRE, agreement: "Lie Snekkeri AS (org. no. 926 148 338)" },
      creditor: { name: "Kari Nordmann", account: "86011117947" },
      browserIgnoresHttpsErrors: false,
    });
  });

  it("is another bank, without sandbox controls unless told, with E2E_ASPSP_BASE_URL, its PSUs and driver from the settings", () => {
    const target = readTarget({
      E2E_APP_URL: "https://tpp.example/",
      E2E_ASPSP_BASE_URL: "https://api.sandbox.bank.example/psd2/",
      E2E_SCA_URL: "https://login.bank.example",
      E2E_SCA_DRIVER: "example-bank",
      E2E_PSU: "31125461118",
      E2E_PSU_PASSWORD: "secret",
      E2E_CORPORATE_PSU: "user-7",
      E2E_CORPORATE_AGREEMENT: "Example Company AS",
      E2E_CREDITOR_NAME: "Ola Nordmann",
      E2E_CREDITOR_ACCOUNT: "12345678903",
      E2E_BROWSER_IGNORE_HTTPS_ERRORS: "1",
    });
    expect(target).toEqual({
      name: "at https://api.sandbox.bank.example",
      startedBySuite: false,
      appUrl: "https://tpp.example",
      aspspBaseUrl: "https://api.sandbox.bank.example/psd2",
      scaUrl: "https://login.bank.example",
      sandboxControls: false,
      scaDriver: "example-bank",
      psu: { id: "31125461118", password: "secret" },
      corporatePsu: { id: "user-7", agreement: "Example Company AS" },
      creditor: { name: "Ola Nordmann", account: "12345678903" },
      browserIgnoresHttpsErrors: true,
    });
    expect(readTarget({ E2E_APP_URL: "http://localhost:3108", E2E_ASPSP_BASE_URL: "https://localhost:4108" }).scaUrl).toBe(
      "https://localhost:4108",
    );
    expect(
      readTarget({ E2E_APP_URL: "http://localhost:3108", E2E_ASPSP_BASE_URL: "https://localhost:4108", E2E_SANDBOX_CONTROLS: "on" })
        .sandboxControls,
    ).toBe(true);
  });

  it("refuses a setting it cannot use, naming it", () => {
    expect(() => readTarget({ E2E_ASPSP_BASE_URL: "https://api.bank.example" })).toThrow(
      "E2E_ASPSP_BASE_URL is set but E2E_APP_URL is not: give the address of the app configured for that bank",
    );
    expect(() => readTarget({ E2E_APP_URL: "/app" })).toThrow('E2E_APP_URL is "/app": give an absolute http:// or https:// URL');
    expect(() => readTarget({ E2E_APP_URL: "localhost:3000" })).toThrow('E2E_APP_URL is "localhost:3000": give an http:// or https:// URL');
    expect(() => readTarget({ E2E_APP_URL: "http://localhost:3000", E2E_SCA_URL: "ftp://bank.example" })).toThrow(
      'E2E_SCA_URL is "ftp://bank.example": give an http:// or https:// URL',
    );
    expect(() => readTarget({ E2E_SANDBOX_CONTROLS: "maybe" })).toThrow('E2E_SANDBOX_CONTROLS is "maybe": give on or off');
  });
});
