import type { BankDatabase } from "../db/open-bank-database";

/**
 * The clock every service of the bank reads: the sandbox clock (SandboxClock satisfies it; tests
 * pass a fixed one). The one clock type of the services.
 */
export type ServiceClock = {
  now(): Date;
  /** Today's date (YYYY-MM-DD) in Europe/Oslo. */
  today(): string;
};

/**
 * The dependencies of the bank's services, passed in by the routes (built once per app from
 * `app.bank` by serviceContextOf), so that the services never reach for globals. A family of
 * services that needs less names its part (PaymentContext).
 */
export type ServiceContext = {
  db: BankDatabase;
  clock: ServiceClock;
  /** The base URL of the bank's web pages (BANK_PUBLIC_WEB_URL with client certificates required): scaRedirect links are absolute on it. */
  publicUrl: string;
  /** The spec's known issue: a Norwegian domestic payment is unknown until it is approved. */
  domesticDetailsKnownIssue: boolean;
  /** The spec's known issue: pending transactions unfiltered by dateFrom, dateTo and limit. */
  pendingKnownIssue: boolean;
  /** The key that seals paging cursors (opaque and tamper-evident). */
  cursorKey: Buffer;
};
