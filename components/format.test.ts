import { describe, expect, it } from "vitest";
import { CURRENCY_CODES, CURRENCY_MINOR_UNITS } from "@/lib/psd2/validation";
import {
  accountStatusLabel,
  balanceTypeLabel,
  formatAccountNumber,
  formatBban,
  formatDate,
  formatDateTime,
  formatIban,
  formatMaskedPan,
  formatMoney,
  formatMoneyRounded,
  formatTime,
  formatWeekdayTime,
  isDebit,
} from "./format";

// nb-NO groups with a no-break space and writes minus as U+2212.
const normal = (text: string) => text.replace(/[\u00a0\u202f]/g, " ").replace(/\u2212/g, "-");

describe("formatting for the pages", () => {
  it("writes amounts in Norwegian style, exactly as the decimal string says", () => {
    expect(normal(formatMoney({ amount: "1234.50", currency: "NOK" }))).toBe("1 234,50 kr");
    expect(normal(formatMoney({ amount: "-249.90", currency: "NOK" }))).toBe("-249,90 kr");
    expect(normal(formatMoney({ amount: "30000.00", currency: "NOK" }, { signed: true }))).toBe("+30 000,00 kr");
    expect(normal(formatMoney({ amount: "-49.90", currency: "EUR" }))).toBe("-49,90 EUR");
    expect(normal(formatMoney({ amount: "12345678901234567.89", currency: "NOK" }))).toBe("12 345 678 901 234 567,89 kr");
    expect(isDebit({ amount: "-0.01", currency: "NOK" })).toBe(true);
    expect(isDebit({ amount: "0.00", currency: "NOK" })).toBe(false);
  });

  it("writes the currency's ISO 4217 minor units where Intl's (CLDR's) differ, and the string's digits beyond them, rounding nothing", () => {
    // Intl alone writes these "1 251 HUF", "1 251 IQD" and "0 ISK".
    expect(normal(formatMoney({ amount: "1250.50", currency: "HUF" }))).toBe("1 250,50 HUF");
    expect(normal(formatMoney({ amount: "1250.500", currency: "IQD" }))).toBe("1 250,500 IQD");
    expect(normal(formatMoney({ amount: "0.40", currency: "ISK" }))).toBe("0,40 ISK");
    expect(normal(formatMoney({ amount: "-99.99", currency: "IDR" }))).toBe("-99,99 IDR");
    expect(normal(formatMoney({ amount: "1250", currency: "JPY" }))).toBe("1 250 JPY");
    expect(normal(formatMoney({ amount: "1250.125", currency: "KWD" }, { signed: true }))).toBe("+1 250,125 KWD");
  });

  it("pads a short fraction to the minor units and keeps every digit the string has", () => {
    expect(normal(formatMoney({ amount: "1250.5", currency: "NOK" }))).toBe("1 250,50 kr");
    expect(normal(formatMoney({ amount: "1250", currency: "EUR" }))).toBe("1 250,00 EUR");
    expect(normal(formatMoney({ amount: "1.5", currency: "BHD" }))).toBe("1,500 BHD");
    expect(normal(formatMoney({ amount: "0.00001", currency: "NOK" }))).toBe("0,00001 kr");
    expect(normal(formatMoney({ amount: "-12.50000", currency: "JPY" }))).toBe("-12,50000 JPY");
    // XDR has no ISO minor units; a code outside the spec's list has none known: the string's digits.
    expect(normal(formatMoney({ amount: "1.23456", currency: "XDR" }))).toBe("1,23456 XDR");
    expect(normal(formatMoney({ amount: "7", currency: "XYZ" }))).toBe("7 XYZ");
    expect(normal(formatMoney({ amount: "999999999999999999.99999", currency: "NOK" }))).toBe("999 999 999 999 999 999,99999 kr");
  });

  it("shows an amount that is not a decimal string as given, and a malformed code after a plain number", () => {
    expect(formatMoney({ amount: "1e3", currency: "NOK" })).toBe("1e3 NOK");
    expect(formatMoney({ amount: "", currency: "EUR" })).toBe(" EUR");
    expect(normal(formatMoney({ amount: "12.5", currency: "EURO" }))).toBe("12,5 EURO");
  });

  it("writes every currency of the spec's list with exactly its ISO 4217 minor units", () => {
    for (const currency of CURRENCY_CODES) {
      const units = CURRENCY_MINOR_UNITS[currency] ?? 0;
      const amount = units === 0 ? "1234" : `1234.${"5".repeat(units)}`;
      const shown = normal(formatMoney({ amount, currency }));
      const number = units === 0 ? "1 234" : `1 234,${"5".repeat(units)}`;
      expect(shown, currency).toBe(currency === "NOK" ? `${number} kr` : `${number} ${currency}`);
    }
  });

  it("writes an axis label in whole units", () => {
    expect(normal(formatMoneyRounded(40000, "NOK"))).toBe("40 000 kr");
    expect(normal(formatMoneyRounded(-1500.4, "NOK"))).toBe("-1 500 kr");
    expect(normal(formatMoneyRounded(1500, "EUR"))).toBe("1 500 EUR");
  });

  it("writes dates unambiguously and instants in Norway's time", () => {
    expect(formatDate("2026-03-02")).toBe("2 Mar 2026");
    expect(formatDate(undefined)).toBe("–");
    expect(formatDate("not a date")).toBe("not a date");
    expect(formatDateTime("2026-07-01T10:05:09Z")).toBe("1 Jul 2026, 12:05:09 CEST");
    expect(formatDateTime("2026-12-01T10:05:09Z")).toBe("1 Dec 2026, 11:05:09 CET");
  });

  it("writes September as Sep, like every other month in three letters (Intl's en-GB short month is Sept)", () => {
    expect(formatDate("2026-09-30")).toBe("30 Sep 2026");
    expect(formatDateTime("2026-09-02T12:00:00Z")).toBe("2 Sep 2026, 14:00:00 CEST");
    expect(formatWeekdayTime(new Date("2026-09-02T04:00:00Z"))).toBe("Wed 2 Sep, 06:00");
    expect(formatTime(new Date("2026-09-02T04:00:00Z"))).toBe("06:00");
  });

  it("groups account and card numbers", () => {
    expect(formatBban("38001574202")).toBe("3800 15 74202");
    expect(formatIban("NO8338001574202")).toBe("NO83 3800 1574 202");
    expect(formatMaskedPan("552211******4821")).toBe("5522 11** **** 4821");
  });

  it("formats an account number as sent: a BBAN grouped, an IBAN in fours, a card reference as it is", () => {
    expect(formatAccountNumber("86011117947")).toBe("8601 11 17947");
    expect(formatAccountNumber("DE89370400440532013000")).toBe("DE89 3704 0044 0532 0130 00");
    expect(formatAccountNumber("card-ref-1")).toBe("card-ref-1");
    expect(formatAccountNumber(undefined)).toBe("–");
  });
});

describe("accountStatusLabel", () => {
  it("puts the bank's account statuses in plain words, and shows any other as the bank sent it", () => {
    expect(["enabled", "blocked", "deleted", "frozen"].map(accountStatusLabel)).toEqual(["Open", "Blocked", "Closed", "frozen"]);
    // Only the table's own names: what every object inherits is shown as sent, like any other.
    expect(accountStatusLabel("constructor")).toBe("constructor");
    expect(balanceTypeLabel("toString")).toBe("toString");
  });
});
