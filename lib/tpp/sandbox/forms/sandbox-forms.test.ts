import { describe, expect, it } from "vitest";
import { parseSandboxForm } from "./parse-sandbox-form";
import { collectFormErrors } from "../../forms/tpp-message-fields";
import { issueFromTppMessage, judgeSandboxForm } from "./sandbox-forms";

function form(entries: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  return data;
}

function errorsOf(kind: Parameters<typeof judgeSandboxForm>[0], values: unknown) {
  const judged = judgeSandboxForm(kind, values);
  return judged.ok ? undefined : collectFormErrors(judged.issues);
}

describe("the control room's forms, judged by lib/psd2's sandbox schemas (supplement §11)", () => {
  it("a customer: digits typed in groups, the rule's message under the field's label", () => {
    expect(
      judgeSandboxForm("customer", { customerNumber: "010190 12345", customerName: "Kari Nordmann", customerType: "PRIVATE" }),
    ).toEqual({
      ok: true,
      request: { customerNumber: "01019012345", customerName: "Kari Nordmann", customerType: "PRIVATE" },
    });
    expect(errorsOf("customer", { customerNumber: "123", customerName: "K".repeat(71), customerType: "PRIVATE" })).toEqual({
      fieldErrors: {
        customerNumber: ["Customer number must be 11 digits, a mocked national identity number such as 13039319955"],
        customerName: ["Name is 71 characters long; at most 70 are allowed"],
      },
      formErrors: [],
    });
    // The bank checks the number once every field has its shape; the form tells it as soon as it is typed.
    expect(errorsOf("customer", { customerNumber: "123" })?.fieldErrors).toEqual({
      customerName: ["Name is required"],
      customerType: ["Type is required"],
      customerNumber: ["Customer number must be 11 digits, a mocked national identity number such as 13039319955"],
    });
  });

  it("an account: the balance in the account's currency, with a comma typed for decimals", () => {
    const judged = judgeSandboxForm("account", {
      customerId: "c-1",
      name: "Reisekonto",
      currency: "EUR",
      balance: { amount: "1 500,5" },
      kidRequired: "on",
    });
    expect(judged.ok).toBe(false);
    expect(
      errorsOf("account", { customerId: "c-1", name: "Reisekonto", currency: "EUR", balance: { amount: "1 500,5" } })?.fieldErrors,
    ).toEqual({
      "balance.amount": [expect.stringMatching(/^Opening balance /)],
    });
    expect(
      judgeSandboxForm("account", { customerId: "c-1", name: "Reisekonto", balance: { amount: "1 500,50" }, kidRequired: "on" }),
    ).toEqual({
      ok: true,
      request: { customerId: "c-1", name: "Reisekonto", kidRequired: true, balance: { currency: "NOK", amount: "1500.50" } },
    });
    expect(errorsOf("account", { name: "Reisekonto" })?.fieldErrors).toEqual({
      customerId: ["Choose the customer the account belongs to"],
    });
  });

  it("an account transaction: one item; paths [0].x land on x; an IBAN or a BBAN as typed", () => {
    expect(
      judgeSandboxForm("account-transaction", {
        accountId: "a-1",
        transactionAmount: { amount: "-349,90", currency: "NOK" },
        creditorAccount: "1503 20 80119",
      }),
    ).toEqual({
      ok: true,
      request: {
        accountId: "a-1",
        transactions: [{ transactionAmount: { currency: "NOK", amount: "-349.90" }, creditorAccount: { bban: "15032080119" } }],
      },
    });
    expect(errorsOf("account-transaction", { accountId: "a-1", remittanceInformationStructured: "1234567890" })?.fieldErrors).toEqual({
      "transactionAmount.amount": ["Amount is required"],
      remittanceInformationStructured: [expect.stringMatching(/^KID has a wrong check digit/)],
    });
  });

  it("a card transaction needs a merchant category code of 4 digits", () => {
    expect(
      errorsOf("card-transaction", { cardAccountId: "k-1", transactionAmount: { amount: "-250" }, merchantCategoryCode: "54" })
        ?.fieldErrors,
    ).toEqual({
      "transactionAmount.amount": [expect.stringMatching(/^Amount /)],
      merchantCategoryCode: ["Merchant category code must be an ISO 18245 merchant category code of 4 digits, e.g. 5411"],
    });
  });

  it("an agreement: the organisation number's MOD11 and each account once", () => {
    expect(
      errorsOf("agreement", { customerId: "c", name: "Lie Eiendom AS", organisationNumber: "926 148 339", accountIds: ["a", "a"] })
        ?.fieldErrors,
    ).toEqual({
      organisationNumber: [expect.stringMatching(/^Organisation number must be a Norwegian organisation number/)],
      accountIds: ['Accounts in the agreement repeats the account id at index 0 ("a"); each account id may appear once'],
    });
  });

  it("a balance: the target picked as account:<id> or card:<id>", () => {
    expect(judgeSandboxForm("balance", { target: "card:k-1", balanceAmount: { amount: "-120", currency: "NOK" } })).toEqual({
      ok: false,
      issues: [expect.objectContaining({ field: "balanceAmount.amount" })],
    });
    expect(judgeSandboxForm("balance", { target: "card:k-1", balanceAmount: { amount: "-120.00", currency: "NOK" } })).toEqual({
      ok: true,
      request: { target: "card", id: "k-1", balanceAmount: { currency: "NOK", amount: "-120.00" } },
    });
  });

  it("the clock: the date-time typed is Oslo's wall clock, sent with its offset", () => {
    expect(judgeSandboxForm("clock", { now: "2026-07-14T06:00", frozen: "true" })).toEqual({
      ok: true,
      request: { now: "2026-07-14T06:00:00+02:00", frozen: true },
    });
    expect(judgeSandboxForm("clock", { now: "2026-01-14T06:00", frozen: "false" })).toEqual({
      ok: true,
      request: { now: "2026-01-14T06:00:00+01:00", frozen: false },
    });
    expect(errorsOf("clock", { now: "1999-12-31T10:00" })?.fieldErrors).toEqual({
      now: ["Sandbox time (Oslo) must lie in the years 2000 to 2099"],
    });
    expect(errorsOf("clock", {})?.fieldErrors).toEqual({ now: ["Choose the date and time to set the clock to"] });
  });

  it("initialising asks for the box to be ticked", () => {
    expect(errorsOf("initialize", {})?.fieldErrors).toEqual({
      understood: ["Tick the box to confirm that you understand what initialising discards"],
    });
    expect(judgeSandboxForm("initialize", { understood: "on" })).toEqual({ ok: true, request: { understood: true } });
  });

  it("the bank's tppMessages go to their fields; a 404 for the path's id to its picker; the rest to the form", () => {
    expect(
      issueFromTppMessage("balance", {
        category: "ERROR",
        code: "FORMAT_ERROR",
        path: "balanceAmount.currency",
        text: "balanceAmount.currency is EUR, but the account's currency is NOK",
      }),
    ).toEqual({
      field: "balanceAmount.amount",
      code: "FORMAT_ERROR",
      message: "Currency is EUR, but the account's currency is NOK",
    });
    expect(
      issueFromTppMessage("account-transaction", {
        category: "ERROR",
        code: "FORMAT_ERROR",
        path: "[0].debtorAccount",
        text: "[0].debtorAccount is an account of this bank",
      }),
    ).toEqual({
      field: "debtorAccount",
      code: "FORMAT_ERROR",
      message: "Debtor's account is an account of this bank",
    });
    expect(
      issueFromTppMessage("balance", { category: "ERROR", code: "RESOURCE_UNKNOWN", text: 'no sandbox account has the id "x"' }).field,
    ).toBe("target");
    expect(issueFromTppMessage("customer", { category: "ERROR", code: "CONFLICT", text: "the customerNumber is taken" })).toEqual({
      field: undefined,
      code: "CONFLICT",
      message: "CONFLICT: the customerNumber is taken",
    });
  });

  it("Conform's parse gives the request, or the errors by field name", () => {
    const ok = parseSandboxForm(
      "card-account",
      form({ customerId: "c", name: "Reisekort", "creditLimit.amount": "20000", "creditLimit.currency": "NOK" }),
    );
    expect(ok.status).toBe("error");
    expect(ok.reply().error).toEqual({ "creditLimit.amount": [expect.stringMatching(/^Credit limit /)] });
    const fine = parseSandboxForm(
      "card-account",
      form({ customerId: "c", name: "Reisekort", "creditLimit.amount": "20 000,00", "creditLimit.currency": "NOK" }),
    );
    expect(fine.status === "success" && fine.value).toEqual({
      customerId: "c",
      name: "Reisekort",
      creditLimit: { currency: "NOK", amount: "20000.00" },
    });
    // Thousands grouped with a dot and a decimal comma, as Norwegians write it, or the other way round.
    for (const typed of ["20.000,00", "20,000.00"]) {
      const grouped = parseSandboxForm(
        "card-account",
        form({ customerId: "c", name: "Reisekort", "creditLimit.amount": typed, "creditLimit.currency": "NOK" }),
      );
      expect(grouped.status === "success" && grouped.value, typed).toMatchObject({ creditLimit: { currency: "NOK", amount: "20000.00" } });
    }
  });
});
