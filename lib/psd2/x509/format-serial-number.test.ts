import { describe, expect, it } from "vitest";
import { formatSerialNumber, parseSerialNumber } from "./format-serial-number";
import { formatKeyId, parseKeyId } from "./key-id";
import { X509Error } from "./x509-error";

describe("formatSerialNumber (supplement §9.4: upper-case hex without leading zeros)", () => {
  it.each([
    [[0x0a, 0x3f, 0x5c, 0x7e, 0x91, 0xb2, 0xd4, 0xc6, 0xe8, 0xf1], "A3F5C7E91B2D4C6E8F1"],
    [[0x00, 0xf1, 0xe2, 0xd3, 0xc4, 0xb5, 0xa6, 0x97, 0x88], "F1E2D3C4B5A69788"],
    [[0x5a, 0x1c, 0x00, 0x01], "5A1C0001"],
    [[0x01], "1"],
    [[0x00], "0"],
    [[0x00, 0x00, 0x0a], "A"],
  ])("%j -> %s", (bytes, expected) => {
    expect(formatSerialNumber(Uint8Array.from(bytes))).toBe(expected);
  });
});

describe("parseSerialNumber", () => {
  it("reads hex in any case, with leading zeros", () => {
    expect(parseSerialNumber("0A3F5C7E91B2D4C6E8F1")).toBe(0xa3f5c7e91b2d4c6e8f1n);
    expect(parseSerialNumber("a3f5c7e91b2d4c6e8f1")).toBe(0xa3f5c7e91b2d4c6e8f1n);
  });

  it("gives undefined for anything else", () => {
    expect(parseSerialNumber("")).toBeUndefined();
    expect(parseSerialNumber("0x1F")).toBeUndefined();
    expect(parseSerialNumber("12 34")).toBeUndefined();
  });
});

describe("keyId (supplement §9.4)", () => {
  it("formats SN=<serial>,CA=<issuer>", () => {
    expect(formatKeyId("A3F5C7E91B2D4C6E8F1", "CN=PSD2 Test QTSP CA for eSeal,O=Test QTSP AS,C=NO")).toBe(
      "SN=A3F5C7E91B2D4C6E8F1,CA=CN=PSD2 Test QTSP CA for eSeal,O=Test QTSP AS,C=NO",
    );
  });

  it("parses the issuer with its commas and escapes intact", () => {
    expect(parseKeyId("SN=F1E2D3C4B5A69788,CA=CN=Test QTSP eSeal CA G2,O=Testbank Sertifikat\\, Tromsø AS,C=NO")).toEqual({
      serialNumber: "F1E2D3C4B5A69788",
      issuer: "CN=Test QTSP eSeal CA G2,O=Testbank Sertifikat\\, Tromsø AS,C=NO",
    });
    expect(parseKeyId("SN=1, CA=C=NO")).toEqual({ serialNumber: "1", issuer: "C=NO" });
  });

  it.each(["CA=C=NO,SN=1", "SN=1", "sn=1,ca=C=NO", "SN=1;CA=C=NO"])("rejects %s", (keyId) => {
    expect(() => parseKeyId(keyId)).toThrow(X509Error);
    expect(() => parseKeyId(keyId)).toThrow(/is not of the form 'SN=<serial in hex>,CA=<issuer distinguished name>'/);
  });
});
