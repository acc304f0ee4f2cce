import { and, eq, not, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../db/open-bank-database";
import {
  accounts,
  agreementAccounts,
  agreements,
  cardAccounts,
  consents,
  customers,
  psuIds,
  scaSessions,
  unattendedCalls,
} from "../db/schema";
import { type AccountRecord, toAccountRecord } from "./accounts-repository";
import { type CardAccountRecord, toCardAccountRecord } from "./card-accounts-repository";
import type { CustomerRecord } from "./customers-repository";
import { preparedReadsOf } from "./prepared-reads";
import { countCallOnConflict, UNATTENDED_WINDOW_MS, type UnattendedAccessKind } from "./unattended-access-repository";

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
  /**
   * A read without the PSU to count (balances, transactions): the same statement counts it
   * when every rule is met and fewer than 4 such calls were made in the 24 hours before `now`.
   */
  count?: UnattendedAccessKind;
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
  /** With `count`: whether the call was counted (false: every rule met, but none left today, or a rule not met). */
  counted: boolean;
};

const p = {
  tppId: sql.placeholder("tppId"),
  psuId: sql.placeholder("psuId"),
  resourceId: sql.placeholder("resourceId"),
  tppSessionId: sql.placeholder("tppSessionId"),
  now: sql.placeholder("now"),
  renewedAfter: sql.placeholder("renewedAfter"),
  kind: sql.placeholder("kind"),
  since: sql.placeholder("since"),
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

const accountInAgreement = sql<boolean>`exists (select 1 from ${agreementAccounts} inner join ${agreements} on ${agreements.id} = ${agreementAccounts.agreementId} where ${agreementAccounts.accountId} = ${accounts.id} and ${agreements.customerId} = ${accounts.customerId})`;
const samePsu = and(eq(psuIds.tppId, p.tppId), eq(psuIds.psuId, p.psuId));

/**
 * The insert counting a call without the PSU (see unattended-access-repository.ts), when the
 * facts say the read is allowed without the PSU: consented, not an agreement's account, and a
 * recent SCA. Made of the same joins and conditions as the facts.
 */
function countedCall(db: Executor, source: typeof accounts | typeof cardAccounts, facts: ReturnType<typeof factColumns>) {
  const call = {
    tppId: psuIds.tppId,
    resourceId: source.id,
    kind: sql<UnattendedAccessKind>`${p.kind}::text`.as("kind"),
    latest: sql<Date[]>`array[${p.now}::timestamptz]`.as("latest"),
  };
  const allowed = and(samePsu, facts.consented, not(facts.inAgreement), facts.renewed);
  const rows =
    source === accounts
      ? db
          .select(call)
          .from(psuIds)
          .innerJoin(customers, eq(customers.id, psuIds.customerId))
          .innerJoin(accounts, and(eq(accounts.id, p.resourceId), eq(accounts.customerId, psuIds.customerId)))
          .where(allowed)
      : db
          .select(call)
          .from(psuIds)
          .innerJoin(customers, eq(customers.id, psuIds.customerId))
          .innerJoin(cardAccounts, and(eq(cardAccounts.id, p.resourceId), eq(cardAccounts.customerId, psuIds.customerId)))
          .where(allowed);
  return db.$with("counted").as(
    db
      .insert(unattendedCalls)
      .select(rows)
      .onConflictDoUpdate(countCallOnConflict(sql`${p.since}`))
      .returning({ taken: sql<boolean>`true` }),
  );
}

function prepareAccountRead(db: Executor, count: boolean) {
  const facts = factColumns("account", sql`${accounts.id}`, accountInAgreement);
  if (!count) {
    return db
      .select({ ...facts, resource: accounts, counted: sql<boolean>`false` })
      .from(psuIds)
      .innerJoin(customers, eq(customers.id, psuIds.customerId))
      .innerJoin(accounts, and(eq(accounts.id, p.resourceId), eq(accounts.customerId, psuIds.customerId)))
      .where(samePsu)
      .prepare("authorise_account_read");
  }
  const counted = countedCall(db, accounts, facts);
  return db
    .with(counted)
    .select({ ...facts, resource: accounts, counted: sql<boolean>`exists (select 1 from ${counted})` })
    .from(psuIds)
    .innerJoin(customers, eq(customers.id, psuIds.customerId))
    .innerJoin(accounts, and(eq(accounts.id, p.resourceId), eq(accounts.customerId, psuIds.customerId)))
    .where(samePsu)
    .prepare("authorise_counted_account_read");
}

function prepareCardAccountRead(db: Executor, count: boolean) {
  const facts = factColumns("card-account", sql`${cardAccounts.id}`, sql<boolean>`false`);
  if (!count) {
    return db
      .select({ ...facts, resource: cardAccounts, counted: sql<boolean>`false` })
      .from(psuIds)
      .innerJoin(customers, eq(customers.id, psuIds.customerId))
      .innerJoin(cardAccounts, and(eq(cardAccounts.id, p.resourceId), eq(cardAccounts.customerId, psuIds.customerId)))
      .where(samePsu)
      .prepare("authorise_card_account_read");
  }
  const counted = countedCall(db, cardAccounts, facts);
  return db
    .with(counted)
    .select({ ...facts, resource: cardAccounts, counted: sql<boolean>`exists (select 1 from ${counted})` })
    .from(psuIds)
    .innerJoin(customers, eq(customers.id, psuIds.customerId))
    .innerJoin(cardAccounts, and(eq(cardAccounts.id, p.resourceId), eq(cardAccounts.customerId, psuIds.customerId)))
    .where(samePsu)
    .prepare("authorise_counted_card_account_read");
}

// Built once per database handle: the SQL text is made once, and PostgreSQL keeps the named
// statement prepared on each pooled connection.
const preparedAccountReads = new WeakMap<Executor, Map<boolean, ReturnType<typeof prepareAccountRead>>>();
const preparedCardAccountReads = new WeakMap<Executor, Map<boolean, ReturnType<typeof prepareCardAccountRead>>>();

function preparedOf<S>(
  cache: WeakMap<Executor, Map<boolean, S>>,
  db: Executor,
  count: boolean,
  prepare: (db: Executor, count: boolean) => S,
): S {
  let byCount = cache.get(db);
  if (!byCount) cache.set(db, (byCount = new Map()));
  let prepared = byCount.get(count);
  if (!prepared) byCount.set(count, (prepared = prepare(db, count)));
  return prepared;
}

function valuesOf(key: ReadAuthorisationKey) {
  return {
    tppId: key.tppId,
    psuId: key.psuId,
    resourceId: key.resourceId,
    tppSessionId: key.tppSessionId ?? null,
    now: key.now.toISOString(),
    renewedAfter: key.renewedAfter.toISOString(),
    kind: key.count ?? null,
    since: new Date(key.now.getTime() - UNATTENDED_WINDOW_MS).toISOString(),
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
      const [row] = await preparedOf(preparedAccountReads, db, key.count !== undefined, prepareAccountRead).execute(valuesOf(key));
      return row && { ...row, resource: toAccountRecord(row.resource) };
    },

    async forCardAccount(key: ReadAuthorisationKey): Promise<ReadAuthorisationFacts<CardAccountRecord> | undefined> {
      const [row] = await preparedOf(preparedCardAccountReads, db, key.count !== undefined, prepareCardAccountRead).execute(valuesOf(key));
      return row && { ...row, resource: toCardAccountRecord(row.resource) };
    },
  };
}
