import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createConformSchema, parseConformForm, pathOfField, type FormJudgement } from "./conform-schema";

describe("pathOfField", () => {
  it("reads a field's name into a path", () => {
    expect(pathOfField("payments[12].creditorAccount.bban")).toEqual(["payments", 12, "creditorAccount", "bban"]);
    expect(pathOfField("remittanceInformationStructuredArray[0].reference")).toEqual([
      "remittanceInformationStructuredArray",
      0,
      "reference",
    ]);
    expect(pathOfField("balance.amount")).toEqual(["balance", "amount"]);
    expect(pathOfField("creditorName")).toEqual(["creditorName"]);
  });
});

describe("a form's judgement as Conform's schema", () => {
  // A form of one field: a name of at least two letters.
  const judge = (values: Record<string, unknown>): FormJudgement<{ name: string }> => {
    const name = typeof values.name === "string" ? values.name : "";
    if (name === "") return { ok: false, issues: [], formErrors: ["Fill in the form"] };
    return name.length >= 2
      ? { ok: true, value: { name } }
      : {
          ok: false,
          issues: [{ field: "name", code: "FORMAT_ERROR", message: "Name is too short" }],
          formErrors: ["not shown: a field has its message"],
        };
  };
  const schema = createConformSchema(judge);
  const form = (entries: Record<string, string>) => new URLSearchParams(entries);

  it("gives the judgement's output for good values, kept as the strings posted", () => {
    const submission = parseConformForm<{ name?: string }, { name: string }>(form({ name: "007" }), schema);
    expect(submission.status).toBe("success");
    expect(submission.status === "success" ? submission.value : undefined).toEqual({ name: "007" });
  });

  it("puts each issue on its field, and the form's messages only when no field has one", () => {
    expect(parseConformForm(form({ name: "A" }), schema).reply().error).toEqual({ name: ["Name is too short"] });
    expect(parseConformForm(form({}), schema).reply().error).toEqual({ "": ["Fill in the form"] });
    expect(z.safeParse(schema, { name: "A" }).error?.issues).toMatchObject([
      { path: ["name"], message: "Name is too short", params: { code: "FORMAT_ERROR" } },
    ]);
  });
});
