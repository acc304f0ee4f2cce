import { describe, expect, it } from "vitest";
import { tlv } from "./build-test-certificate.test-support";
import { decodeOid, isDottedOid } from "./decode-oid";
import { readDerChildren, readDerElement } from "./read-der-element";
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
