import { describe, expect, it } from "vitest";
import { findUnprocessableCharacters, validateProcessableText } from "./find-unprocessable-characters";

const emoji = (path: (string | number)[]) => ({
  code: "FORMAT_ERROR",
  path,
  reason: "contains the character U+1F600, which is outside the Basic Multilingual Plane; it cannot be processed downstream",
});

describe("characters that cannot be processed downstream (supplement.md §1)", () => {
  it("accepts every character of the Basic Multilingual Plane", () => {
    expect(validateProcessableText("Blåbærsyltetøy – «æøå» € \uFFFD \uFFFF")).toBeUndefined();
    expect(validateProcessableText("")).toBeUndefined();
  });

  it("rejects the first character above U+FFFF, naming it", () => {
    expect(validateProcessableText("Takk 😀")?.reason).toBe(
      "contains the character U+1F600, which is outside the Basic Multilingual Plane; it cannot be processed downstream",
    );
    expect(validateProcessableText("\u{10000}")?.reason).toMatch(/^contains the character U\+10000,/);
    expect(validateProcessableText("𝐀")?.reason).toMatch(/^contains the character U\+1D400,/);
  });

  it("rejects a lone surrogate, which UTF-8 cannot encode", () => {
    expect(validateProcessableText("a\uD83D")).toEqual({
      code: "FORMAT_ERROR",
      reason: "contains a lone surrogate U+D83D, which is not valid UTF-8; it cannot be processed downstream",
    });
    expect(validateProcessableText("\uDE00")?.reason).toMatch(/^contains a lone surrogate U\+DE00,/);
  });

  it("rejects NUL (U+0000), which JSON can escape but no text column can store", () => {
    expect(validateProcessableText("a\u0000b")).toEqual({
      code: "FORMAT_ERROR",
      reason: "contains the character U+0000 (NUL), which text fields cannot hold; it cannot be processed downstream",
    });
    expect(validateProcessableText("\u0000")?.reason).toMatch(/^contains the character U\+0000 \(NUL\)/);
    // Other control characters are text.
    expect(validateProcessableText("a\u0001\t\n\u007f")).toBeUndefined();
    expect(findUnprocessableCharacters({ creditorAddress: { city: "Os\u0000lo" }, ["k\u0000"]: "v" })).toEqual([
      {
        code: "FORMAT_ERROR",
        path: ["k\u0000"],
        reason: "has a name that contains the character U+0000 (NUL), which text fields cannot hold; it cannot be processed downstream",
      },
      {
        code: "FORMAT_ERROR",
        path: ["creditorAddress", "city"],
        reason: "contains the character U+0000 (NUL), which text fields cannot hold; it cannot be processed downstream",
      },
    ]);
  });

  it("finds every offending string and key with its path, and nothing in clean values", () => {
    const body = {
      creditorName: "Kari 😀",
      creditorAddress: { street: "Storgata 1", city: "Oslo 😀" },
      remittanceInformationStructuredArray: [{ reference: "67" }, { reference: "😀" }],
      ["nøkkel😀"]: 1,
      amount: 12.5,
      flag: true,
      nothing: null,
    };
    // An object's keys come before the contents of its members.
    expect(findUnprocessableCharacters(body)).toEqual([
      {
        code: "FORMAT_ERROR",
        path: ["nøkkel😀"],
        reason:
          "has a name that contains the character U+1F600, which is outside the Basic Multilingual Plane; it cannot be processed downstream",
      },
      emoji(["creditorName"]),
      emoji(["creditorAddress", "city"]),
      emoji(["remittanceInformationStructuredArray", 1, "reference"]),
    ]);
    expect(findUnprocessableCharacters({ a: ["x", { b: "y" }], c: 1 })).toEqual([]);
  });

  it("reports a root string at the empty path", () => {
    expect(findUnprocessableCharacters("😀")).toEqual([emoji([])]);
  });

  it("walks very deep nesting without exhausting the stack", () => {
    let deep: unknown = "😀";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const found = findUnprocessableCharacters(deep);
    expect(found).toHaveLength(1);
    expect(found[0]?.path).toHaveLength(100_000);
  });
});
