import { describe, expect, it } from "vitest";
import { countCharacters } from "./count-characters";

describe('countCharacters (code points, psd2-interface.md "Limits")', () => {
  it("counts ASCII and BMP letters one each", () => {
    expect(countCharacters("")).toBe(0);
    expect(countCharacters("abc")).toBe(3);
    expect(countCharacters("Ærøskøbing")).toBe(10);
  });

  it("counts a character outside the BMP once, not as its two UTF-16 units", () => {
    expect("😀".length).toBe(2);
    expect(countCharacters("😀")).toBe(1);
    expect(countCharacters("a😀b😀")).toBe(4);
  });

  it("counts lone surrogates one each", () => {
    expect(countCharacters("\uD83D")).toBe(1);
    expect(countCharacters("\uDE00\uD83D")).toBe(2);
    expect(countCharacters("a\uD83D")).toBe(2);
  });
});
