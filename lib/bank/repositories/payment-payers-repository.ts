import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../db/open-bank-database";
import { accounts, agreementAccounts, agreements, customers, psuIds } from "../db/schema";
import { type AccountRecord, toAccountRecord } from "./accounts-repository";
import type { CustomerRecord } from "./customers-repository";
import { preparedReadsOf } from "./prepared-reads";

/** Who a payment's PSU-ID names, the debtor account its body names, and the creditor accounts that require a KID. */
export type PayerFacts = {
  /** The customer the psu-id names for this TPP. */
  customer: CustomerRecord;
  /** The account of the debtor reference (any customer's), if the bank has one. */
  account?: AccountRecord;
  /** Whether one of its owner's corporate agreements covers the account. */
  accountInAgreement: boolean;
  /** The BBAN and IBAN of every creditor account among the creditor references that requires a KID. */
  kidRequired: Set<string>;
};

export type PayerKey = {
  tppId: string;
  psuId: string;
  debtor: { kind: "bban" | "iban"; reference: string };
  creditorBbans: readonly string[];
  creditorIbans: readonly string[];
};

const p = {
  tppId: sql.placeholder("tppId"),
  psuId: sql.placeholder("psuId"),
  reference: sql.placeholder("reference"),
  creditorBbans: sql.placeholder("creditorBbans"),
  creditorIbans: sql.placeholder("creditorIbans"),
};

// The lists of creditor references are one parameter each, a JSON array in text: the statement's
// text stays the same whatever their length, so that it is prepared once.
const accountInAgreement = sql<boolean>`exists (select 1 from ${agreementAccounts} inner join ${agreements} on ${agreements.id} = ${agreementAccounts.agreementId} where ${agreementAccounts.accountId} = ${accounts.id} and ${agreements.customerId} = ${accounts.customerId})`;
const kidRequired = sql<
  [string, string][]
>`(select coalesce(json_agg(json_build_array(creditor.bban, creditor.iban)), '[]'::json) from ${accounts} creditor where creditor.kid_required and (creditor.bban in (select jsonb_array_elements_text(${p.creditorBbans}::text::jsonb)) or creditor.iban in (select jsonb_array_elements_text(${p.creditorIbans}::text::jsonb))))`;

function preparePayer(db: Executor, kind: "bban" | "iban") {
  return db
    .select({ customer: customers, account: accounts, accountInAgreement, kidRequired })
    .from(psuIds)
    .innerJoin(customers, eq(customers.id, psuIds.customerId))
    .leftJoin(accounts, eq(kind === "bban" ? accounts.bban : accounts.iban, p.reference))
    .where(and(eq(psuIds.tppId, p.tppId), eq(psuIds.psuId, p.psuId)))
    .prepare(`payment_payer_by_${kind}`);
}

// Built once per database handle: the SQL text is made once, and PostgreSQL keeps the named
// statement prepared on each pooled connection (PGlite: prepared-reads.ts).
const prepared = new WeakMap<Executor, Map<"bban" | "iban", ReturnType<typeof preparePayer>>>();

function preparedPayer(db: Executor, kind: "bban" | "iban") {
  let byKind = prepared.get(db);
  if (!byKind) prepared.set(db, (byKind = new Map()));
  let statement = byKind.get(kind);
  if (!statement) byKind.set(kind, (statement = preparePayer(db, kind)));
  return statement;
}

/**
 * What a payment's creation checks of its PSU, debtor account and creditors, in one statement
 * (initiate-payment.ts decides the usual case from it and leaves every other to the rules one by
 * one). Nothing is kept across requests: psu-ids, accounts and agreements are read fresh.
 */
export function createPaymentPayersRepository(executor: Executor) {
  const db = preparedReadsOf(executor);
  return {
    async find(key: PayerKey): Promise<PayerFacts | undefined> {
      const [row] = await preparedPayer(db, key.debtor.kind).execute({
        tppId: key.tppId,
        psuId: key.psuId,
        reference: key.debtor.reference,
        creditorBbans: JSON.stringify(key.creditorBbans),
        creditorIbans: JSON.stringify(key.creditorIbans),
      });
      if (!row) return undefined;
      return {
        customer: row.customer,
        ...(row.account ? { account: toAccountRecord(row.account) } : {}),
        accountInAgreement: row.accountInAgreement === true,
        kidRequired: new Set(row.kidRequired.flat()),
      };
    },
  };
}
