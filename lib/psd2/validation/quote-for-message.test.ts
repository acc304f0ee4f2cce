import { describe, expect, it } from "vitest";
import { clampMessageText, quoteForMessage } from "./quote-for-message";

describe('echoed values and message lengths (psd2-interface.md "Limits": text at most 512 characters)', () => {
  it("quotes a short value whole", () => {
    expect(quoteForMessage("amount-as-strin")).toBe("'amount-as-strin'");
  });

  it("cuts a long value, saying how long it was", () => {
    expect(quoteForMessage("x".repeat(8000))).toBe(`'${"x".repeat(40)}…' (8000 characters)`);
    expect(quoteForMessage("abcdef", 3)).toBe("'abc…' (6 characters)");
  });

  it("shows control characters escaped", () => {
    expect(quoteForMessage("a\u0000b\nc")).toBe("'a\\u0000b\\u000ac'");
  });

  it("clamps a text to 512 characters, and leaves a shorter one alone", () => {
    expect(clampMessageText("short")).toBe("short");
    const clamped = clampMessageText("y".repeat(9000));
    expect(Array.from(clamped)).toHaveLength(512);
    expect(clamped.endsWith("…")).toBe(true);
    expect(clampMessageText("z".repeat(512))).toBe("z".repeat(512));
  });
});
