/**
 * An SCA driver: the page object of a bank's SCA pages, which the specs go through wherever the
 * browser is at the bank (logging a PSU in, choosing a context and an agreement, ticking accounts,
 * approving or cancelling). Each bank's pages differ; a driver knows one bank's. E2E_SCA_DRIVER
 * names the one used (e2e/support/targets.ts); ours, "sandbox-bank", works our sandbox bank's.
 *
 * To drive another bank: write a module beside sandbox-bank.ts that exports a ScaDriver, and add it
 * to `drivers` below (docs/against-a-bank-sandbox.md "Writing an SCA driver").
 */
import type { Page } from "@playwright/test";
import type { Psu } from "../targets";
import { target } from "../targets";
import { sandboxBankDriver } from "./sandbox-bank";

/** The accounts to share on the bank's consent page: names as the page gives them (each RegExp one account). */
export type AccountChoice = {
  check?: RegExp[];
  uncheck?: RegExp[];
  /** Every account offered ticked. */
  all?: boolean;
};

export type PaymentDecision = {
  psu: Psu;
  /** The corporate agreement to act under when the bank asks (undefined: the PSU's private context). */
  agreement?: string;
  decision?: "Approve" | "Cancel";
  /** Checks the approval page before the decision (what it shows of the payment). */
  expect?: (page: Page) => Promise<void>;
};

export interface ScaDriver {
  /** The name E2E_SCA_DRIVER gives. */
  readonly name: string;
  /** The bank's login page, which must be the page shown (after the app's redirect): logs the PSU in. */
  logIn(page: Page, psu: Psu): Promise<void>;
  /** At the bank: logs the PSU in when the bank asks (it may remember a login), else does nothing. */
  passLogin(page: Page, psu: Psu): Promise<void>;
  /** The page asking a corporate customer whom they act for: the company of `agreement`, or themselves (undefined). */
  chooseContext(page: Page, agreement: string | undefined): Promise<void>;
  /** The consent page: ticks and unticks accounts as chosen, then confirms. */
  confirmAccounts(page: Page, choice?: AccountChoice): Promise<void>;
  /** The consent page: cancels (the bank sends the PSU back with the failure redirect). */
  cancelConsent(page: Page): Promise<void>;
  /**
   * A payment's or a basket's approval: logs in and chooses the context when the bank asks, lets
   * `expect` check the page, then approves or cancels.
   */
  decidePayment(page: Page, decision: PaymentDecision): Promise<void>;
}

const drivers: Record<string, ScaDriver> = {
  [sandboxBankDriver.name]: sandboxBankDriver,
};

function chooseDriver(name: string): ScaDriver {
  const driver = drivers[name];
  if (driver === undefined)
    throw new Error(
      `E2E_SCA_DRIVER is ${JSON.stringify(name)}: no such SCA driver (there are ${Object.keys(drivers).join(", ")}; e2e/support/sca-drivers/index.ts lists them)`,
    );
  return driver;
}

/** The driver of the target's SCA pages. */
export const scaDriver: ScaDriver = chooseDriver(target.scaDriver);
