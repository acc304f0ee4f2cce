import { asc, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isValidIban, isValidNorwegianBban } from "../../../psd2/validation";
import {
  accounts,
  agreementAccounts,
  agreements,
  authorisations,
  cardAccounts,
  cardTransactions,
  consents,
  customers,
  psuCorporateIds,
  psuIds,
  scaSessions,
  tpps,
  transactions,
  unattendedCalls,
} from "../../db/schema";
import type { Executor } from "../../db/open-bank-database";
import { formatAmount } from "../../repositories/money";
import { createFixedClock, createSeededTestDatabase, SEEDED_TODAY } from "../../testing/seeded-test-database";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../testing/test-database";
import { buildSandboxDataset, initialIds } from "./build-sandbox-dataset";
import { createSandboxAccount } from "./create-sandbox-account";
import { createSandboxAccountTransactions } from "./create-sandbox-account-transactions";
import { createSandboxAgreement } from "./create-sandbox-agreement";
import { createSandboxCustomer } from "./create-sandbox-customer";
import { ensureSandboxData, initializeSandbox } from "./initialize-sandbox";

const clock = createFixedClock(SEEDED_TODAY);
const dataset = buildSandboxDataset(SEEDED_TODAY);

async function countRows(db: Executor) {
  const tally = async (
    table: typeof customers | typeof accounts | typeof cardAccounts | typeof agreements | typeof transactions | typeof cardTransactions,
  ) => (await db.select({ value: count() }).from(table))[0]?.value ?? 0;
  return {
    customers: await tally(customers),
    accounts: await tally(accounts),
    cardAccounts: await tally(cardAccounts),
    agreements: await tally(agreements),
    transactions: await tally(transactions),
    cardTransactions: await tally(cardTransactions),
  };
}

/** Every row the dataset writes, in a stable order: what two initialisations must agree on. */
async function snapshot(db: Executor) {
  return {
    customers: await db.select().from(customers).orderBy(asc(customers.id)),
    agreements: await db.select().from(agreements).orderBy(asc(agreements.id)),
    links: await db.select().from(agreementAccounts).orderBy(asc(agreementAccounts.agreementId), asc(agreementAccounts.accountId)),
    accounts: await db.select().from(accounts).orderBy(asc(accounts.id)),
    cardAccounts: await db.select().from(cardAccounts).orderBy(asc(cardAccounts.id)),
    transactions: await db.select().from(transactions).orderBy(asc(transactions.seq)),
    cardTransactions: await db.select().from(cardTransactions).orderBy(asc(cardTransactions.seq)),
  };
}

