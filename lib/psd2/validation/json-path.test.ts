import { describe, expect, it } from "vitest";
import { formatJsonPath } from "./json-path";

describe("formatJsonPath (supplement.md §4: path names the field)", () => {
  it.each([
    [[], ""],
    [["creditorName"], "creditorName"],
    [["creditorAccount", "bban"], "creditorAccount.bban"],
    [["remittanceInformationStructuredArray", 0, "reference"], "remittanceInformationStructuredArray[0].reference"],
    [["payments", 2, "instructedAmount", "amount"], "payments[2].instructedAmount.amount"],
    [["paymentIds", 10], "paymentIds[10]"],
    [["psu-id"], "psu-id"],
    [["a.b"], '["a.b"]'],
    [["x", ""], 'x[""]'],
    [["1st"], '["1st"]'],
    [['key with "quote"'], '["key with \\"quote\\""]'],
  ] as const)("writes %j as %s", (path, written) => {
    expect(formatJsonPath(path)).toBe(written);
  });
});
