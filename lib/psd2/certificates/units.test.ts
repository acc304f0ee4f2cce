// Small parts: RSA key generation, serial numbers (RFC 5280 §4.1.2.2), the DER reader (X.690).
import { createPrivateKey, createPublicKey } from "node:crypto";
import { describe, expect, it } from "vitest";
import { expectCertificateError } from "./certificates.test-support";
import { readDer, decodeOid, decodeTime, decodeString, TAG } from "./der-reader";
import { generateRsaKeyPair, generateRsaKeyPairAsync } from "./generate-rsa-key-pair";
import { randomSerialNumber, serialNumberFromHex } from "./serial-number";

describe("generateRsaKeyPair", () => {
  it("makes PKCS#8 and SPKI PEM of the asked size, sync and async", async () => {
    const sync = generateRsaKeyPair();
    expect(sync.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(sync.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(createPrivateKey(sync.privateKeyPem).asymmetricKeyDetails?.modulusLength).toBe(2048);
    const async = await generateRsaKeyPairAsync(2048);
    expect(createPublicKey(async.privateKeyPem).export({ type: "spki", format: "pem" })).toBe(async.publicKeyPem);
  });

  it("refuses other sizes", async () => {
    expectCertificateError(() => generateRsaKeyPair(1024 as 2048), "OPTIONS_INVALID", "modulusLength must be 2048, 3072 or 4096, not 1024");
    await expect(generateRsaKeyPairAsync(512 as 2048)).rejects.toMatchObject({ code: "OPTIONS_INVALID" });
  });
});

describe("serial numbers", () => {
  it("random: 16 octets, top bit cleared and next bit set, whatever the random octets", () => {
    expect(randomSerialNumber(() => new Uint8Array(16).fill(0xff))[0]).toBe(0x7f);
    expect(randomSerialNumber(() => new Uint8Array(16))[0]).toBe(0x40);
    expect(randomSerialNumber()).toHaveLength(16);
  });

  it("from hex: minimal positive DER contents", () => {
    expect(serialNumberFromHex("0A3F5C7E91B2D4C6E8F1")).toEqual(new Uint8Array(Buffer.from("0a3f5c7e91b2d4c6e8f1", "hex")));
    expect(serialNumberFromHex("000001")).toEqual(new Uint8Array([1]));
    expect(serialNumberFromHex("ff")).toEqual(new Uint8Array([0, 0xff]));
    expect(serialNumberFromHex("0x1:23")).toEqual(new Uint8Array([0x01, 0x23]));
    expectCertificateError(() => serialNumberFromHex("7f".repeat(21)), "OPTIONS_INVALID", "longer than 20 octets");
    expectCertificateError(() => serialNumberFromHex("0000"), "OPTIONS_INVALID", "serialNumber must not be zero");
  });
});

describe("the DER reader", () => {
  it("reads OIDs, times and strings", () => {
    expect(decodeOid(readDer(new Uint8Array([0x06, 0x06, 0x04, 0x00, 0x81, 0x98, 0x27, 0x02]), "oid"), "oid")).toBe("0.4.0.19495.2");
    expect(decodeOid(readDer(new Uint8Array([0x06, 0x03, 0x55, 0x04, 0x61]), "oid"), "oid")).toBe("2.5.4.97");
    expect(decodeTime(readDer(new Uint8Array([TAG.UTC_TIME, 13, ...Buffer.from("491231235959Z")]), "t"), "t").toISOString()).toBe("2049-12-31T23:59:59.000Z");
    expect(decodeTime(readDer(new Uint8Array([TAG.UTC_TIME, 13, ...Buffer.from("500101000000Z")]), "t"), "t").toISOString()).toBe("1950-01-01T00:00:00.000Z");
    expect(decodeTime(readDer(new Uint8Array([TAG.GENERALIZED_TIME, 15, ...Buffer.from("20500101000000Z")]), "t"), "t").toISOString()).toBe("2050-01-01T00:00:00.000Z");
    expect(decodeString(readDer(new Uint8Array([TAG.BMP_STRING, 4, 0x00, 0xf8, 0x00, 0x41]), "s"), "s")).toBe("øA");
    expect(decodeString(readDer(new Uint8Array([TAG.UTF8_STRING, 2, 0xc3, 0xb8]), "s"), "s")).toBe("ø");
  });

  it("refuses what is not DER, naming the field", () => {
    expectCertificateError(() => readDer(new Uint8Array([0x30, 0x80, 0x00, 0x00]), "x"), "CERTIFICATE_PARSE", "x: indefinite length is not DER");
    expectCertificateError(() => readDer(new Uint8Array([0x30, 0x81, 0x05, 1, 2, 3, 4, 5]), "x"), "CERTIFICATE_PARSE", "x: length not in minimal DER form");
    expectCertificateError(() => readDer(new Uint8Array([0x1f, 0x21, 0x00]), "x"), "CERTIFICATE_PARSE", "x: high tag numbers are not supported");
    expectCertificateError(() => readDer(new Uint8Array([]), "x"), "CERTIFICATE_PARSE", "x: no data");
    expectCertificateError(() => decodeString(readDer(new Uint8Array([TAG.UTF8_STRING, 1, 0xff]), "s"), "s"), "CERTIFICATE_PARSE", "s: string is not validly encoded");
    expectCertificateError(() => decodeOid(readDer(new Uint8Array([0x06, 0x02, 0x55, 0x84]), "o"), "o"), "CERTIFICATE_PARSE", "o: truncated object identifier");
  });
});
