import { describe, expect, it } from "vitest";
import { decodeRfc2047, isRfc2047Encoded } from "./decode-rfc2047";
import { encodeRfc2047 } from "./encode-rfc2047";
import { SigningError } from "./signing-error";

describe("decodeRfc2047 (RFC 2047 §4 and §6)", () => {
  it("decodes B encoding in UTF-8", () => {
    expect(decodeRfc2047("=?utf-8?B?VHJvbXPDuA==?=")).toBe("Tromsø");
  });

  it("decodes Q encoding: _ is a space, =XX an octet", () => {
    expect(decodeRfc2047("=?utf-8?Q?Troms=C3=B8_AS?=")).toBe("Tromsø AS");
    expect(decodeRfc2047("=?utf-8?q?a=5Fb_c?=")).toBe("a_b c");
  });

  it("reads charset and encoding case-insensitively, and ISO-8859-1", () => {
    expect(decodeRfc2047("=?UTF-8?b?VHJvbXPDuA==?=")).toBe("Tromsø");
    expect(decodeRfc2047("=?ISO-8859-1?Q?Troms=F8?=")).toBe("Tromsø");
    expect(decodeRfc2047("=?iso-8859-1?B?VHJvbXP4?=")).toBe("Tromsø");
    expect(decodeRfc2047("=?utf-8*no?Q?=C3=B8?=")).toBe("ø");
  });

  it("joins adjacent words, dropping the whitespace between them, even inside a character", () => {
    expect(decodeRfc2047("=?utf-8?Q?Troms=C3?= \t =?utf-8?Q?=B8?=")).toBe("Tromsø");
    expect(decodeRfc2047("=?utf-8?B?YWJj?= =?iso-8859-1?Q?=F8?=")).toBe("abcø");
  });

  it("keeps text outside encoded-words", () => {
    expect(decodeRfc2047("plain")).toBe("plain");
    expect(decodeRfc2047("a =?utf-8?Q?=C3=B8?= b")).toBe("a ø b");
  });

  it.each([
    ["=?utf-8?B?not*base64?=", /not valid Base64/],
    ["=?koi8-r?B?YQ==?=", /charset 'koi8-r', not utf-8 or iso-8859-1/],
    ["=?utf-8?X?abc?=", /encoding 'X', not B or Q/],
    ["=?utf-8?Q?=G1?=", /'=' not followed by two hex digits/],
    ["=?utf-8?Q?=C3?=", /do not hold valid utf-8 octets/],
  ])("rejects %s", (value, message) => {
    expect(() => decodeRfc2047(value)).toThrow(SigningError);
    expect(() => decodeRfc2047(value)).toThrow(message);
  });
});

describe("isRfc2047Encoded", () => {
  it("is true only for values made of encoded-words", () => {
    expect(isRfc2047Encoded("=?utf-8?B?YQ==?=")).toBe(true);
    expect(isRfc2047Encoded(" =?utf-8?B?YQ==?= =?utf-8?Q?b?= ")).toBe(true);
    expect(isRfc2047Encoded('keyId="SN=1,CA=C=NO",signature="=?x?="')).toBe(false);
    expect(isRfc2047Encoded("a =?utf-8?B?YQ==?=")).toBe(false);
  });
});

describe("encodeRfc2047 (supplement §9.5)", () => {
  it("writes one utf-8 B word", () => {
    expect(encodeRfc2047("Tromsø")).toBe("=?utf-8?B?VHJvbXPDuA==?=");
  });

  it.each(["", "ascii only", 'keyId="SN=1,CA=O=Sertifikat\\, Tromsø AS"', "東京 😀", "x".repeat(600)])("round-trips %j", (value) => {
    expect(decodeRfc2047(encodeRfc2047(value))).toBe(value);
  });
});

describe("decodeRfc2047 leaves look-alikes alone", () => {
  it("keeps a would-be word with whitespace inside as text (RFC 2047 §2: no spaces in an encoded-word)", () => {
    expect(decodeRfc2047("=?utf-8?B?not base64!?=")).toBe("=?utf-8?B?not base64!?=");
  });
});