describe.each(testDatabaseKinds())("sandbox initialisation on %s", (kind) => {
  let database: TestDatabase;
  // A new PGlite takes ~4 s, far more on a busy machine: more than the default 10 s hook limit.
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  }, 60_000);
  afterAll(() => database.close());

  it("initialises an empty database on first start, in one go, and leaves a database with data alone", async () => {
    const result = await ensureSandboxData({ db: database.db, clock: clock });
    expect(result).toEqual({
      today: SEEDED_TODAY,
      customers: 4,
      agreements: 2,
      accounts: 8,
      cardAccounts: 2,
      transactions: dataset.transactions.length,
      cardTransactions: dataset.cardTransactions.length,
    });
    expect(await ensureSandboxData({ db: database.db, clock: clock })).toBeUndefined();
    expect(await countRows(database.db)).toEqual({
      customers: 4,
      accounts: 8,
      cardAccounts: 2,
      agreements: 2,
      transactions: dataset.transactions.length,
      cardTransactions: dataset.cardTransactions.length,
    });
  });

  it("stores valid account numbers, at least 1,500 booked transactions on the main account, and pending ones", async () => {
    for (const account of await database.db.select().from(accounts)) {
      expect(isValidNorwegianBban(account.bban)).toBe(true);
      expect(isValidIban(account.iban)).toBe(true);
    }
    const main = initialIds.account("13039319955", 1);
    const perStatus = await database.db
      .select({ status: transactions.status, value: count() })
      .from(transactions)
      .where(eq(transactions.accountId, main))
      .groupBy(transactions.status)
      .orderBy(asc(transactions.status));
    const counted = Object.fromEntries(perStatus.map((row) => [row.status, row.value]));
    expect(counted.booked).toBeGreaterThanOrEqual(1500);
    expect(counted.pending).toBeGreaterThanOrEqual(2);
  });

  it("stores the dataset's rows as they are, in their order (seq)", async () => {
    const stored = await database.db.select().from(transactions).orderBy(asc(transactions.seq));
    expect(stored.map(({ seq: _seq, ...row }) => ({ ...row, amount: formatAmount(row.amount, row.currency) }))).toEqual(
      dataset.transactions,
    );
    const storedCards = await database.db.select().from(cardTransactions).orderBy(asc(cardTransactions.seq));
    expect(
      storedCards.map(({ seq: _seq, ...row }) => ({
        ...row,
        amount: formatAmount(row.amount, row.currency),
        originalAmount: formatAmount(row.originalAmount, row.originalCurrency),
      })),
    ).toEqual(dataset.cardTransactions);
  });

  it("keeps every booked balance equal to the opening balance plus the sum of booked amounts (summed in SQL)", async () => {
    const accountOpenings = await database.db
      .select({
        id: accounts.id,
        opening: sql<string>`(${accounts.bookedBalance} - coalesce(sum(${transactions.amount}) filter (where ${transactions.status} = 'booked'), 0))::numeric(23,2)::text`,
      })
      .from(accounts)
      .leftJoin(transactions, eq(transactions.accountId, accounts.id))
      .groupBy(accounts.id);
    const cardOpenings = await database.db
      .select({
        id: cardAccounts.id,
        opening: sql<string>`(${cardAccounts.bookedBalance} - coalesce(sum(${cardTransactions.amount}) filter (where ${cardTransactions.status} = 'booked'), 0))::numeric(23,2)::text`,
      })
      .from(cardAccounts)
      .leftJoin(cardTransactions, eq(cardTransactions.cardAccountId, cardAccounts.id))
      .groupBy(cardAccounts.id);
    const openings = [...accountOpenings, ...cardOpenings];
    expect(openings).toHaveLength(10);
    for (const { id, opening } of openings) expect(opening, id).toBe(dataset.openingBalances.get(id));
  });

  it("gives identical rows, ids and order included, when initialised again for the same today", async () => {
    const before = await snapshot(database.db);
    await initializeSandbox({ db: database.db, clock: clock });
    expect(await snapshot(database.db)).toEqual(before);
  });

  it("discards what was made by hand and restores the known state, keeping TPPs and the initial customers' psu-ids", async () => {
    const db = database.db;
    const ingrid = initialIds.customer("13039319955");
    const sindre = initialIds.customer("18129215603");
    const agreementId = initialIds.agreement("18129215603");
    const mainAccount = initialIds.account("13039319955", 1);
    const at = clock.now();

    // What TPPs and PSUs left behind.
    await db
      .insert(tpps)
      .values({ id: "PSDNO-FSA-123456", name: "Demo TPP", roles: ["PSP_AI"], registeredAt: at, registeredThrough: "portal" });
    await db.insert(psuIds).values({ tppId: "PSDNO-FSA-123456", customerId: ingrid, psuId: "6f1c1f0e-2b7a-4c1e-9a55-2f3b1d6f0a11" });
    await db
      .insert(psuCorporateIds)
      .values({ tppId: "PSDNO-FSA-123456", agreementId, psuCorporateId: "0b8e5d8a-6f4e-4c3b-8d7e-1a2b3c4d5e6f" });
    await db
      .insert(consents)
      .values({ tppId: "PSDNO-FSA-123456", customerId: ingrid, resourceType: "account", resourceId: mainAccount, grantedAt: at });
    await db.insert(scaSessions).values({
      id: "sca-1",
      tppId: "PSDNO-FSA-123456",
      customerId: ingrid,
      tppSessionId: "s1",
      context: "PRIVATE",
      authenticatedAt: at,
      expiresAt: at,
    });
    await db.insert(authorisations).values({
      id: "auth-1",
      token: "t1",
      purpose: "consent",
      tppId: "PSDNO-FSA-123456",
      tppSessionId: "s1",
      redirectUri: "https://tpp.example/cb",
      createdAt: at,
      expiresAt: at,
    });
    await db.insert(unattendedCalls).values({ tppId: "PSDNO-FSA-123456", resourceId: mainAccount, kind: "balances", latest: [at] });

    // What was made by hand through the sandbox operations.
    const manual = await createSandboxCustomer(
      { db, clock },
      {
        customerNumber: "01017012345",
        customerName: "Ola Hånd",
        customerType: "CORPORATE",
      },
    );
    const manualAccount = await createSandboxAccount({ db, clock }, { customerId: manual.customerId, name: "Driftskonto" });
    await createSandboxAgreement(
      { db },
      {
        customerId: manual.customerId,
        name: "Hånd AS",
        organisationNumber: "926148338",
        accountIds: [manualAccount.resourceId],
      },
    );
    const extraAccount = await createSandboxAccount({ db, clock }, { customerId: ingrid, name: "Ekstra" });
    await createSandboxAgreement(
      { db },
      {
        customerId: sindre,
        name: "Lie Invest AS",
        organisationNumber: "918765026",
        accountIds: [initialIds.account("18129215603", 1)],
      },
    );
    await createSandboxAccountTransactions({ db, clock }, mainAccount, [
      { transactionAmount: { currency: "NOK", amount: "-999.00" }, creditorName: "Manual" },
    ]);

    const expected = await (async () => {
      const fresh = await createSeededTestDatabase(kind, SEEDED_TODAY);
      try {
        return await snapshot(fresh.db);
      } finally {
        await fresh.close();
      }
    })();

    await initializeSandbox({ db, clock });

    expect(await snapshot(db)).toEqual(expected);
    expect(await db.select().from(customers).where(eq(customers.id, manual.customerId))).toEqual([]);
    expect(await db.select().from(accounts).where(eq(accounts.id, extraAccount.resourceId))).toEqual([]);
    expect(await db.select({ id: tpps.id }).from(tpps)).toEqual([{ id: "PSDNO-FSA-123456" }]);
    expect(await db.select().from(psuIds)).toEqual([
      { tppId: "PSDNO-FSA-123456", customerId: ingrid, psuId: "6f1c1f0e-2b7a-4c1e-9a55-2f3b1d6f0a11" },
    ]);
    expect(await db.select().from(psuCorporateIds)).toEqual([
      { tppId: "PSDNO-FSA-123456", agreementId, psuCorporateId: "0b8e5d8a-6f4e-4c3b-8d7e-1a2b3c4d5e6f" },
    ]);
    expect(await db.select().from(consents)).toEqual([]);
    expect(await db.select().from(scaSessions)).toEqual([]);
    expect(await db.select().from(authorisations)).toEqual([]);
    expect(await db.select().from(unattendedCalls)).toEqual([]);
  }, 60_000);

  it("keeps the ids of customers, accounts, card accounts and agreements when initialised for another today", async () => {
    const before = await snapshot(database.db);
    const later = await initializeSandbox({ db: database.db, clock: createFixedClock("2026-03-15") });
    expect(later.today).toBe("2026-03-15");
    const after = await snapshot(database.db);
    expect(after.customers.map((c) => c.id)).toEqual(before.customers.map((c) => c.id));
    expect(after.accounts.map((a) => [a.id, a.bban, a.iban])).toEqual(before.accounts.map((a) => [a.id, a.bban, a.iban]));
    expect(after.cardAccounts.map((c) => c.id)).toEqual(before.cardAccounts.map((c) => c.id));
    expect(after.agreements.map((a) => a.id)).toEqual(before.agreements.map((a) => a.id));
    expect(after.transactions.some((t) => t.sortDate > SEEDED_TODAY)).toBe(true);
    await initializeSandbox({ db: database.db, clock: clock });
  });
});
