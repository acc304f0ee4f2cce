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
    await shared.recordListing("kari", "account", null, [listed("a1", "Brukskonto"), listed("a2", "Sparekonto")], at(0));
    await shared.recordListing("kari", "card-account", null, [listed("c1", "Kort")], at(0));
    // The next listing renames a1 and lacks a2.
    await shared.recordListing("kari", "account", null, [listed("a1", "Hverdag")], at(5));
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
    await shared.recordListing("kari", "account", null, [listed("a1", "Hverdag"), listed("a2", "Spare"), listed("a2", "Sparing")], at(9));
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
    await shared.recordListing("kari", "account", null, [], at(12));
    const emptied = await rows("kari");
    expect(emptied.map((row) => [row.resourceId, row.unsharedAt])).toEqual([
      ["a1", at(12).toISOString()],
      ["a2", at(12).toISOString()],
      ["c1", null],
    ]);
  });
});
