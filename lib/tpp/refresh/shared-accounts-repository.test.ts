import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTppTestDatabase, type TppTestDatabase, tppTestDatabaseKinds } from "../testing/test-database";
import { createUsersRepository } from "../users/users-repository";
import { createSharedAccountsRepository, type ListedAccount } from "./shared-accounts-repository";

const listed = (resourceId: string, name: string): ListedAccount => ({
  resourceId,
  name,
  product: "Brukskonto",
  currency: "NOK",
  iban: undefined,
  bban: `3800${resourceId.length}0000000`.slice(0, 11),
  maskedPan: undefined,
});

const at = (minute: number) => new Date(Date.UTC(2026, 2, 2, 10, minute));

describe.each(tppTestDatabaseKinds())("a listing kept on %s", (kind) => {
  let database: TppTestDatabase;
  beforeAll(async () => {
    database = await createTppTestDatabase(kind);
    await createUsersRepository(database.db).insert({
      id: "kari",
      username: "kari",
      displayName: "Kari",
      passwordHash: "x",
      createdAt: at(0),
    });
  }, 120_000);
  afterAll(() => database.close());

  async function rows(userId: string) {
    const all = await createSharedAccountsRepository(database.db).listForUser(userId);
    return all
      .map((row) => ({
        resourceId: row.resourceId,
        kind: row.kind,
        name: row.name,
        firstListedAt: row.firstListedAt.toISOString(),
        lastListedAt: row.lastListedAt.toISOString(),
        unsharedAt: row.unsharedAt?.toISOString() ?? null,
      }))
      .sort((a, b) => `${a.kind}${a.resourceId}`.localeCompare(`${b.kind}${b.resourceId}`));
  }

  it("keeps every listed account, marks the one the next listing lacks, and brings it back when listed again", async () => {
    const shared = createSharedAccountsRepository(database.db);
    await shared.recordListing("kari", null, { account: [listed("a1", "Brukskonto"), listed("a2", "Sparekonto")] }, at(0));
    await shared.recordListing("kari", null, { "card-account": [listed("c1", "Kort")] }, at(0));
    // The next listing renames a1 and lacks a2.
    await shared.recordListing("kari", null, { account: [listed("a1", "Hverdag")] }, at(5));
    expect(await rows("kari")).toEqual([
      {
        resourceId: "a1",
        kind: "account",
        name: "Hverdag",
        firstListedAt: at(0).toISOString(),
        lastListedAt: at(5).toISOString(),
        unsharedAt: null,
      },
      {
        resourceId: "a2",
        kind: "account",
        name: "Sparekonto",
        firstListedAt: at(0).toISOString(),
        lastListedAt: at(0).toISOString(),
        unsharedAt: at(5).toISOString(),
      },
      {
        resourceId: "c1",
        kind: "card-account",
        name: "Kort",
        firstListedAt: at(0).toISOString(),
        lastListedAt: at(0).toISOString(),
        unsharedAt: null,
      },
    ]);
    // Listed again: shared again, first listed when it first was; an account named twice is kept once, as last named.
    await shared.recordListing("kari", null, { account: [listed("a1", "Hverdag"), listed("a2", "Spare"), listed("a2", "Sparing")] }, at(9));
    const again = await rows("kari");
    expect(again.filter((row) => row.kind === "account")).toEqual([
      {
        resourceId: "a1",
        kind: "account",
        name: "Hverdag",
        firstListedAt: at(0).toISOString(),
        lastListedAt: at(9).toISOString(),
        unsharedAt: null,
      },
      {
        resourceId: "a2",
        kind: "account",
        name: "Sparing",
        firstListedAt: at(0).toISOString(),
        lastListedAt: at(9).toISOString(),
        unsharedAt: null,
      },
    ]);
    // An empty listing marks every account of that kind, and no other kind's.
    await shared.recordListing("kari", null, { account: [] }, at(12));
    const emptied = await rows("kari");
    expect(emptied.map((row) => [row.resourceId, row.unsharedAt])).toEqual([
      ["a1", at(12).toISOString()],
      ["a2", at(12).toISOString()],
      ["c1", null],
    ]);
  });

  it("keeps both kinds and the balances read with them in one listing, and leaves another context's accounts alone", async () => {
    await createUsersRepository(database.db).insert({
      id: "ola",
      username: "ola",
      displayName: "Ola",
      passwordHash: "x",
      createdAt: at(0),
    });
    const shared = createSharedAccountsRepository(database.db);
    const balances = [{ balanceType: "interimAvailable", balanceAmount: { currency: "NOK", amount: "1200.00" } }];
    // A corporate agreement's account, listed in its own context.
    await shared.recordListing("ola", "corp-1", { account: [listed("k1", "Firmakonto")] }, at(0));
    await shared.recordProblem({ userId: "ola", kind: "account", resourceId: "a1" }, "not yet there");
    await shared.recordListing(
      "ola",
      null,
      { account: [{ ...listed("a1", "Brukskonto"), balances }, listed("a2", "Sparekonto")], "card-account": [listed("c1", "Kort")] },
      at(1),
    );
    await shared.recordProblem({ userId: "ola", kind: "account", resourceId: "a2" }, "refused without the PSU");
    // The next listing reads no balances of a1, new ones of a2, and lacks c1.
    const later = [{ balanceType: "expected", balanceAmount: { currency: "NOK", amount: "80.00" } }];
    await shared.recordListing(
      "ola",
      null,
      { account: [listed("a1", "Brukskonto"), { ...listed("a2", "Sparekonto"), balances: later }], "card-account": [] },
      at(2),
    );
    const byId = new Map((await shared.listForUser("ola")).map((row) => [row.resourceId, row]));
    expect(byId.get("a1")).toMatchObject({
      balances,
      balancesReadAt: at(1),
      balancesReadWithPsu: true,
      lastListedAt: at(2),
      unsharedAt: null,
    });
    expect(byId.get("a2")).toMatchObject({ balances: later, balancesReadAt: at(2), balancesReadWithPsu: true, lastProblem: null });
    expect(byId.get("c1")).toMatchObject({ balances: null, balancesReadAt: null, unsharedAt: at(2) });
    expect(byId.get("k1")).toMatchObject({ psuCorporateId: "corp-1", unsharedAt: null, lastListedAt: at(0) });
  });
});
