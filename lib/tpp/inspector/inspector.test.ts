import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { createRequestSigner } from "../../psd2/signing";
import type { HeaderPair } from "../aspsp/aspsp-exchange";
import { testPki } from "../testing/test-pki";
import { buildCurlCommand } from "./build-curl-command";
import { explainSignature } from "./explain-signature";
import { redactHeaders } from "./redact-headers";

const signer = createRequestSigner({ privateKeyPem: testPki.tppKeyPem, certificatePem: testPki.tppCertificatePem });

function signedHeaders(extra: Record<string, string> = {}): HeaderPair[] {
  const signed = signer.sign(
    { method: "GET", path: "/v1/accounts", headers: { "PSU-ID": "6f1b3c0e-8d1a-4a57-9a5e-3b2f0c6d7e81", ...extra } },
    { date: new Date("2026-03-02T10:00:00Z"), requestId: "0d2c7e35-1f7a-4d5e-9a4b-6c8d0e2f4a61" },
  );
  return [...Object.entries(signed.headers), ["PSU-ID", "6f1b3c0e-8d1a-4a57-9a5e-3b2f0c6d7e81"], ...Object.entries(extra)];
}

describe("redactHeaders", () => {
  it("replaces Cookie, Set-Cookie, Authorization and Proxy-Authorization values, whatever their case", () => {
    expect(
      redactHeaders([
        ["Cookie", "next-auth.session-token=abc"],
        ["set-cookie", "tpp_psu=xyz"],
        ["AUTHORIZATION", "Bearer t"],
        ["Proxy-Authorization", "Basic u"],
        ["PSU-ID", "kept"],
      ]),
    ).toEqual([
      ["Cookie", "[redacted]"],
      ["set-cookie", "[redacted]"],
      ["AUTHORIZATION", "[redacted]"],
      ["Proxy-Authorization", "[redacted]"],
      ["PSU-ID", "kept"],
    ]);
  });
});

describe("buildCurlCommand", () => {
  it("repeats the method, URL, every header in order and the body octets, quoted for the shell", () => {
    const command = buildCurlCommand({
      method: "PUT",
      url: "http://localhost:4000/v1/tpps/PSDNO-FSA-123456/contact-information",
      headers: [
        ["Date", "Mon, 02 Mar 2026 10:00:00 GMT"],
        ["Signature", 'keyId="SN=1,CA=CN=x",headers="date"'],
      ],
      body: `{"email":"o'brien@blåbær.example"}`,
    });
    expect(command).toBe(
      [
        "curl --request PUT 'http://localhost:4000/v1/tpps/PSDNO-FSA-123456/contact-information'",
        "  --header 'Date: Mon, 02 Mar 2026 10:00:00 GMT'",
        `  --header 'Signature: keyId="SN=1,CA=CN=x",headers="date"'`,
        `  --data-binary '{"email":"o'\\''brien@blåbær.example"}'`,
      ].join(" \\\n"),
    );
  });

  it("gives the shell back exactly the values it was built from", () => {
    const headers: HeaderPair[] = [["X-Odd", `it's "quoted" $HOME \`x\` \\n`]];
    const command = buildCurlCommand({ method: "GET", url: "http://h/p?a=1&b=2", headers, body: "" });
    expect(command).not.toContain("--data-binary");
    // printf each argument back through a real shell: the words must come out unchanged.
    const words = execFileSync("sh", ["-c", `printf '%s\\n' ${command.replace(/^curl /, "").replaceAll(" \\\n", " ")}`], {
      encoding: "utf8",
    });
    expect(words.split("\n")).toEqual(["--request", "GET", "http://h/p?a=1&b=2", "--header", `X-Odd: it's "quoted" $HOME \`x\` \\n`, ""]);
  });
});

describe("explainSignature", () => {
  it("takes the keyId apart (serial, issuer) and lists the signed headers", () => {
    const explained = explainSignature(signedHeaders());
    expect(explained?.problem).toBeUndefined();
    expect(explained?.serialNumber).toBe("A3F5C7E91B2D4C6E8F1");
    expect(explained?.issuer).toBe(signer.certificate.issuerName);
    expect(explained?.keyId).toBe(signer.keyId);
    expect(explained?.algorithm).toBe("rsa-sha256");
    expect(explained?.signedHeaders).toEqual(["date", "digest", "x-request-id", "psu-id"]);
    expect(explained?.rfc2047).toBe(false);
    expect(explained?.certificate).toMatchObject({
      organizationIdentifier: "PSDNO-FSA-123456",
      roles: ["PSP_PI", "PSP_AI"],
      matchesKeyId: true,
    });
  });

  it("reads an RFC 2047-wrapped Signature header", () => {
    const explained = explainSignature(signedHeaders({ "TPP-Redirect-URI": "http://localhost:3000/tilbakekåll" }));
    expect(explained?.rfc2047).toBe(true);
    expect(explained?.signedHeaders).toContain("tpp-redirect-uri");
  });

  it("says what it could not read", () => {
    expect(explainSignature([["Date", "x"]])).toBeUndefined();
    expect(explainSignature([["Signature", "garbage"]])?.problem).toMatch(/Signature header/);
  });
});
