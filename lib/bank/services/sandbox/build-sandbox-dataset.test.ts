import { describe, expect, it } from "vitest";
import { isValidIban, isValidKid, isValidNorwegianBban } from "../../../psd2/validation";
import { addMonths, businessDayOnOrBefore, dateInMonth, isBusinessDay } from "./calendar";
import { buildSandboxDataset, initialIds } from "./build-sandbox-dataset";
import { isValidOrganisationNumber } from "../../../psd2/schemas/sandbox-organisation-number";

const TODAY = "2026-01-10";
const dataset = buildSandboxDataset(TODAY);

function toOre(amount: string): bigint {
  const [whole = "0", fraction = ""] = amount.replace("-", "").split(".");
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0"));
  return amount.startsWith("-") ? -value : value;
}

describe("the sandbox dataset (supplement §11)", () => {
  it("has 2 private customers with 2 accounts and a card account each, and 2 corporate customers with 2 accounts in an agreement", () => {
    expect(dataset.customers.map((c) => [c.customerNumber, c.type])).toEqual([
      ["13039319955", "PRIVATE"],
      ["12085592767", "PRIVATE"],
      ["18129215603", "CORPORATE"],
      ["20079518612", "CORPORATE"],
    ]);
    expect(dataset.accounts).toHaveLength(8);
    expect(dataset.cardAccounts).toHaveLength(2);
    expect(dataset.agreements).toHaveLength(2);
    for (const customer of dataset.customers) {
      expect(dataset.accounts.filter((a) => a.customerId === customer.id)).toHaveLength(2);
    }
    for (const { agreement, accountIds } of dataset.agreements) {
      expect(isValidOrganisationNumber(agreement.organisationNumber)).toBe(true);
      expect(accountIds).toEqual(dataset.accounts.filter((a) => a.customerId === agreement.customerId).map((a) => a.id));
    }
    for (const card of dataset.cardAccounts) {
      expect(card.maskedPan).toMatch(/^[0-9]{6}\*{6}[0-9]{4}$/);
      expect(card.relatedAccountId).toBe(dataset.accounts.find((a) => a.customerId === card.customerId)?.id);
    }
  });

  it("gives every account a valid Norwegian BBAN (MOD11) and IBAN (mod-97), all different, at the sandbox bank", () => {
    for (const account of dataset.accounts) {
      expect(isValidNorwegianBban(account.bban)).toBe(true);
      expect(account.iban).toBe(`${account.iban.slice(0, 4)}${account.bban}`);
      expect(account.iban.startsWith("NO")).toBe(true);
      expect(isValidIban(account.iban)).toBe(true);
      expect(account.bic).toBe("FJORNOKK");
      expect(account.currency).toBe("NOK");
      expect(["CACC", "SVGS", "TAXE"]).toContain(account.cashAccountType);
    }
    expect(new Set(dataset.accounts.map((a) => a.bban)).size).toBe(8);
  });

  it("has at least 1,500 booked transactions on the first private customer's current account, 13 months back", () => {
    const main = initialIds.account("13039319955", 1);
    const booked = dataset.transactions.filter((t) => t.accountId === main && t.status === "booked");
    expect(booked.length).toBeGreaterThanOrEqual(1500);
    const dates = booked.map((t) => t.bookingDate ?? "").sort();
    const [first = "", last = ""] = [dates[0], dates.at(-1)];
    expect(first >= addMonths(TODAY, -13)).toBe(true);
    expect(first <= addMonths(TODAY, -12)).toBe(true);
    expect(last <= TODAY).toBe(true);
  });

  it("has 2 to 5 pending transactions on every account and card account, dated today or the last days", () => {
    for (const account of dataset.accounts) {
      const pending = dataset.transactions.filter((t) => t.accountId === account.id && t.status === "pending");
      expect(pending.length, account.name).toBeGreaterThanOrEqual(2);
      expect(pending.length, account.name).toBeLessThanOrEqual(5);
      for (const t of pending) {
        expect(t.bookingDate).toBeNull();
        expect(t.valueDate >= "2026-01-08" && t.valueDate <= TODAY).toBe(true);
      }
    }
    for (const card of dataset.cardAccounts) {
      const pending = dataset.cardTransactions.filter((t) => t.cardAccountId === card.id && t.status === "pending");
      expect(pending.length).toBeGreaterThanOrEqual(2);
      expect(pending.length).toBeLessThanOrEqual(5);
    }
  });

  it("keeps balances consistent: booked balance = opening + the sum of booked amounts; checking and savings positive, cards within their limits", () => {
    for (const account of [...dataset.accounts, ...dataset.cardAccounts]) {
      const rows =
        "bban" in account
          ? dataset.transactions.filter((t) => t.accountId === account.id && t.status === "booked")
          : dataset.cardTransactions.filter((t) => t.cardAccountId === account.id && t.status === "booked");
      const sum = rows.reduce((total, t) => total + toOre(t.amount), 0n);
      const opening = dataset.openingBalances.get(account.id ?? "");
      expect(opening).toBeDefined();
      expect(toOre(account.bookedBalance)).toBe(toOre(opening ?? "0") + sum);
    }
    for (const account of dataset.accounts) expect(toOre(account.bookedBalance)).toBeGreaterThan(0n);
    for (const card of dataset.cardAccounts) {
      expect(toOre(card.bookedBalance)).toBeLessThanOrEqual(0n);
      expect(-toOre(card.bookedBalance)).toBeLessThan(toOre(card.creditLimit));
    }
  });

  it("writes amounts as strings with exactly 2 decimals, debits negative", () => {
    for (const t of [...dataset.transactions, ...dataset.cardTransactions]) expect(t.amount).toMatch(/^-?[0-9]+\.[0-9]{2}$/);
    for (const t of dataset.cardTransactions) expect(t.originalAmount).toMatch(/^-?[0-9]+\.[0-9]{2}$/);
    const main = initialIds.account("13039319955", 1);
    const rent = dataset.transactions.filter((t) => t.accountId === main && t.proprietaryCode === "Fast betaling");
    expect(rent.length).toBeGreaterThanOrEqual(12);
    for (const t of rent) expect(t.amount.startsWith("-")).toBe(true);
  });

  it("pays salary on the 25th or the nearest earlier business day", () => {
    const main = initialIds.account("13039319955", 1);
    const salaries = dataset.transactions.filter((t) => t.accountId === main && t.proprietaryCode === "Lønn");
    expect(salaries.length).toBe(13);
    for (const salary of salaries) {
      const date = salary.bookingDate ?? "";
      expect(isBusinessDay(date)).toBe(true);
      expect(date).toBe(businessDayOnOrBefore(dateInMonth(date.slice(0, 7), 25)));
      expect(salary.debtorName).toBe("Nordvik Consulting AS");
    }
  });

  it("pays bills with valid KIDs (MOD10 or MOD11) and has groceries, transport, streaming and transfers between own accounts", () => {
    const kids = dataset.transactions.flatMap((t) => (t.remittanceStructured ? [t.remittanceStructured] : []));
    expect(kids.length).toBeGreaterThan(100);
    for (const kid of kids) expect(isValidKid(kid), kid).toBe(true);
    const texts = dataset.transactions.map((t) => t.remittanceUnstructured ?? "").join("\n");
    for (const name of ["REMA 1000", "KIWI", "COOP EXTRA", "MENY", "RUTER", "VY TOG", "NETFLIX", "SPOTIFY", "Overføring til Sparekonto"]) {
      expect(texts).toContain(name);
    }
    for (const party of dataset.transactions.flatMap((t) => [t.creditorAccount, t.debtorAccount])) {
      if (party?.bban) expect(isValidNorwegianBban(party.bban)).toBe(true);
    }
  });

  it("has card purchases in EUR, SEK, USD, GBP and DKK, in NOK on the account with the original amount in the details, and as card transactions with originalAmount", () => {
    const currencies = new Set(dataset.cardTransactions.filter((t) => t.originalCurrency !== "NOK").map((t) => t.originalCurrency));
    expect([...currencies].sort()).toEqual(["DKK", "EUR", "GBP", "SEK", "USD"]);
    for (const t of dataset.cardTransactions) {
      expect(t.currency).toBe("NOK");
      expect(t.merchantCategoryCode).toMatch(/^[0-9]{4}$/);
      expect(t.amount.startsWith("-")).toBe(t.originalAmount.startsWith("-"));
    }
    const foreign = dataset.transactions.filter((t) => t.proprietaryCode === "Visa");
    expect(new Set(foreign.map((t) => t.remittanceUnstructured?.split(" ")[2])).size).toBeGreaterThanOrEqual(4);
    for (const t of foreign) {
      expect(t.currency).toBe("NOK");
      expect(t.details?.additionalInformation).toMatch(
        /^Card purchase of (EUR|SEK|USD|GBP|DKK) [0-9]+\.[0-9]{2} at the exchange rate [0-9]+\.[0-9]{4}$/,
      );
    }
  });

  it("is deterministic: the same today gives identical rows, another today the same customer, account and agreement ids", () => {
    const again = buildSandboxDataset(TODAY);
    expect(again.transactions).toEqual(dataset.transactions);
    expect(again.cardTransactions).toEqual(dataset.cardTransactions);
    expect(again.accounts).toEqual(dataset.accounts);
    const later = buildSandboxDataset("2026-04-02");
    expect(later.customers.map((c) => c.id)).toEqual(dataset.customers.map((c) => c.id));
    expect(later.accounts.map((a) => [a.id, a.bban, a.iban])).toEqual(dataset.accounts.map((a) => [a.id, a.bban, a.iban]));
    expect(later.cardAccounts.map((c) => c.id)).toEqual(dataset.cardAccounts.map((c) => c.id));
    expect(later.agreements.map(({ agreement }) => agreement.id)).toEqual(dataset.agreements.map(({ agreement }) => agreement.id));
    // A day inside both windows has the same booked transactions, with the same ids.
    const day = (rows: typeof dataset.transactions) => rows.filter((t) => t.bookingDate === "2025-11-12");
    expect(day(later.transactions)).toEqual(day(dataset.transactions));
    expect(new Set(dataset.transactions.map((t) => t.id)).size).toBe(dataset.transactions.length);
  });

  it("keeps its promises for other todays too", () => {
    for (const today of ["2025-03-01", "2026-06-30", "2026-12-24", "2028-02-29"]) {
      const other = buildSandboxDataset(today);
      const main = initialIds.account("13039319955", 1);
      expect(other.transactions.filter((t) => t.accountId === main && t.status === "booked").length, today).toBeGreaterThanOrEqual(1500);
      for (const account of other.accounts) expect(Number(account.bookedBalance), `${today} ${account.name}`).toBeGreaterThan(0);
      for (const card of other.cardAccounts) expect(-Number(card.bookedBalance)).toBeLessThan(Number(card.creditLimit));
    }
  });
});
