// Small parts: RSA key generation, serial numbers (RFC 5280 §4.1.2.2). The DER reader's tests
// stand with it, in lib/psd2/x509/read-der-element.test.ts.
import { createPrivateKey, createPublicKey } from "node:crypto";
import { describe, expect, it } from "vitest";
import { expectCertificateError } from "./certificates.test-support";
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
