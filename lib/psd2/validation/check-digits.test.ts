import { describe, expect, it } from "vitest";
import { appendLuhnCheckDigit, appendMod11CheckDigit, computeLuhnCheckDigit, computeMod11CheckDigit } from "./check-digits";

describe("computeLuhnCheckDigit (MOD10)", () => {
  it.each([
    ["7992739871", "3"],
    ["0", "0"],
    ["1", "8"],
    ["6", "7"],
    ["123456789", "7"],
    ["12345678901", "5"],
  ])("gives %s the check digit %s", (payload, check) => {
    expect(computeLuhnCheckDigit(payload)).toBe(check);
    expect(appendLuhnCheckDigit(payload)).toBe(payload + check);
  });
});

describe("computeMod11CheckDigit (weights 2..7 from the right)", () => {
  it.each([
    // 8601111794: 8*5+6*4+0*3+1*2+1*7+1*6+1*5+7*4+9*3+4*2 = 147; 147 mod 11 = 4; 11-4 = 7
    ["8601111794", "7"],
    ["1234567890", "3"],
    // 5*2 = 10, remainder 10: 11-10 = 1
    ["5", "1"],
    // 6*2 = 12, remainder 1: no digit fits, "-"
    ["6", "-"],
    // 0: remainder 0 gives 0, not 11
    ["0", "0"],
    // the weights repeat after 7: 1 in the 7th place from the right weighs 2
    ["1000000", "9"],
  ])("gives %s the check character %s", (payload, check) => {
    expect(computeMod11CheckDigit(payload)).toBe(check);
    expect(appendMod11CheckDigit(payload)).toBe(payload + check);
  });
});

describe("check digit inputs", () => {
  it.each(["", "12a", "1 2", "-1"])("throws on %j: a check digit needs digits (a programming error)", (payload) => {
    expect(() => computeLuhnCheckDigit(payload)).toThrow(RangeError);
    expect(() => computeMod11CheckDigit(payload)).toThrow(RangeError);
  });
});
