import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../db/open-bank-database";
import { accounts, agreementAccounts, agreements, cardAccounts, consents, customers, psuIds, scaSessions } from "../db/schema";
import { type AccountRecord, toAccountRecord } from "./accounts-repository";
import { type CardAccountRecord, toCardAccountRecord } from "./card-accounts-repository";
import type { CustomerRecord } from "./customers-repository";
import { preparedReadsOf } from "./prepared-reads";

/** What one read is asked with: the TPP, the PSU-ID it sent, the resource and the SCA session. */
export type ReadAuthorisationKey = {
  tppId: string;
  /** A psu-id (a lower-case UUID). */
  psuId: string;
  resourceId: string;
  /** TPP-Session-ID, when sent. */
  tppSessionId: string | undefined;
  /** The sandbox clock's now: an SCA session expiring at or before it is expired. */
  now: Date;
  /** An SCA completed after this instant is recent enough for a read without the PSU. */
  renewedAfter: Date;
};

/**
 * Everything the access rules of one read ask of the database, read by one statement: the
 * customer the psu-id names for this TPP and the resource, when the resource is that customer's
 * (no row otherwise), and whether it is consented to, whether it is an agreement's account,
 * whether the latest SCA session under TPP-Session-ID is neither replaced nor expired, and
 * whether an SCA was completed after `renewedAfter`.
 */
export type ReadAuthorisationFacts<R> = {
  customer: CustomerRecord;
  resource: R;
  consented: boolean;
  inAgreement: boolean;
  sessionValid: boolean;
  renewed: boolean;
};

const p = {
  tppId: sql.placeholder("tppId"),
  psuId: sql.placeholder("psuId"),
  resourceId: sql.placeholder("resourceId"),
  tppSessionId: sql.placeholder("tppSessionId"),
  now: sql.placeholder("now"),
  renewedAfter: sql.placeholder("renewedAfter"),
};

/** The conditions on the customer's own rows (the session and renewal look-ups use its SCA index). */
function factColumns(resourceType: "account" | "card-account", resourceIdColumn: SQL, inAgreement: SQL<boolean>) {
  return {
    customer: customers,
    consented: sql<boolean>`exists (select 1 from ${consents} where ${consents.tppId} = ${p.tppId} and ${consents.customerId} = ${customers.id} and ${consents.resourceType} = ${resourceType} and ${consents.resourceId} = ${resourceIdColumn})`,
    inAgreement,
    // The latest session under the TPP-Session-ID (unreplaced ones first), as checkScaSession reads it.
    sessionValid: sql<boolean>`coalesce((select ${scaSessions.replacedAt} is null and ${scaSessions.expiresAt} > ${p.now}::timestamptz from ${scaSessions} where ${scaSessions.tppId} = ${p.tppId} and ${scaSessions.customerId} = ${customers.id} and ${scaSessions.tppSessionId} = ${p.tppSessionId}::text order by ${scaSessions.replacedAt} is null desc, ${scaSessions.authenticatedAt} desc, ${scaSessions.id} desc limit 1), false)`,
    renewed: sql<boolean>`exists (select 1 from ${scaSessions} where ${scaSessions.tppId} = ${p.tppId} and ${scaSessions.customerId} = ${customers.id} and ${scaSessions.authenticatedAt} > ${p.renewedAfter}::timestamptz)`,
  };
}

function prepareAccountRead(db: Executor) {
  const inAgreement = sql<boolean>`exists (select 1 from ${agreementAccounts} inner join ${agreements} on ${agreements.id} = ${agreementAccounts.agreementId} where ${agreementAccounts.accountId} = ${accounts.id} and ${agreements.customerId} = ${accounts.customerId})`;
  return db
    .select({ ...factColumns("account", sql`${accounts.id}`, inAgreement), resource: accounts })
    .from(psuIds)
    .innerJoin(customers, eq(customers.id, psuIds.customerId))
    .innerJoin(accounts, and(eq(accounts.id, p.resourceId), eq(accounts.customerId, psuIds.customerId)))
    .where(and(eq(psuIds.tppId, p.tppId), eq(psuIds.psuId, p.psuId)))
    .prepare("authorise_account_read");
}

function prepareCardAccountRead(db: Executor) {
  return db
    .select({ ...factColumns("card-account", sql`${cardAccounts.id}`, sql<boolean>`false`), resource: cardAccounts })
    .from(psuIds)
    .innerJoin(customers, eq(customers.id, psuIds.customerId))
    .innerJoin(cardAccounts, and(eq(cardAccounts.id, p.resourceId), eq(cardAccounts.customerId, psuIds.customerId)))
    .where(and(eq(psuIds.tppId, p.tppId), eq(psuIds.psuId, p.psuId)))
    .prepare("authorise_card_account_read");
}

// Built once per database handle: the SQL text is made once, and PostgreSQL keeps the named
// statement prepared on each pooled connection.
const preparedAccountReads = new WeakMap<Executor, ReturnType<typeof prepareAccountRead>>();
const preparedCardAccountReads = new WeakMap<Executor, ReturnType<typeof prepareCardAccountRead>>();

function valuesOf(key: ReadAuthorisationKey) {
  return {
    tppId: key.tppId,
    psuId: key.psuId,
    resourceId: key.resourceId,
    tppSessionId: key.tppSessionId ?? null,
    now: key.now.toISOString(),
    renewedAfter: key.renewedAfter.toISOString(),
  };
}

/**
 * The facts of the access rules of account and card account reads, each in one statement (see
 * authorize-resource-read.ts). Nothing here is kept across requests: every fact that can change
 * (psu-ids, consents, SCA sessions, agreements) is read fresh, so that a write made by any bank
 * process is seen by the next read in every other.
 */
export function createReadAuthorisationsRepository(executor: Executor) {
  const db = preparedReadsOf(executor);
  return {
    async forAccount(key: ReadAuthorisationKey): Promise<ReadAuthorisationFacts<AccountRecord> | undefined> {
      let prepared = preparedAccountReads.get(db);
      if (!prepared) preparedAccountReads.set(db, (prepared = prepareAccountRead(db)));
      const [row] = await prepared.execute(valuesOf(key));
      return row && { ...row, resource: toAccountRecord(row.resource) };
    },

    async forCardAccount(key: ReadAuthorisationKey): Promise<ReadAuthorisationFacts<CardAccountRecord> | undefined> {
      let prepared = preparedCardAccountReads.get(db);
      if (!prepared) preparedCardAccountReads.set(db, (prepared = prepareCardAccountRead(db)));
      const [row] = await prepared.execute(valuesOf(key));
      return row && { ...row, resource: toCardAccountRecord(row.resource) };
    },
  };
}
