/**
 * The building blocks of the generated sandbox history: ledgers of an account and of a card
 * account that collect entries in minor units (integers, exact), and the texts Norwegian banks
 * put on them.
 */
import type { TransactionDetailsExtra } from "../../db/schema";
import { businessDayOnOrAfter } from "./calendar";
import { createRandom, type Random } from "./prng";

/** An account transaction of the generated history; amounts in øre (minor units), debits negative. */
export type LedgerEntry = {
  status: "booked" | "pending" | "rejected";
  valueDate: string;
  bookingDate: string | null;
  amount: number;
  creditorName?: string;
  creditorBban?: string;
  debtorName?: string;
  debtorBban?: string;
  text?: string;
  kid?: string;
  code?: string;
  endToEndId?: string;
  entryReference: string;
  details?: TransactionDetailsExtra;
};

/** A card transaction of the generated history; amount in øre, originalAmount in the original currency's minor units. */
export type CardLedgerEntry = {
  status: "booked" | "pending";
  transactionDate: string;
  bookingDate: string | null;
  amount: number;
  originalAmount: number;
  originalCurrency: string;
  merchantName: string;
  merchantCategoryCode: string;
};

export type EntryFields = Omit<LedgerEntry, "status" | "valueDate" | "bookingDate" | "amount" | "entryReference">;

/** An account's generated transactions up to today: bookings after today are not made. */
export class AccountLedger {
  readonly entries: LedgerEntry[] = [];

  constructor(
    readonly bban: string,
    readonly name: string,
    private readonly today: string,
  ) {}

  /** A booked transaction; dropped when its booking date is after today. */
  book(random: Random, valueDate: string, bookingDate: string, amount: number, fields: EntryFields): boolean {
    if (bookingDate > this.today) return false;
    this.entries.push({ status: "booked", valueDate, bookingDate, amount, entryReference: random.digits(11), ...fields });
    return true;
  }

  pending(random: Random, valueDate: string, amount: number, fields: EntryFields): void {
    this.entries.push({ status: "pending", valueDate, bookingDate: null, amount, entryReference: random.digits(11), ...fields });
  }

  rejected(random: Random, valueDate: string, amount: number, fields: EntryFields): void {
    this.entries.push({ status: "rejected", valueDate, bookingDate: null, amount, entryReference: random.digits(11), ...fields });
  }
}

/** A card account's generated transactions; the booked sum per booking month drives the monthly invoice. */
export class CardLedger {
  readonly entries: CardLedgerEntry[] = [];
  private readonly spentByMonth = new Map<string, number>();

  constructor(
    readonly last4: string,
    private readonly today: string,
  ) {}

  /** A purchase booked on the next business day (on the day when it is one); dropped after today. */
  purchase(date: string, amount: number, original: { amount: number; currency: string }, merchantName: string, mcc: string): void {
    const bookingDate = businessDayOnOrAfter(date);
    if (bookingDate > this.today) return;
    this.entries.push({
      status: "booked",
      transactionDate: date,
      bookingDate,
      amount,
      originalAmount: original.amount,
      originalCurrency: original.currency,
      merchantName,
      merchantCategoryCode: mcc,
    });
    const month = bookingDate.slice(0, 7);
    this.spentByMonth.set(month, (this.spentByMonth.get(month) ?? 0) + amount);
  }

  /** A payment of the card invoice, credited on its date. */
  repayment(date: string, amount: number): void {
    if (date > this.today) return;
    this.entries.push({
      status: "booked",
      transactionDate: date,
      bookingDate: date,
      amount,
      originalAmount: amount,
      originalCurrency: "NOK",
      merchantName: "INNBETALING KREDITTKORT",
      // MCC 6012: financial institutions, merchandise, services and debt repayment.
      merchantCategoryCode: "6012",
    });
  }

  pending(date: string, amount: number, original: { amount: number; currency: string }, merchantName: string, mcc: string): void {
    this.entries.push({
      status: "pending",
      transactionDate: date,
      bookingDate: null,
      amount,
      originalAmount: original.amount,
      originalCurrency: original.currency,
      merchantName,
      merchantCategoryCode: mcc,
    });
  }

  /** The booked purchases (negative) of a booking month, repayments excluded. */
  spentIn(month: string): number {
    return this.spentByMonth.get(month) ?? 0;
  }
}

/** Amount in øre between two kroner amounts, with øre. */
export function kroner(random: Random, min: number, max: number): number {
  return random.int(min * 100, max * 100);
}

/** Amount in øre between two kroner amounts, whole kroner. */
export function wholeKroner(random: Random, min: number, max: number): number {
  return random.int(min, max) * 100;
}

/** Minor units as a decimal text with two fraction digits ("1234.50"). */
export function formatOre(amount: number): string {
  const sign = amount < 0 ? "-" : "";
  const absolute = Math.abs(amount);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`;
}

/** "dd.mm" of a date, as bank texts write it. */
export function dayMonth(date: string): string {
  return `${date.slice(8, 10)}.${date.slice(5, 7)}`;
}

const MONTH_NAMES = ["januar", "februar", "mars", "april", "mai", "juni", "juli", "august", "september", "oktober", "november", "desember"];

/** The Norwegian name of a date's month ("juni"). */
export function monthName(date: string): string {
  return MONTH_NAMES[Number(date.slice(5, 7)) - 1] ?? "";
}

/** An end-to-end id of a payment: at most 35 characters. */
export function endToEndId(random: Random, date: string): string {
  return `E2E${date.replace(/-/g, "")}${random.digits(12)}`;
}

// Reference rates in NOK per unit, times 10,000; each day's rate varies within 2 % around it.
const REFERENCE_RATES: Record<string, number> = { EUR: 116_800, SEK: 10_020, USD: 106_900, GBP: 137_400, DKK: 15_650 };

/** The day's exchange rate of a currency to NOK, times 10,000: the same for every account on a date. */
export function exchangeRate(currency: string, date: string): number {
  const reference = REFERENCE_RATES[currency];
  if (reference === undefined) throw new RangeError(`no reference rate for ${currency}`);
  const random = createRandom(`fx:${currency}:${date}`);
  return Math.round(reference * (0.98 + random.next() * 0.04));
}

/** The NOK amount in øre of an amount in another currency's minor units (all five have 2). */
export function toNok(originalMinor: number, rate: number): number {
  return Math.round((originalMinor * rate) / 10_000);
}

/** A rate times 10,000 as the 4-decimal text banks print ("11.6420"). */
export function formatRate(rate: number): string {
  return `${Math.floor(rate / 10_000)}.${String(rate % 10_000).padStart(4, "0")}`;
}
