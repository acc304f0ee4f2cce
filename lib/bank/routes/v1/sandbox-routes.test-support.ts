/**
 * What the sandbox route tests share: a fingerprint of everything in the database (a rejected
 * request must leave it as it was) and the check of an error reply's first tppMessage.
 */
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { z } from "zod";
import { errorResponseSchema } from "../../../psd2/schemas/tpp-message";
import type { Executor } from "../../db/open-bank-database";
import * as schema from "../../db/schema";

const TABLES = {
  settings: schema.settings,
  tpps: schema.tpps,
  customers: schema.customers,
  agreements: schema.agreements,
  accounts: schema.accounts,
  agreementAccounts: schema.agreementAccounts,
  cardAccounts: schema.cardAccounts,
  transactions: schema.transactions,
  cardTransactions: schema.cardTransactions,
  psuIds: schema.psuIds,
  consents: schema.consents,
};

/**
 * A hash of every row of the bank's data tables, per table: each row's text in the database's own
 * form, sorted, hashed where the rows are (reading the tables out, thousands of transactions,
 * twice per rejected request, was most of these tests' time).
 */
export async function fingerprintDatabase(db: Executor): Promise<Record<string, string>> {
  const prints: Record<string, string> = {};
  for (const [name, table] of Object.entries(TABLES)) {
    const result = await db.execute(
      sql`select count(*)::int as rows, coalesce(md5(string_agg(t::text, E'\n' order by t::text)), '') as hash from ${table} t`,
    );
    const [print] = fingerprintRowsSchema.parse(result).rows;
    prints[name] = `${print.rows}:${print.hash.slice(0, 16)}`;
  }
  return prints;
}

const fingerprintRowsSchema = z.object({ rows: z.tuple([z.object({ rows: z.number().int(), hash: z.string() })]) });

export type ExpectedError = { status: number; code: string; path?: string; text?: string | RegExp };

/** The reply is an error whose first tppMessage has this code, path and text. */
export function expectErrorReply(response: LightMyRequestResponse, expected: ExpectedError): void {
  expect(response.statusCode, response.body).toBe(expected.status);
  const body = errorResponseSchema.parse(response.json());
  const [first] = body.tppMessages;
  expect(first?.category).toBe("ERROR");
  expect(first?.code).toBe(expected.code);
  expect(first?.path).toBe(expected.path);
  if (typeof expected.text === "string") expect(first?.text).toBe(expected.text);
  else if (expected.text) expect(first?.text).toMatch(expected.text);
  expect(first?.text?.length ?? 0).toBeLessThanOrEqual(512);
}

/** Sends a request that must be rejected, and checks the error and that the database did not change. */
export async function expectRejected(db: Executor, send: () => Promise<LightMyRequestResponse>, expected: ExpectedError): Promise<void> {
  const before = await fingerprintDatabase(db);
  expectErrorReply(await send(), expected);
  expect(await fingerprintDatabase(db)).toEqual(before);
}
