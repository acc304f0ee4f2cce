/**
 * What the payment tests share: a bank on the seeded test database (one per test file), the
 * bodies and headers of payment requests, the approval journey, and a fingerprint of the
 * payment state (a rejected request must leave it as it was).
 */
import { createHash } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { count, sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Executor } from "../db/open-bank-database";
import * as schema from "../db/schema";
import { createAccountsRepository, type AccountRecord } from "../repositories/accounts-repository";
import { errorResponseSchema } from "../../psd2/schemas";
import { CUSTOMERS, ids, REDIRECT_URI } from "./ais-scenarios";
import { buildTestBankOn } from "./build-test-bank";
import { type CompleteScaOptions, completeScaJourney, openScaLink, type ScaPage, submitScaPage } from "./sca-page-driver";
import { createSeededTestDatabase } from "./seeded-test-database";
import type { SignedTestClient } from "./signed-test-client";
import type { TestDatabaseKind } from "./test-database";

/** A creditor outside the sandbox bank (a valid Norwegian account number). */
export const EXTERNAL_BBAN = "86011117947";

/**
 * A bank for payment tests: the seeded test database (the sandbox's known state for 2026-01-10,
 * loaded from a dump: fast), the shared test PKI as trust anchors, the clock frozen at TEST_NOW;
 * every /v1 reply is checked against /openapi.json (reply-check.ts).
 */
export async function buildPaymentTestBank(kind: TestDatabaseKind, env: Record<string, string> = {}): Promise<FastifyInstance> {
  return buildTestBankOn(await createSeededTestDatabase(kind), env);
}

/** The accounts the tests pay from and to. */
export async function loadTestAccounts(app: FastifyInstance) {
  const accounts = createAccountsRepository(app.bank.db);
  const load = async (customerNumber: string, slot: 1 | 2): Promise<AccountRecord> => {
    const account = await accounts.findById(ids.account(customerNumber, slot));
    if (!account) throw new Error(`no account ${customerNumber}/${slot}`);
    return account;
  };
  return {
    ingridMain: await load(CUSTOMERS.ingrid, 1),
    ingridSavings: await load(CUSTOMERS.ingrid, 2),
    perMain: await load(CUSTOMERS.per, 1),
    sindreMain: await load(CUSTOMERS.sindre, 1),
    amalieMain: await load(CUSTOMERS.amalie, 1),
  };
}

/** A Norwegian domestic payment body from a BBAN, changed by `changes` (a member set to undefined is removed). */
/**
 * Amounts that never repeat, from `startCents` up ("100.01", "100.02", ...): identical payments
 * within 10 minutes are logical duplicates (docs/interface/payments.md#payments-in-the-sandbox), so each test payment gets its own.
 */
export function amountSequence(startCents: number): () => string {
  let cents = startCents;
  return () => {
    cents += 1;
    return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
  };
}

