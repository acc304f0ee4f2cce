import { describe, expect, it } from "vitest";
import { isPurposeCode, PURPOSE_CODES } from "./purpose-codes";

describe('purpose codes (psd2-interface.md "Norwegian domestic credit transfer request")', () => {
  it("are exactly the spec's 14", () => {
    expect([...PURPOSE_CODES]).toEqual("INVS, SALA, IDCP, CASH, CORT, INTC, PENS, SSBE, SUPP, TAXS, TREA, VATX, LOAN, OTHR".split(", "));
  });

  it("tells codes from other strings", () => {
    expect(isPurposeCode("SALA")).toBe(true);
    expect(isPurposeCode("OTHR")).toBe(true);
    expect(isPurposeCode("sala")).toBe(false);
    expect(isPurposeCode("GDDS")).toBe(false);
  });
});
