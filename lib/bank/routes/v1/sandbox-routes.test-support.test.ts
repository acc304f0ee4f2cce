// The database fingerprint the sandbox route tests compare before and after a rejected request:
// equal while nothing changed, and different in the table of any change, however small.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, transactions } from "../../db/schema";
import { CUSTOMERS, ids } from "../../testing/ais-scenarios";
import { createSeededTestDatabase } from "../../testing/seeded-test-database";
import { type TestDatabase, testDatabaseKinds } from "../../testing/test-database";
import { fingerprintDatabase } from "./sandbox-routes.test-support";

describe.each(testDatabaseKinds())("fingerprintDatabase on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededTestDatabase(kind);
  });
  afterAll(() => database.close());

  it("is the same while nothing changes, and changes in the table of a one-character change or a row removed", async () => {
    const { db } = database;
    const before = await fingerprintDatabase(db);
    expect(await fingerprintDatabase(db)).toEqual(before);
    expect(Number(before.transactions?.split(":")[0])).toBeGreaterThan(0);

    const accountId = ids.account(CUSTOMERS.ingrid, 1);
    const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
    if (account === undefined) throw new Error(`no account ${accountId}`);
    await db
      .update(accounts)
      .set({ name: `${account.name}.` })
      .where(eq(accounts.id, accountId));
    const renamed = await fingerprintDatabase(db);
    expect(renamed.accounts).not.toBe(before.accounts);
    expect({ ...renamed, accounts: before.accounts }).toEqual(before);
    await db.update(accounts).set({ name: account.name }).where(eq(accounts.id, accountId));
    expect(await fingerprintDatabase(db)).toEqual(before);

    const [transaction] = await db.select().from(transactions).limit(1);
    if (transaction === undefined) throw new Error("no transaction");
    await db.delete(transactions).where(eq(transactions.id, transaction.id));
    const removed = await fingerprintDatabase(db);
    expect(removed.transactions).not.toBe(before.transactions);
    expect({ ...removed, transactions: before.transactions }).toEqual(before);
  });
});
