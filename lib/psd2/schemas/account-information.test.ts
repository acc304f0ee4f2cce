import { describe, expect, it } from "vitest";
import { accountResponseSchema, accountsResponseSchema } from "./account";
import { balancesResponseSchema } from "./balances";
import { cardAccountsResponseSchema } from "./card-account";
import { parseResponseBody } from "./parse-response-body";
import { transactionDetailsResponseSchema, transactionsResponseSchema } from "./transactions";

const link = (href: string) => ({ href, verbs: ["GET"] });

const account = {
  resourceId: "acc-1",
  bban: "12345678903",
  iban: "NO8312345678903",
  currency: "NOK",
  name: "Brukskonto",
  product: "Brukskonto",
  cashAccountType: "CACC",
  bic: "DNBANOKK",
  status: "enabled",
  usage: "PRIV",
  ownerName: "Kari Nordmann",
  _links: {
    self: link("/v1/accounts/acc-1"),
    balances: link("/v1/accounts/acc-1/balances"),
    transactions: link("/v1/accounts/acc-1/transactions"),
  },
};

describe("accounts (supplement.md §3)", () => {
  it("reads the account list and one account", () => {
    expect(parseResponseBody(accountsResponseSchema, { accounts: [account] })).toEqual({ ok: true, value: { accounts: [account] } });
    expect(parseResponseBody(accountResponseSchema, { account })).toEqual({ ok: true, value: { account } });
  });

  it("holds the account name to 70 characters", () => {
    expect(parseResponseBody(accountResponseSchema, { account: { ...account, name: "n".repeat(70) } }).ok).toBe(true);
    expect(parseResponseBody(accountResponseSchema, { account: { ...account, name: "n".repeat(71) } })).toEqual({
      ok: false,
      problems: ["account.name is 71 characters long; at most 70 are allowed"],
    });
  });

  it("requires resourceId and currency, and reads a null member as absent", () => {
    expect(parseResponseBody(accountResponseSchema, { account: { ...account, product: null } })).toEqual({
      ok: true,
      value: { account: Object.fromEntries(Object.entries(account).filter(([key]) => key !== "product")) },
    });
    expect(parseResponseBody(accountsResponseSchema, { accounts: [{ name: "x" }] })).toEqual({
      ok: false,
      problems: ["accounts[0].resourceId is required", "accounts[0].currency is required"],
    });
  });

  it("reads card accounts with their 70-character names", () => {
    const cardAccount = {
      resourceId: "card-1",
      maskedPan: "123456******1234",
      currency: "NOK",
      name: "n".repeat(70),
      creditLimit: { amount: "50000.00", currency: "NOK" },
    };
    expect(parseResponseBody(cardAccountsResponseSchema, { cardAccounts: [cardAccount] })).toEqual({
      ok: true,
      value: { cardAccounts: [cardAccount] },
    });
    expect(parseResponseBody(cardAccountsResponseSchema, { cardAccounts: [{ ...cardAccount, name: "n".repeat(71) }] }).ok).toBe(false);
  });
});

describe("balances (supplement.md §3)", () => {
  it("reads the three balances of the sandbox", () => {
    const reply = {
      account: { bban: "12345678903", iban: "NO8312345678903", currency: "NOK" },
      balances: [
        { balanceType: "closingBooked", balanceAmount: { amount: "1000.00", currency: "NOK" }, referenceDate: "2025-02-28" },
        { balanceType: "expected", balanceAmount: { amount: "-250.50", currency: "NOK" }, lastChangeDateTime: "2025-03-01T10:00:00+01:00" },
        { balanceType: "interimAvailable", balanceAmount: { amount: "750.00", currency: "NOK" } },
      ],
    };
    expect(parseResponseBody(balancesResponseSchema, reply)).toEqual({ ok: true, value: reply });
  });

  it("rejects a malformed amount or date", () => {
    const reply = {
      balances: [{ balanceType: "expected", balanceAmount: { amount: "1 000,00", currency: "NOK" }, referenceDate: "2025-02-30" }],
    };
    expect(parseResponseBody(balancesResponseSchema, reply)).toEqual({
      ok: false,
      problems: [
        "balances[0].balanceAmount.amount must not contain spaces",
        "balances[0].referenceDate is not a calendar date: 2025-02-30 does not exist",
      ],
    });
  });
});

describe("transactions (supplement.md §3)", () => {
  const booked = {
    transactionId: "t-1",
    entryReference: "e-1",
    endToEndId: "E2E",
    bookingDate: "2025-02-27",
    valueDate: "2025-02-27",
    transactionAmount: { amount: "-199.00", currency: "NOK" },
    creditorName: "Butikken",
    creditorAccount: { bban: "86011117947" },
    remittanceInformationStructured: "79927398713",
    proprietaryBankTransactionCode: "VARER",
    additionalInformationProprietary1: "extra",
    _links: { transactionDetails: link("/v1/accounts/acc-1/transactions/t-1") },
  };
  const pending = { transactionAmount: { amount: "-50.00", currency: "NOK" }, valueDate: "2025-03-02" };

  it("reads booked, pending and the paging links", () => {
    const reply = {
      account: { iban: "NO8312345678903" },
      transactions: {
        booked: [booked],
        pending: [pending],
        _links: {
          account: link("/v1/accounts/acc-1"),
          first: link("/v1/accounts/acc-1/transactions?limit=200"),
          next: link("/v1/accounts/acc-1/transactions?cursor=abc"),
        },
      },
    };
    expect(parseResponseBody(transactionsResponseSchema, reply)).toEqual({ ok: true, value: reply });
  });

  it("reads the structured remittance as a Remittance reference item (Berlin Group 1.3, the bank's form) or as a bare string", () => {
    const withItem = {
      ...booked,
      remittanceInformationStructured: { reference: "79927398713", referenceType: "KID", referenceIssuer: "Nets" },
    };
    expect(parseResponseBody(transactionsResponseSchema, { transactions: { booked: [withItem] } })).toEqual({
      ok: true,
      value: { transactions: { booked: [withItem] } },
    });
    expect(parseResponseBody(transactionsResponseSchema, { transactions: { booked: [booked] } }).ok).toBe(true);
    const withoutReference = { ...booked, remittanceInformationStructured: { referenceType: "KID" } };
    expect(parseResponseBody(transactionsResponseSchema, { transactions: { booked: [withoutReference] } }).ok).toBe(false);
  });

  it("requires the amount of each transaction", () => {
    expect(parseResponseBody(transactionsResponseSchema, { transactions: { pending: [{ valueDate: "2025-03-02" }] } })).toEqual({
      ok: false,
      problems: ["transactions.pending[0].transactionAmount is required"],
    });
  });

  it("reads transaction details", () => {
    expect(parseResponseBody(transactionDetailsResponseSchema, { transactionsDetails: booked })).toEqual({
      ok: true,
      value: { transactionsDetails: booked },
    });
  });
});