export function domesticBody(debtorBban: string, changes: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {
    instructedAmount: { currency: "NOK", amount: "250.00" },
    creditorName: "Kari Nordmann",
    creditorAccount: { bban: EXTERNAL_BBAN, currency: "NOK" },
    creditorAddress: { country: "NO" },
    debtorAccount: { bban: debtorBban, currency: "NOK" },
    remittanceInformationUnstructured: "Test payment",
    ...changes,
  };
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

/** A SEPA credit transfer body from an IBAN. */
export function sepaBody(debtorIban: string, changes: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {
    instructedAmount: { currency: "EUR", amount: "100.00" },
    creditorName: "Hans Schmidt",
    creditorAccount: { iban: "DE89370400440532013000", currency: "EUR" },
    debtorAccount: { iban: debtorIban, currency: "NOK" },
    remittanceInformationUnstructured: "Invoice 7",
    ...changes,
  };
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

/** The headers of a payment or basket creation, for a PSU-ID (or none) under a TPP-Session-ID. */
export function paymentHeaders(
  psuId: string | undefined,
  tppSessionId: string,
  extra: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  return {
    "x-accept-fix": "amount-as-string",
    "TPP-Session-ID": tppSessionId,
    "TPP-Redirect-URI": REDIRECT_URI,
    "PSU-IP-Address": "192.0.2.10",
    ...(psuId === undefined ? {} : { "PSU-ID": psuId }),
    ...extra,
  };
}

/** The headers of POST .../authorisations. */
export function authorisationHeaders(
  tppSessionId: string,
  extra: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  return { "TPP-Session-ID": tppSessionId, "TPP-Redirect-URI": REDIRECT_URI, ...extra };
}

export type CreatedPayment = { paymentId: string; links: Record<string, string>; body: Record<string, unknown> };

/** The paymentId and the links (name to href) of a 201 creation reply. */
function readCreated(response: LightMyRequestResponse): CreatedPayment {
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json<Record<string, unknown>>();
  const links = response.json<{ _links: Record<string, { href: string }> }>()._links;
  const paymentId = body.paymentId;
  if (typeof paymentId !== "string") throw new Error(`no paymentId: ${response.body}`);
  return { paymentId, body, links: Object.fromEntries(Object.entries(links).map(([name, link]) => [name, link.href])) };
}

/** POST /v1/{service}/{product} that must succeed. */
export async function createPayment(
  tpp: SignedTestClient,
  path: string,
  body: unknown,
  headers: Record<string, string | undefined>,
): Promise<CreatedPayment> {
  return readCreated(await tpp.post(path, body, headers));
}

/** POST .../authorisations and the scaRedirect href. */
export async function startAuthorisation(
  tpp: SignedTestClient,
  startHref: string,
  tppSessionId: string,
  extra: Record<string, string | undefined> = {},
): Promise<string> {
  const response = await tpp.post(startHref, undefined, authorisationHeaders(tppSessionId, extra));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ _links: { scaRedirect: { href: string } } }>()._links.scaRedirect.href;
}

/** Login (and context) on the bank's pages up to the approval page. */
export async function openApprovalPage(app: FastifyInstance, href: string, options: CompleteScaOptions): Promise<ScaPage> {
  let page = await openScaLink(app, href);
  for (let guard = 0; guard < 4 && page.kind === "page" && page.step !== "purpose"; guard++) {
    if (page.step === "login") page = await submitScaPage(app, page, { action: "login", nationalIdentityNumber: options.customerNumber });
    else if (page.step === "context")
      page = await submitScaPage(app, page, {
        action: "continue",
        context: options.context ?? "PRIVATE",
        agreement: options.agreementId ?? "",
      });
    else break;
  }
  return page;
}

/** The whole approval: login, context, Approve; the final redirect's query. */
export async function approveOnBankPages(app: FastifyInstance, href: string, options: CompleteScaOptions): Promise<Record<string, string>> {
  return (await completeScaJourney(app, href, options)).query;
}

/** A payment created and approved by the PSU (the debtor's owner), through startAuthorisation. */
export async function createAndApprove(
  app: FastifyInstance,
  tpp: SignedTestClient,
  create: { path: string; body: unknown; headers: Record<string, string | undefined> },
  approver: CompleteScaOptions,
): Promise<{ paymentId: string; statusHref: string; redirect: Record<string, string> }> {
  const created = await createPayment(tpp, create.path, create.body, create.headers);
  const session = create.headers["TPP-Session-ID"] ?? "session";
  const href = created.links.scaRedirect ?? (await startAuthorisation(tpp, created.links.startAuthorisation ?? "", session));
  const redirect = await approveOnBankPages(app, href, approver);
  return { paymentId: created.paymentId, statusHref: created.links.status ?? "", redirect };
}

/** The first tppMessage of an error reply. */
export function firstMessageOf(response: LightMyRequestResponse) {
  return errorResponseSchema.parse(response.json()).tppMessages[0];
}

export type ExpectedPaymentError = { status: number; code: string; path?: string; text?: string | RegExp };

/** The reply is an error whose first tppMessage has this code, path and text (at most 512 characters). */
export function expectPaymentError(response: LightMyRequestResponse, expected: ExpectedPaymentError): void {
  expect(response.statusCode, response.body).toBe(expected.status);
  const first = firstMessageOf(response);
  expect(first).toMatchObject({ category: "ERROR", code: expected.code });
  expect(first?.path).toBe(expected.path);
  if (typeof expected.text === "string") expect(first?.text).toBe(expected.text);
  else if (expected.text) expect(first?.text).toMatch(expected.text);
  expect(first?.text?.length ?? 0).toBeLessThanOrEqual(512);
}

/**
 * A fingerprint of what a payment request may change: payments, baskets, SCA journeys, TPPs,
 * sessions, balances, and the transactions (their count, sum and last one).
 */
export async function fingerprintPaymentState(db: Executor): Promise<Record<string, string>> {
  const hash = (rows: unknown[]) =>
    `${rows.length}:${createHash("sha256")
      .update(
        rows
          .map((row) => JSON.stringify(row))
          .sort()
          .join("\n"),
      )
      .digest("hex")
      .slice(0, 16)}`;
  const [ledger] = await db
    .select({
      rows: count(),
      sum: sql<string>`coalesce(sum(${schema.transactions.amount}), 0)::text`,
      last: sql<string>`coalesce(max(${schema.transactions.seq}), 0)::text`,
    })
    .from(schema.transactions);
  return {
    payments: hash(await db.select().from(schema.payments)),
    signingBaskets: hash(await db.select().from(schema.signingBaskets)),
    authorisations: hash(await db.select().from(schema.authorisations)),
    tpps: hash(await db.select().from(schema.tpps)),
    psuIds: hash(await db.select().from(schema.psuIds)),
    scaSessions: hash(await db.select().from(schema.scaSessions)),
    balances: hash(await db.select({ id: schema.accounts.id, balance: schema.accounts.bookedBalance }).from(schema.accounts)),
    transactions: `${ledger?.rows ?? 0}:${ledger?.sum ?? ""}:${ledger?.last ?? ""}`,
  };
}

/** Sends a request that must be rejected; checks the error and that the payment state did not change. */
export async function expectPaymentRejected(
  db: Executor,
  send: () => Promise<LightMyRequestResponse>,
  expected: ExpectedPaymentError,
): Promise<void> {
  const before = await fingerprintPaymentState(db);
  expectPaymentError(await send(), expected);
  expect(await fingerprintPaymentState(db)).toEqual(before);
}
