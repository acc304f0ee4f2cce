import { describe, expect, it } from "vitest";
import { testPki } from "../testing/test-pki";
import { describeTlsSetting, readTlsSetting } from "./read-tls-credentials";

const cwd = process.cwd();

describe("the start-up line on TLS to the bank", () => {
  it("says plain HTTP for an http:// bank", () => {
    const setting = readTlsSetting({}, { cwd, aspspBaseUrl: "http://localhost:4000", sandboxPortal: true });
    expect(describeTlsSetting(setting, "http://localhost:4000")).toBe("plain HTTP to the bank (no TLS: ASPSP_BASE_URL is http://)");
  });

  it("names the sandbox portal for the local sandbox over HTTPS", () => {
    const setting = readTlsSetting({}, { cwd, aspspBaseUrl: "https://localhost:4000", sandboxPortal: true });
    expect(describeTlsSetting(setting, "https://localhost:4000")).toBe(
      "TLS to the bank: the bank's server certificate checked against the sandbox bank's CA (from its portal); client certificate from the sandbox portal (issued beside the signing certificate)",
    );
  });

  it("names the files and their subjects, or Node's CAs and no client certificate", () => {
    const files = readTlsSetting(
      {
        ASPSP_TLS_CA_FILE: testPki.path("ca1.cert.pem"),
        TPP_TLS_CERT_FILE: testPki.path("tpp.cert.pem"),
        TPP_TLS_KEY_FILE: testPki.path("tpp.key.pem"),
      },
      { cwd, aspspBaseUrl: "https://api.bank.example", sandboxPortal: false },
    );
    const line = describeTlsSetting(files, "https://api.bank.example");
    expect(line).toMatch(
      /^TLS to the bank: the bank's server certificate checked against ASPSP_TLS_CA_FILE .*ca1\.cert\.pem \(.*CN=.*\); client certificate .*CN=.* from TPP_TLS_CERT_FILE$/,
    );
    const none = readTlsSetting({}, { cwd, aspspBaseUrl: "https://api.bank.example", sandboxPortal: false });
    expect(describeTlsSetting(none, "https://api.bank.example")).toBe(
      "TLS to the bank: the bank's server certificate checked against Node's bundled CAs (ASPSP_TLS_CA_FILE unset); no client certificate (TPP_TLS_CERT_FILE or TPP_TLS_P12_FILE unset)",
    );
  });
});
