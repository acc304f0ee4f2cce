import { describe, expect, it } from "vitest";
import { isValidBic, validateBic } from "./validate-bic";

const formatError = (reason: string) => ({ code: "FORMAT_ERROR", reason });
const STRUCTURE = formatError(
  "is not a BIC: 4 letters or digits (institution), 2 letters (country), 2 letters or digits (location), optionally 3 letters or digits (branch)",
);

describe("validateBic (ISO 9362; creditorAgent)", () => {
  it.each(["DNBANOKK", "DNBANOKKXXX", "NDEANOKK", "HANDNOKK", "DEUTDEFF500", "DNB1NOKK", "ABCDXK22"])("accepts %s", (bic) => {
    expect(validateBic(bic)).toBeUndefined();
    expect(isValidBic(bic)).toBe(true);
  });

  it.each([
    ["DNBANOK", 7],
    ["DNBANOKKX", 9],
    ["DNBANOKKXX", 10],
    ["DNBANOKKXXXX", 12],
    ["", 0],
  ] as const)("rejects %j: %i characters", (bic, length) => {
    expect(validateBic(bic)).toEqual(formatError(`is ${length} characters long; a BIC has 8 or 11`));
  });

  it("rejects lower case", () => {
    expect(validateBic("dnbanokk")).toEqual(formatError("must be upper-case"));
  });

  it.each(["DNBA1OKK", "DNBAN0KK", "DNBANOK-", "DNBA NOK"])("rejects %j: not the structure", (bic) => {
    expect(validateBic(bic)).toEqual(STRUCTURE);
  });
});
