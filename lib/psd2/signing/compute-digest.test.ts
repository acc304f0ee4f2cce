import { describe, expect, it } from "vitest";
import { computeDigest, isDigestAlgorithm, parseDigestHeader } from "./compute-digest";
import { SigningError } from "./signing-error";

describe("computeDigest (supplement §9.1, RFC 3230/5843)", () => {
  it("gives the SHA-256 of the empty body", () => {
    expect(computeDigest("")).toBe("SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=");
    expect(computeDigest(new Uint8Array())).toBe("SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=");
  });

  it("hashes a string as its UTF-8 octets", () => {
    const body = '{"creditorName":"Bjørn Ærø"}';
    expect(computeDigest(body)).toBe(computeDigest(Buffer.from(body, "utf8")));
    expect(computeDigest(body)).not.toBe(computeDigest(Buffer.from(body, "latin1")));
  });

  it("writes SHA-512 with its RFC 5843 token", () => {
    expect(computeDigest("", "SHA-512")).toBe(
      "SHA-512=z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg==",
    );
  });

  it("knows exactly the two tokens", () => {
    expect(isDigestAlgorithm("SHA-256")).toBe(true);
    expect(isDigestAlgorithm("SHA-512")).toBe(true);
    expect(isDigestAlgorithm("SHA256")).toBe(false);
    expect(isDigestAlgorithm("sha-256")).toBe(false);
  });
});

describe("parseDigestHeader", () => {
  it("splits entries at commas and keeps = padding", () => {
    expect(parseDigestHeader("SHA-256=abc=, SHA-512=de==")).toEqual([
      { algorithm: "SHA-256", value: "abc=" },
      { algorithm: "SHA-512", value: "de==" },
    ]);
  });

  it.each(["", "SHA-256", "=abc", "SHA-256="])("rejects %j", (value) => {
    expect(() => parseDigestHeader(value)).toThrow(SigningError);
  });
});
