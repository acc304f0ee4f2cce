/**
 * What the payment specs share: unique amounts, the payment form filled as a person does, the
 * bank's approval pages, the payment page's status, and the sandbox operations around them
 * (batch runs, the clock) through the signed client.
 */
import { type Browser, expect, type Locator, type Page } from "@playwright/test";
import { accountsResponseSchema, scaRedirectResponseSchema } from "../../lib/psd2/schemas";
import { createSignedBankClient } from "./signed-bank-client";
import { startTppCallbackServer } from "./tpp-callback-server";
import { scaDriver } from "./sca-drivers";
import type { Psu } from "./targets";
import { appUrl, asPsu } from "./tpp-app";

export const bank = createSignedBankClient();

/** A recipient outside the sandbox's customers (DNB's sample account of the spec). */
export const KARI = {
  name: "Kari Nordmann",
  bban: "86011117947",
  street: "Storgata",
  number: "1",
  postalCode: "0155",
  city: "Oslo",
} as const;
/** Amalie Berg's Driftskonto: the bank requires a KID on payments to it. */
export const KID_REQUIRED_BBAN = "38009416606";
export const SEPA_IBAN = "DE89370400440532013000";

// Every payment gets its own amount: the bank refuses the same debtor, creditor, amount and date
// within 10 minutes as a logical duplicate. A tenth of a second of the real clock picks the start,
// so two runs against the same servers (E2E_REUSE_SERVERS) use other amounts too. Small amounts:
// Ingrid's Brukskonto holds some thousands of kroner, and the specs pay from it many times.
let cents = Math.floor(Date.now() / 100) % 100_000;
/** An amount between 100.00 and 1 099.99 that no other payment of this run has. */
export function uniqueAmount(): string {
  cents += 1;
  return `${Math.floor(cents / 100) + 100}.${String(cents % 100).padStart(2, "0")}`;
}

/** An amount as the app writes it (nb-NO: "1 234,56 kr", "−12,00 kr", "EUR 49,90"). */
export function kr(amount: string, currency = "NOK"): string {
  return new Intl.NumberFormat("nb-NO", { style: "currency", currency, currencyDisplay: currency === "NOK" ? "symbol" : "code" }).format(
    amount as Intl.StringNumericLiteral,
  );
}

/** An amount as the bank's approval page writes it ("NOK 1,250.00"). */
export function bankAmount(amount: string, currency = "NOK"): string {
  return new Intl.NumberFormat("en-GB", { style: "currency", currency, currencyDisplay: "code" })
    .format(amount as Intl.StringNumericLiteral)
    .replace(/\u00a0/g, " ");
}

export type Transfer = {
  name: string;
  /** A BBAN (Norwegian products) or an IBAN (SEPA). */
  account: string;
  amount: string;
  currency?: string;
  message?: string;
  kid?: string;
  /** A Norwegian product's recipient has an address; SEPA's is optional. */
  address?: { street: string; number: string; postalCode: string; city: string };
};

export type Product = "Norwegian transfer" | "SEPA transfer" | "Instant transfer (straks)";
export type Kind = "One payment" | "Repeating payment" | "Bulk payment";

/** A radio card, by its title (its accessible name goes on with the card's text). */
const radio = (scope: Page | Locator, title: string) =>
  scope.getByRole("radio", { name: new RegExp(`^${title.replace(/[()]/g, "\\$&")}(\\s|$)`) });

/** Opens /payments/new (or follows the page's link) and chooses the product and kind. */
export async function chooseProductAndKind(page: Page, product: Product, kind: Kind): Promise<void> {
  await expect(page.getByRole("heading", { level: 1, name: "New payment" })).toBeVisible();
  await radio(page, product).check();
  await radio(page, kind).check();
  await expect(radio(page, product)).toBeChecked();
}

/** Fills one transfer's fields: the single payment's, or those of a bulk row (`scope` its fieldset). */
export async function fillTransfer(scope: Page | Locator, transfer: Transfer): Promise<void> {
  await scope.getByLabel("Recipient's name").fill(transfer.name);
  const iban = /^[A-Z]{2}\d\d/.test(transfer.account);
  await scope.getByLabel(iban ? "Recipient's IBAN" : "Recipient's account number").fill(transfer.account);
  if (transfer.address !== undefined) {
    await scope.getByLabel("Street", { exact: true }).fill(transfer.address.street);
    await scope.getByLabel("Number", { exact: true }).fill(transfer.address.number);
    await scope.getByLabel("Postal code", { exact: true }).fill(transfer.address.postalCode);
    await scope.getByLabel("City", { exact: true }).fill(transfer.address.city);
  }
  await scope.getByLabel("Amount", { exact: true }).fill(transfer.amount);
  if (transfer.currency !== undefined) await scope.getByLabel("Currency", { exact: true }).selectOption(transfer.currency);
  if (transfer.kid !== undefined) {
    await radio(scope, "KID").check();
    await scope.getByLabel("KID", { exact: true }).fill(transfer.kid);
  } else if (transfer.message !== undefined) {
    await scope.getByLabel("Message (optional)").fill(transfer.message);
  }
}

export const kariAddress = { street: KARI.street, number: KARI.number, postalCode: KARI.postalCode, city: KARI.city };

