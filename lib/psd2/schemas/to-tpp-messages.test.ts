import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseRequestBody } from "./parse-request-body";
import { createTppMessage, toTppMessages } from "./to-tpp-messages";

describe("createTppMessage (supplement.md §4)", () => {
  it("puts the path before the reason, and omits path for the whole body", () => {
    expect(createTppMessage(["creditorAccount", "bban"], { code: "FORMAT_ERROR", reason: "is wrong" })).toEqual({
      category: "ERROR",
      code: "FORMAT_ERROR",
      path: "creditorAccount.bban",
      text: "creditorAccount.bban is wrong",
    });
    expect(createTppMessage([], { code: "FORMAT_ERROR", reason: "is wrong" })).toEqual({
      category: "ERROR",
      code: "FORMAT_ERROR",
      text: "the request body is wrong",
    });
    expect(createTppMessage([], { code: "FORMAT_ERROR", reason: "is wrong" }, { category: "WARNING", subject: "the query" })).toEqual({
      category: "WARNING",
      code: "FORMAT_ERROR",
      text: "the query is wrong",
    });
  });

  it("keeps text and path within 512 characters, marking the cut", () => {
    const key = "k".repeat(600);
    const message = createTppMessage([key], { code: "FORMAT_ERROR", reason: "is not a known field; unknown fields are rejected" });
    expect(Array.from(message.text)).toHaveLength(512);
    expect(message.text.endsWith("k…")).toBe(true);
    expect(Array.from(message.path ?? "")).toHaveLength(512);
    const exact = createTppMessage(["x".repeat(500)], { code: "FORMAT_ERROR", reason: "is too long" });
    expect(exact.text).toBe(`${"x".repeat(500)} is too long`);
  });
});

describe("toTppMessages: zod issues in interface terms", () => {
  const schema = z.strictObject({
    name: z.string(),
    flag: z.boolean().optional(),
    list: z.array(z.string()).optional(),
    kind: z.enum(["A", "B"]).optional(),
    only: z.literal("X").optional(),
    id: z.uuid().optional(),
    email: z.email().optional(),
    inner: z.strictObject({ value: z.string() }).optional(),
  });
  const texts = (body: unknown) => {
    const result = schema.safeParse(body, { reportInput: true });
    return result.success ? [] : toTppMessages(result.error.issues).map((message) => message.text);
  };

  it("words type errors by what was given", () => {
    expect(texts({ name: 1 })).toEqual(["name must be a string, not a number"]);
    expect(texts({ name: "a", flag: "true" })).toEqual(["flag must be true or false, not a string"]);
    expect(texts({ name: "a", list: {} })).toEqual(["list must be an array, not a JSON object"]);
    expect(texts({ name: "a", list: ["x", false] })).toEqual(["list[1] must be a string, not false"]);
    expect(texts({ name: "a", inner: [] })).toEqual(["inner must be a JSON object, not an array"]);
    expect(texts({ name: null })).toEqual(["name must be a string, not null"]);
  });

  it("words missing fields, enums, literals and formats", () => {
    expect(texts({})).toEqual(["name is required"]);
    expect(texts({ name: "a", inner: {} })).toEqual(["inner.value is required"]);
    expect(texts({ name: "a", kind: "C" })).toEqual(["kind must be one of A, B"]);
    expect(texts({ name: "a", only: "Y" })).toEqual(["only must be X"]);
    expect(texts({ name: "a", id: "123" })).toEqual(["id must be a UUID (RFC 4122)"]);
    expect(texts({ name: "a", email: "no" })).toEqual(["email must be an e-mail address"]);
  });

  it("gives one message per unknown key, at the key's path", () => {
    expect(texts({ name: "a", b: 1, "c.d": 2, inner: { value: "v", e: 3 } })).toEqual([
      "inner.e is not a known field; unknown fields are rejected",
      "b is not a known field; unknown fields are rejected",
      '["c.d"] is not a known field; unknown fields are rejected',
    ]);
  });
});

describe("parseRequestBody", () => {
  it("reports characters that cannot be processed downstream, even in an otherwise valid body", () => {
    const result = parseRequestBody(z.strictObject({ name: z.string() }), { name: "Ola 😀" });
    expect(result).toEqual({
      ok: false,
      tppMessages: [
        {
          category: "ERROR",
          code: "FORMAT_ERROR",
          path: "name",
          text: "name contains the character U+1F600, which is outside the Basic Multilingual Plane; it cannot be processed downstream",
        },
      ],
    });
  });

  it("adds the extra violations after the schema's", () => {
    const result = parseRequestBody(z.strictObject({ name: z.string() }), { name: 1 }, [
      { code: "EXECUTION_DATE_INVALID", path: ["date"], reason: "is in the past" },
    ]);
    expect(result.tppMessages.map((message) => message.code)).toEqual(["FORMAT_ERROR", "EXECUTION_DATE_INVALID"]);
  });
});
