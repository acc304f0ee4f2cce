import { describe, expect, it } from "vitest";
import { formatSignatureHeader } from "./format-signature-header";
import { parseSignatureHeader } from "./parse-signature-header";
import { SigningError } from "./signing-error";

const KEY_ID = "SN=F1E2D3C4B5A69788,CA=CN=Test QTSP eSeal CA G2,O=Testbank Sertifikat\\, Tromsø AS,C=NO";

describe("formatSignatureHeader (supplement §9.4)", () => {
  it("writes the four parts, no spaces after commas, the keyId as it is", () => {
    expect(
      formatSignatureHeader({ keyId: KEY_ID, algorithm: "rsa-sha256", headers: ["date", "digest", "x-request-id"], signature: "c2ln" }),
    ).toBe(`keyId="${KEY_ID}",algorithm="rsa-sha256",headers="date digest x-request-id",signature="c2ln"`);
  });

  it("refuses a value that would not read back", () => {
    for (const keyId of ['SN=1,CA=O=a"b', "SN=1,CA=O=a\\", "SN=1,CA=O=a\nb"]) {
      expect(() => formatSignatureHeader({ keyId, algorithm: "rsa-sha256", headers: "digest", signature: "c2ln" })).toThrow(SigningError);
    }
    expect(formatSignatureHeader({ keyId: 'SN=1,CA=O=a\\"b', algorithm: "rsa-sha256", headers: "digest", signature: "c2ln" })).toContain(
      'keyId="SN=1,CA=O=a\\"b"',
    );
  });
});

describe("parseSignatureHeader (draft-cavage-10 §4.1, RFC 7230 §7)", () => {
  it("reads what formatSignatureHeader writes, keeping the keyId's RFC 2253 escapes", () => {
    const value = formatSignatureHeader({ keyId: KEY_ID, algorithm: "rsa-sha256", headers: "date digest", signature: "c2ln" });
    expect(parseSignatureHeader(value)).toEqual({
      keyId: KEY_ID,
      algorithm: "rsa-sha256",
      headers: "date digest",
      signature: "c2ln",
      parameters: { keyId: KEY_ID, algorithm: "rsa-sha256", headers: "date digest", signature: "c2ln" },
    });
  });

  it("accepts whitespace around commas and equals, and empty list elements (A05)", () => {
    const parsed = parseSignatureHeader(' keyId = "SN=1,CA=C=NO" ,  algorithm="rsa-sha256",, headers="digest",\tsignature="c2ln" , ');
    expect([parsed.keyId, parsed.algorithm, parsed.headers, parsed.signature]).toEqual(["SN=1,CA=C=NO", "rsa-sha256", "digest", "c2ln"]);
  });

  it('does not end a value at \\" and keeps the backslash', () => {
    expect(parseSignatureHeader('keyId="SN=1,CA=O=a\\"b",signature="c2ln"').keyId).toBe('SN=1,CA=O=a\\"b');
  });

  it("keeps other parameters, and leaves algorithm and headers undefined when absent", () => {
    const parsed = parseSignatureHeader('keyId="k",signature="c2ln",created=1402170695');
    expect(parsed.parameters).toEqual({ keyId: "k", signature: "c2ln", created: "1402170695" });
    expect(parsed.algorithm).toBeUndefined();
    expect(parsed.headers).toBeUndefined();
  });

  it.each([
    ['keyId"SN=1"', /expected '=' after parameter 'keyId' at position 5, found '"'/],
    ['keyId="SN=1', /the quoted value of 'keyId' opened at position 6 is not closed/],
    ['keyId="SN=1" signature="x"', /expected ',' after the value of 'keyId' at position 13, found 's'/],
    ['keyId="a",keyId="b",signature="x"', /parameter 'keyId' appears twice/],
    ['algorithm="rsa-sha256",signature="x"', /the keyId parameter is missing/],
    ['keyId="k",algorithm="rsa-sha256"', /the signature parameter is missing/],
    ['keyId=,signature="x"', /expected a quoted value for 'keyId' at position 6, found ','/],
    ['="x"', /expected a parameter name at position 0, found '='/],
  ])("reports %s precisely", (value, message) => {
    expect(() => parseSignatureHeader(value)).toThrow(SigningError);
    expect(() => parseSignatureHeader(value)).toThrow(message);
  });
});
