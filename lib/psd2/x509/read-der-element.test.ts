import { describe, expect, it } from "vitest";
import { tlv } from "./build-test-certificate.test-support";
import { readDirectoryString } from "./decode-directory-string";
import { decodeOid, isDottedOid, readDerOid } from "./decode-oid";
import { DER_TAG, readDerChildren, readDerElement, readDerValue } from "./read-der-element";
import { readDerTime } from "./read-der-time";
import { X509Error } from "./x509-error";

describe("readDerElement (X.690)", () => {
  it("reads short and long lengths", () => {
    expect(readDerElement(Uint8Array.from([0x04, 0x02, 0xaa, 0xbb]), 0)).toEqual({ tag: 4, start: 0, contentStart: 2, end: 4 });
    const long = tlv(0x04, new Uint8Array(300));
    expect(readDerElement(long, 0)).toEqual({ tag: 4, start: 0, contentStart: 4, end: 304 });
  });

  it("reads the children of a constructed element", () => {
    const seq = tlv(0x30, Buffer.concat([tlv(0x02, [1]), tlv(0x05, [])]));
    expect(readDerChildren(seq, readDerElement(seq, 0)).map((child) => child.tag)).toEqual([0x02, 0x05]);
  });

  it.each([
    [[0x04], /truncated/],
    [[0x04, 0x03, 0x00], /claims 3 content bytes but only 1 remain/],
    [[0x30, 0x80, 0x00, 0x00], /indefinite length/],
    [[0x1f, 0x01, 0x00], /multi-byte tag/],
    [[0x04, 0x85, 1, 1, 1, 1, 1], /5-byte length/],
  ])("rejects %j", (bytes, message) => {
    expect(() => readDerElement(Uint8Array.from(bytes), 0)).toThrow(X509Error);
    expect(() => readDerElement(Uint8Array.from(bytes), 0)).toThrow(message);
  });
});

describe("decodeOid (X.690 §8.19)", () => {
  it.each([
    [[0x55, 0x04, 0x61], "2.5.4.97"],
    [[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x01], "1.2.840.113549.1.9.1"],
    [[0x09, 0x92, 0x26, 0x89, 0x93, 0xf2, 0x2c, 0x64, 0x01, 0x19], "0.9.2342.19200300.100.1.25"],
    [[0x04, 0x00, 0x81, 0x98, 0x27, 0x02], "0.4.0.19495.2"],
  ])("%j -> %s", (bytes, dotted) => {
    expect(decodeOid(Uint8Array.from(bytes), 0, bytes.length)).toBe(dotted);
    expect(isDottedOid(dotted)).toBe(true);
  });

  it("rejects a truncated arc", () => {
    expect(() => decodeOid(Uint8Array.from([0x55, 0x84]), 0, 2)).toThrow(/ends inside an arc/);
  });
});

// Moved from lib/psd2/certificates/units.test.ts with the reader it tested (lib/psd2/certificates
// turns these DER_SYNTAX errors into CERTIFICATE_PARSE with the same message).
describe("the DER reader, strictly (readDerValue and the element readers)", () => {
  const oidOf = (bytes: Uint8Array): string => readDerOid(bytes, readDerValue(bytes, "oid"), "oid");
  const timeOf = (bytes: Uint8Array): Date => readDerTime(bytes, readDerValue(bytes, "t"), "t", true);
  const stringOf = (bytes: Uint8Array): string => readDirectoryString(bytes, readDerValue(bytes, "s"), "s");

  /** Asserts `run` throws a DER_SYNTAX X509Error whose message contains `message`. */
  function expectDerSyntax(run: () => unknown, message: string): void {
    try {
      run();
    } catch (error) {
      if (!(error instanceof X509Error)) throw error;
      expect({ code: error.code, message: error.message }).toEqual({ code: "DER_SYNTAX", message: expect.stringContaining(message) });
      return;
    }
    throw new Error("expected an X509Error DER_SYNTAX, but nothing was thrown");
  }

  it("reads OIDs, times and strings", () => {
    expect(oidOf(new Uint8Array([0x06, 0x06, 0x04, 0x00, 0x81, 0x98, 0x27, 0x02]))).toBe("0.4.0.19495.2");
    expect(oidOf(new Uint8Array([0x06, 0x03, 0x55, 0x04, 0x61]))).toBe("2.5.4.97");
    expect(timeOf(new Uint8Array([DER_TAG.UTC_TIME, 13, ...Buffer.from("491231235959Z")])).toISOString()).toBe("2049-12-31T23:59:59.000Z");
    expect(timeOf(new Uint8Array([DER_TAG.UTC_TIME, 13, ...Buffer.from("500101000000Z")])).toISOString()).toBe("1950-01-01T00:00:00.000Z");
    expect(timeOf(new Uint8Array([DER_TAG.GENERALIZED_TIME, 15, ...Buffer.from("20500101000000Z")])).toISOString()).toBe(
      "2050-01-01T00:00:00.000Z",
    );
    expect(stringOf(new Uint8Array([DER_TAG.BMP_STRING, 4, 0x00, 0xf8, 0x00, 0x41]))).toBe("øA");
    expect(stringOf(new Uint8Array([DER_TAG.UTF8_STRING, 2, 0xc3, 0xb8]))).toBe("ø");
  });

  it("refuses what is not DER, naming the field", () => {
    expectDerSyntax(() => readDerValue(new Uint8Array([0x30, 0x80, 0x00, 0x00]), "x"), "x: indefinite length is not DER");
    expectDerSyntax(() => readDerValue(new Uint8Array([0x30, 0x81, 0x05, 1, 2, 3, 4, 5]), "x"), "x: length not in minimal DER form");
    expectDerSyntax(() => readDerValue(new Uint8Array([0x1f, 0x21, 0x00]), "x"), "x: high tag numbers are not supported");
    expectDerSyntax(() => readDerValue(new Uint8Array([]), "x"), "x: no data");
    expectDerSyntax(() => stringOf(new Uint8Array([DER_TAG.UTF8_STRING, 1, 0xff])), "s: string is not validly encoded");
    const truncatedOid = new Uint8Array([0x06, 0x02, 0x55, 0x84]);
    expectDerSyntax(() => readDerOid(truncatedOid, readDerValue(truncatedOid, "o"), "o"), "o: truncated object identifier");
  });
});
