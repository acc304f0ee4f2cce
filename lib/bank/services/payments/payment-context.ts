import type { BankDatabase } from "../../db/open-bank-database";
import type { ServiceClock } from "../service-context";

/**
 * The dependencies of the payment and signing basket services, passed in by the routes (made
 * once per app from `app.bank`).
 */
export type PaymentContext = {
  db: BankDatabase;
  clock: ServiceClock;
  /** The bank's public base URL: scaRedirect links are absolute on it. */
  publicUrl: string;
  /** The spec's known issue: a Norwegian domestic payment is unknown until it is approved. */
  domesticDetailsKnownIssue: boolean;
};
