import { isValidIsoDate } from "../../psd2/validation";

/** The booking statuses an account page can ask the bank for (bookingStatus). */
export const BOOKING_STATUSES = ["both", "booked", "pending", "all"] as const;
export type BookingStatusChoice = (typeof BOOKING_STATUSES)[number];

/** The filter fields of an account's page, as its form names them. */
export type TransactionsFilterField = "status" | "from" | "to" | "page";

/** The account page's query, each value one the bank can be asked with. */
export interface TransactionsFilter {
  readonly status: BookingStatusChoice;
  readonly from: string | undefined;
  readonly to: string | undefined;
  /** The bank's page token of a `first`/`previous`/`next`/`last` link. */
  readonly page: string | undefined;
  /** The page's number, for "Page n" (a display only). */
  readonly n: number | undefined;
}

export interface TransactionsFilterReading {
  readonly filter: TransactionsFilter;
  /** Each value of the address that cannot be used, named on its field with the value as given; empty when all can. */
  readonly problems: readonly { readonly field: TransactionsFilterField; readonly value: string; readonly message: string }[];
}

const PAGE_TOKEN = /^[A-Za-z0-9_-]{1,4096}$/;
const SHOWN = 40;

function shown(value: string): string {
  return value.length > SHOWN ? `${value.slice(0, SHOWN)}…` : value;
}

/**
 * Reads an account page's address (`?status&from&to&page&n`) into the filter the bank is asked
 * with, and names each value that cannot be used on its field (a date that does not exist,
 * from after to, a status the bank does not know, a broken page link), so that the page shows
 * the account and says what is wrong with the filter instead of sending it to the bank. A
 * repeated parameter counts by its first value.
 */
export function readTransactionsFilter(query: Readonly<Record<string, string | string[] | undefined>>): TransactionsFilterReading {
  const single = (name: string): string | undefined => {
    const value = query[name];
    const first = Array.isArray(value) ? value[0] : value;
    return first === undefined || first === "" ? undefined : first;
  };
  const problems: { field: TransactionsFilterField; value: string; message: string }[] = [];

  const statusValue = single("status");
  const status = BOOKING_STATUSES.find((choice) => choice === statusValue) ?? "both";
  if (statusValue !== undefined && status !== statusValue) {
    problems.push({
      field: "status",
      value: statusValue,
      message: `"${shown(statusValue)}" is not a booking status: choose one of the list.`,
    });
  }

  const date = (field: "from" | "to"): string | undefined => {
    const value = single(field);
    if (value === undefined) return undefined;
    if (isValidIsoDate(value)) return value;
    problems.push({
      field,
      value,
      message: /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? `${value} is not a date of the calendar.`
        : `"${shown(value)}" is not a date: write it as YYYY-MM-DD.`,
    });
    return undefined;
  };
  const from = date("from");
  const to = date("to");
  if (from !== undefined && to !== undefined && from > to) {
    problems.push({ field: "from", value: from, message: `${from} is after the end of the period (${to}).` });
  }

  const pageValue = single("page");
  const page = pageValue !== undefined && PAGE_TOKEN.test(pageValue) ? pageValue : undefined;
  if (pageValue !== undefined && page === undefined) {
    problems.push({
      field: "page",
      value: pageValue,
      message: "The link to this page of transactions is broken: start again from the first page.",
    });
  }

  const nValue = Number(single("n"));
  const n = Number.isInteger(nValue) && nValue >= 1 && nValue <= 100_000 ? nValue : undefined;
  return { filter: { status, from, to, page, n }, problems };
}
