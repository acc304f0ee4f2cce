import type { BankDatabase } from "../db/open-bank-database";

/** What the bank's services read of the sandbox clock (SandboxClock satisfies it). */
export type ServiceClock = {
  now(): Date;
  /** Today's date (YYYY-MM-DD) in Europe/Oslo. */
  today(): string;
};

/**
 * The dependencies of the account information and SCA services, passed in by the routes (built
 * once per app from `app.bank`), so that the services never reach for globals.
 */
export type ServiceContext = {
  db: BankDatabase;
  clock: ServiceClock;
  /** The bank's public base URL: scaRedirect links are absolute on it. */
  publicUrl: string;
  /** The spec's known issue: pending transactions unfiltered by dateFrom, dateTo and limit. */
  pendingKnownIssue: boolean;
  /** The key that seals paging cursors (opaque and tamper-evident). */
  cursorKey: Buffer;
};
