import { describe, expect, it } from "vitest";
import { collectFormErrors, fieldMessageOf, issueFromTppMessage, type TppMessageLike } from "./tpp-message-fields";

const LABELS: Readonly<Record<string, string>> = { creditorName: "Recipient's name", "balance.amount": "Opening balance" };

/** A form whose fields are the labels' names; a path inside a field goes to that field. */
function place({ path }: TppMessageLike) {
  const field = Object.keys(LABELS).find((name) => path === name || path?.startsWith(`${name}.`) === true);
  return field === undefined ? undefined : { field, label: LABELS[field] };
}

const formMessage = ({ code, text }: TppMessageLike) => `${code}: ${text ?? ""}`;

describe("issueFromTppMessage: a tppMessage on the field its path names (supplement.md §4)", () => {
  it("puts the message on the field, the field's label in place of the path at the head of the text", () => {
    expect(
      issueFromTppMessage(
        { category: "ERROR", code: "FORMAT_ERROR", path: "creditorName", text: "creditorName is 71 characters long" },
        place,
        formMessage,
      ),
    ).toEqual({
      field: "creditorName",
      code: "FORMAT_ERROR",
      message: "Recipient's name is 71 characters long",
    });
  });

  it("keeps a text that does not start with the path, and writes the code where there is no text", () => {
    expect(
      issueFromTppMessage({ code: "FORMAT_ERROR", path: "creditorName", text: "The name is too long" }, place, formMessage).message,
    ).toBe("The name is too long");
    expect(issueFromTppMessage({ code: "FORMAT_ERROR", path: "creditorName" }, place, formMessage).message).toBe("FORMAT_ERROR");
  });

  it("gives the form what names no field, and every WARNING", () => {
    expect(issueFromTppMessage({ category: "ERROR", code: "CONFLICT", text: "taken" }, place, formMessage)).toEqual({
      field: undefined,
      code: "CONFLICT",
      message: "CONFLICT: taken",
    });
    expect(
      issueFromTppMessage(
        { category: "WARNING", code: "FORMAT_ERROR", path: "creditorName", text: "creditorName was shortened" },
        place,
        formMessage,
      ),
    ).toEqual({
      field: undefined,
      code: "FORMAT_ERROR",
      message: "FORMAT_ERROR: creditorName was shortened",
    });
  });
});

describe("fieldMessageOf", () => {
  it("replaces the path by the label only when a label is given", () => {
    const message = { code: "FORMAT_ERROR", path: "balance.amount", text: "balance.amount has 3 fraction digits" };
    expect(fieldMessageOf(message, "Opening balance")).toBe("Opening balance has 3 fraction digits");
    expect(fieldMessageOf(message, undefined)).toBe("balance.amount has 3 fraction digits");
  });
});

describe("collectFormErrors: issues in Conform's shape", () => {
  it("gathers messages by field and the form's, each once, in order", () => {
    expect(
      collectFormErrors([
        { field: "creditorName", code: "A", message: "too long" },
        { field: undefined, code: "B", message: "B: no" },
        { field: "creditorName", code: "C", message: "too long" },
        { field: "creditorName", code: "D", message: "has a digit" },
        { field: undefined, code: "B", message: "B: no" },
      ]),
    ).toEqual({ fieldErrors: { creditorName: ["too long", "has a digit"] }, formErrors: ["B: no"] });
  });
});