/** The errors shown under a field of the form: Conform's "<field id>-error", which the field names in aria-describedby. */
export async function errorsOf(field: Locator): Promise<Locator> {
  const id = await field.getAttribute("id");
  expect(id).toBeTruthy();
  await expect(field).toHaveAttribute("aria-describedby", new RegExp(`(^| )${(id ?? "").replace(/[.[\]]/g, "\\$&")}-error( |$)`));
  return field.page().locator(`[id="${id}-error"]`);
}

/** Sends the form ("Continue to approve"). */
export async function submitPayment(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Continue to approve" }).click();
}

/** Sends the form to be approved later ("Later, together with other payments"): the bank keeps it waiting, the app shows /payments. */
export async function sendToApproveLater(page: Page): Promise<void> {
  await page
    .getByRole("group", { name: "When to approve" })
    .getByRole("radio", { name: /^Later, together with other payments/ })
    .check();
  await page.getByRole("button", { name: "Send, approve later" }).click();
  await page.waitForURL(/\/payments\?saved=[0-9a-f-]{36}$/);
}

/** At the bank (the target's SCA driver): logs in when it asks (our bank's browser session keeps a login for 15 minutes). */
export async function passBankLogin(page: Page, psu: string | Psu): Promise<void> {
  await scaDriver.passLogin(page, asPsu(psu));
}

/**
 * At the bank (the target's SCA driver): logs in when it asks, chooses the context when it asks,
 * checks the payment shown, then approves or cancels it.
 */
export async function decideAtBank(
  page: Page,
  options: { nationalId: string | Psu; agreement?: string; decision?: "Approve" | "Cancel"; expect?: (page: Page) => Promise<void> },
): Promise<void> {
  const { nationalId, ...decision } = options;
  await scaDriver.decidePayment(page, { ...decision, psu: asPsu(nationalId) });
}

const PAYMENT_PAGE = new RegExp(`^${appUrl.replace(/[.]/g, "\\.")}/payments/[0-9a-f-]{36}(\\?.*)?$`);

/** Waits for the app's page of a payment (after the bank's redirect) and returns its path. */
export async function landOnPaymentPage(page: Page): Promise<string> {
  await page.waitForURL(PAYMENT_PAGE);
  await expect(page.getByRole("region", { name: "Status" })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** The status under the payment page's title: the badge (plain word and code) and its meaning. */
export function paymentStatus(page: Page): Locator {
  return page.getByRole("heading", { level: 1 }).locator("xpath=following-sibling::div[1]");
}

/** Matches a status badge's text: the word and the code ("Paid ACSC"). */
export function statusText(label: string, code: string): RegExp {
  return new RegExp(`${label}\\s*${code}`);
}

/** The payment page's timeline, oldest first. */
export function timeline(page: Page): Locator {
  return page.getByRole("list", { name: "Status history" }).locator(":scope > li");
}

/** A batch run at the bank now (and any scheduled one due): ACTC and due PDNG payments are settled or rejected. */
export async function runBatch(): Promise<void> {
  const reply = await bank.post("/v1/sandbox/batch-runs", {});
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

/**
 * Stops the sandbox clock where it is, so that no scheduled batch run (06:00, 09:00, ...) settles
 * a payment between two steps of a spec; the specs run the batch themselves.
 */
export async function freezeClock(): Promise<void> {
  const reply = await bank.post("/v1/sandbox/clock", { frozen: true });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

/** Lets the sandbox clock run on from where it stopped. */
export async function unfreezeClock(): Promise<void> {
  const reply = await bank.post("/v1/sandbox/clock", { frozen: false });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

/** The sandbox's today (YYYY-MM-DD, Europe/Oslo). */
export async function sandboxToday(): Promise<string> {
  const reply = await bank.get("/v1/sandbox/clock");
  expect(reply.status).toBe(200);
  const today = (reply.body as { today?: unknown }).today;
  expect(typeof today).toBe("string");
  return today as string;
}

export { addDays } from "../../lib/psd2/time";

/**
 * A private customer's accounts as the bank tells a TPP (the signed client's own TPP, not the app): a
 * consent approved in a browser context of its own, the bank redirecting to a stand-in for that
 * TPP, then GET /v1/accounts with the psu-id of the redirect.
 */
export async function accountsOf(browser: Browser, nationalId: string): Promise<{ name: string; bban: string; id: string }[]> {
  const tpp = await startTppCallbackServer();
  const context = await browser.newContext();
  try {
    const headers = { "TPP-Session-ID": `e2e-payments-${Date.now()}`, "TPP-Redirect-URI": `${tpp.url}?flow=accounts` };
    const consent = await bank.post("/v1/consents", {}, headers);
    expect(consent.status, JSON.stringify(consent.body)).toBe(201);
    const page = await context.newPage();
    await page.goto(scaRedirectResponseSchema.parse(consent.body)._links.scaRedirect.href);
    await scaDriver.logIn(page, { id: nationalId });
    await scaDriver.confirmAccounts(page, { all: true });
    await page.waitForURL((url) => url.href.startsWith(tpp.url));
    const psuId = new URL(page.url()).searchParams.get("psu-id") ?? "";
    expect(psuId).toMatch(/^[0-9a-f-]{36}$/);
    const accounts = await bank.get("/v1/accounts", { ...headers, "PSU-ID": psuId });
    expect(accounts.status, JSON.stringify(accounts.body)).toBe(200);
    return accountsResponseSchema
      .parse(accounts.body)
      .accounts.map((account) => ({ name: account.name ?? "", bban: account.bban ?? "", id: account.resourceId }));
  } finally {
    await context.close();
    await tpp.close();
  }
}
