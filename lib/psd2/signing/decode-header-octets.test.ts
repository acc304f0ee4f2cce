import { describe, expect, it } from "vitest";
import { createRequestId } from "./create-request-id";
import { decodeHeaderOctets, encodeHeaderOctets } from "./decode-header-octets";
import { formatHttpDate } from "./format-http-date";

describe("decodeHeaderOctets / encodeHeaderOctets (header values are octets on the wire)", () => {
  it("turns Node's latin1 reading of UTF-8 octets back into Unicode", () => {
    const onTheWire = Buffer.from("https://tpp.example/cb?by=Tromsø", "utf8").toString("latin1");
    expect(onTheWire).toBe("https://tpp.example/cb?by=TromsÃ¸");
    expect(decodeHeaderOctets(onTheWire)).toBe("https://tpp.example/cb?by=Tromsø");
  });

  it("leaves ASCII and values that are not UTF-8 unchanged", () => {
    expect(decodeHeaderOctets("plain ascii")).toBe("plain ascii");
    expect(decodeHeaderOctets("Troms\u00f8")).toBe("Troms\u00f8");
  });

  it("encodes Unicode into one latin1 character per UTF-8 octet, and back", () => {
    for (const value of ["ascii", "Tromsø", "東京 😀"]) {
      const encoded = encodeHeaderOctets(value);
      expect(Buffer.from(encoded, "latin1").toString("utf8")).toBe(value);
      expect(decodeHeaderOctets(encoded)).toBe(value);
    }
  });
});

describe("formatHttpDate and createRequestId", () => {
  it("writes an IMF-fixdate", () => {
    expect(formatHttpDate(new Date("2025-06-03T10:15:30Z"))).toBe("Tue, 03 Jun 2025 10:15:30 GMT");
    expect(formatHttpDate(new Date("2026-01-01T00:00:00Z"))).toBe("Thu, 01 Jan 2026 00:00:00 GMT");
    expect(() => formatHttpDate(new Date("not a date"))).toThrow(/not a valid Date/);
  });

  it("makes version 4 UUIDs", () => {
    expect(createRequestId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(createRequestId()).not.toBe(createRequestId());
  });
});
