import { describe, expect, it } from "vitest";
import { parseRequestBody } from "./parse-request-body";
import { parseResponseBody } from "./parse-response-body";
import { sandboxClockMoveSchema } from "./sandbox-clock";
import { parseIsoDuration } from "./sandbox-duration";
import { isValidOrganisationNumber } from "./sandbox-organisation-number";
import { sandboxClockStateSchema } from "./sandbox-replies";
import {
  createSandboxAccountSchema,
  createSandboxAccountTransactionsSchema,
  createSandboxAgreementSchema,
  createSandboxCardTransactionsSchema,
  createSandboxCustomerSchema,
  setSandboxBalanceSchema,
} from "./sandbox-requests";

// The sandbox operations' bodies (docs/interface/sandbox-operations.md#sandbox-operations), shared by the sandbox bank and the TPP's
// control room; lib/bank's route tests cover the operations themselves.

describe("sandbox customer, account and agreement requests (supplement §11)", () => {
  it("a customer: 11 digits, a name of 1-70 characters, PRIVATE or CORPORATE", () => {
    expect(
      parseRequestBody(createSandboxCustomerSchema, {
        customerNumber: "01019012345",
        customerName: "Kari Nordmann",
        customerType: "PRIVATE",
      }).ok,
    ).toBe(true);
    expect(
      parseRequestBody(createSandboxCustomerSchema, { customerNumber: "0101901234", customerName: "K".repeat(71), customerType: "PRIVATE" })
        .tppMessages,
    ).toEqual([
      {
        category: "ERROR",
        code: "FORMAT_ERROR",
        path: "customerNumber",
        text: "customerNumber must be 11 digits, a mocked national identity number such as 13039319955",
      },
      { category: "ERROR", code: "FORMAT_ERROR", path: "customerName", text: "customerName is 71 characters long; at most 70 are allowed" },
    ]);
  });

  it("an account: unknown fields refused, the balance with the currency's fraction digits", () => {
    const result = parseRequestBody(createSandboxAccountSchema, {
      customerId: "c",
      name: "Reisekonto",
      balance: { currency: "NOK", amount: "1.5" },
      colour: "red",
    });
    expect(result.tppMessages.map((message) => [message.path, message.code])).toEqual([
      ["balance.amount", "FORMAT_ERROR"],
      ["colour", "FORMAT_ERROR"],
    ]);
  });

  it("an agreement: a valid organisation number (MOD11) and distinct accounts", () => {
    expect(isValidOrganisationNumber("926148338")).toBe(true);
    expect(isValidOrganisationNumber("926148339")).toBe(false);
    const result = parseRequestBody(createSandboxAgreementSchema, {
      customerId: "c",
      name: "Lie Eiendom AS",
      organisationNumber: "926148339",
      accountIds: ["a", "a"],
    });
    expect(result.tppMessages.map((message) => message.path)).toEqual(["organisationNumber", "accountIds[1]"]);
  });
});

describe("sandbox transactions and balances (supplement §11)", () => {
  it("account transactions: 1 to 1000, each amount non-zero; the path names the row", () => {
    expect(parseRequestBody(createSandboxAccountTransactionsSchema, []).tppMessages).toEqual([
      { category: "ERROR", code: "FORMAT_ERROR", text: "the request body is empty; at least 1 transaction is required" },
    ]);
    const result = parseRequestBody(createSandboxAccountTransactionsSchema, [{ transactionAmount: { currency: "NOK", amount: "0.00" } }]);
    expect(result.tppMessages).toEqual([
      {
        category: "ERROR",
        code: "FORMAT_ERROR",
        path: "[0].transactionAmount.amount",
        text: "[0].transactionAmount.amount must not be zero; debits are negative, credits positive",
      },
    ]);
  });

  it("card transactions read a whole number of units as the decimal string", () => {
    const result = parseRequestBody(createSandboxCardTransactionsSchema, [
      { transactionAmount: { currency: "NOK", amount: -250 }, merchantCategoryCode: "5411" },
    ]);
    expect(result.ok && result.value[0]?.transactionAmount).toEqual({ currency: "NOK", amount: "-250.00" });
  });

  it("a balance may be zero or negative", () => {
    expect(parseRequestBody(setSandboxBalanceSchema, { balanceAmount: { currency: "NOK", amount: "-10.00" } }).ok).toBe(true);
    expect(parseRequestBody(setSandboxBalanceSchema, { balanceAmount: { currency: "NOK", amount: "0.00" } }).ok).toBe(true);
  });
});

describe("the sandbox clock (supplement §5, §11)", () => {
  it("durations of days, hours, minutes and seconds only", () => {
    expect(parseIsoDuration("PT1H")).toBe(3_600_000);
    expect(parseIsoDuration("P1DT2H")).toBe(93_600_000);
    expect(parseIsoDuration("P1M")).toBeUndefined();
    expect(parseIsoDuration("P")).toBeUndefined();
    expect(parseIsoDuration("PT")).toBeUndefined();
  });

  it("one move per request; frozen alone or with now or advance", () => {
    expect(parseRequestBody(sandboxClockMoveSchema, { advance: "PT1H" }).ok).toBe(true);
    expect(parseRequestBody(sandboxClockMoveSchema, { now: "2026-03-02T05:00:00+01:00", frozen: true }).ok).toBe(true);
    expect(parseRequestBody(sandboxClockMoveSchema, { frozen: false }).ok).toBe(true);
    expect(parseRequestBody(sandboxClockMoveSchema, { now: "2026-03-02T05:00:00+01:00", advance: "PT1H" }).tppMessages).toEqual([
      {
        category: "ERROR",
        code: "FORMAT_ERROR",
        path: "advance",
        text: "advance cannot be combined with now: give one of now, advance and reset",
      },
    ]);
    expect(parseRequestBody(sandboxClockMoveSchema, { advance: "P1Y" }).tppMessages[0]?.path).toBe("advance");
    expect(parseRequestBody(sandboxClockMoveSchema, { now: "1999-12-31T23:00:00Z" }).tppMessages[0]?.text).toBe(
      "now must lie in the years 2000 to 2099",
    );
    expect(parseRequestBody(sandboxClockMoveSchema, {}).ok).toBe(false);
  });

  it("the clock's reply carries the batch schedule", () => {
    const reply = {
      now: "2026-03-02T10:00:00.000Z",
      today: "2026-03-02",
      frozen: false,
      offsetSeconds: 0,
      batchSchedule: {
        timeZone: "Europe/Oslo",
        times: ["06:00", "09:00", "12:00", "15:00", "19:00"],
        lastScheduledRun: "2026-03-02T08:00:00.000Z",
        nextScheduledRun: "2026-03-02T11:00:00.000Z",
      },
    };
    expect(parseResponseBody(sandboxClockStateSchema, reply)).toEqual({ ok: true, value: reply });
  });
});
