import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorizeCredentials } from "../auth/sign-in-with-credentials";
import type { OpenedTppDatabase } from "../db/open-tpp-database";
import { createTppTestDatabase, tppTestDatabaseKinds } from "../testing/test-database";
import { eq } from "drizzle-orm";
import { appSessions, bankCalls } from "../db/schema";
import { createBankCallsRepository } from "../inspector/bank-calls-repository";
import { testExchange } from "../testing/aspsp-exchange";
import { ADMINISTRATOR_ONLY, addUser, changeRole, isAdministrator, removeUser } from "./manage-users";
import { createUsersRepository, type UsersRepository } from "./users-repository";

const NOW = new Date("2026-11-26T10:00:00Z");

describe.each(tppTestDatabaseKinds())("app users and their roles on %s", (kind) => {
  let database: OpenedTppDatabase;
  let users: UsersRepository;
  const admin = { id: "u-admin", role: "administrator" } as const;
  beforeAll(async () => {
    database = await createTppTestDatabase(kind);
    users = createUsersRepository(database.db);
    await users.insert({
      id: "u-admin",
      username: "admin",
      displayName: "Admin",
      passwordHash: "scrypt$x",
      createdAt: NOW,
      role: "administrator",
    });
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  it("lets an administrator add a user with a role, who can then sign in", async () => {
    const outcome = await addUser(
      users,
      admin,
      { username: "kari", displayName: "Kari Nordmann", password: "et langt passord", role: "user" },
      NOW,
    );
    expect(outcome).toEqual({ kind: "done", username: "kari", role: "user" });
    expect(await users.findByUsername("kari")).toMatchObject({ displayName: "Kari Nordmann", role: "user" });
    expect(await authorizeCredentials(users, { username: "kari", password: "et langt passord" })).toMatchObject({ name: "Kari Nordmann" });
    expect((await users.findByUsername("kari"))?.passwordHash).not.toContain("et langt passord");
    expect(
      await addUser(users, admin, { username: "ola", displayName: "Ola", password: "et langt passord", role: "administrator" }, NOW),
    ).toMatchObject({
      kind: "done",
      role: "administrator",
    });
  });

  it("names each field that is wrong, and a user name taken", async () => {
    expect(await addUser(users, admin, { username: "with space", displayName: "", password: "short", role: "owner" }, NOW)).toEqual({
      kind: "invalid",
      fields: {
        username: "A user name has letters, digits and . _ @ - only (no spaces).",
        displayName: "Write the name to show.",
        password: "A password has at least 12 characters.",
        role: "Choose user or administrator.",
      },
    });
    expect(
      await addUser(users, admin, { username: "kari", displayName: "Kari 2", password: "et langt passord", role: "user" }, NOW),
    ).toEqual({
      kind: "invalid",
      fields: { username: "There is a user named kari already." },
    });
  });

  it("refuses a user who is not an administrator, changing nothing", async () => {
    const kari = await users.findByUsername("kari");
    const actor = { id: kari?.id ?? "", role: "user" } as const;
    expect(isAdministrator(actor)).toBe(false);
    expect(isAdministrator(undefined)).toBe(false);
    expect(
      await addUser(users, actor, { username: "siri", displayName: "Siri", password: "et langt passord", role: "administrator" }, NOW),
    ).toEqual({
      kind: "forbidden",
      message: ADMINISTRATOR_ONLY,
    });
    expect(await users.findByUsername("siri")).toBeUndefined();
    expect(await changeRole(users, actor, { userId: actor.id, role: "administrator" })).toEqual({ kind: "forbidden" });
    expect((await users.findById(actor.id))?.role).toBe("user");
  });

  it("changes roles, always keeping one administrator", async () => {
    const ola = await users.findByUsername("ola");
    expect(await changeRole(users, admin, { userId: ola?.id, role: "user" })).toEqual({ kind: "done", username: "ola", role: "user" });
    expect(await changeRole(users, admin, { userId: "u-admin", role: "user" })).toEqual({ kind: "last-administrator", username: "admin" });
    expect((await users.findById("u-admin"))?.role).toBe("administrator");
    expect(await changeRole(users, admin, { userId: "nobody", role: "user" })).toEqual({ kind: "unknown-user" });
    expect(await changeRole(users, admin, { userId: ola?.id, role: "owner" })).toEqual({ kind: "unknown-role" });
    expect(await changeRole(users, admin, { userId: ola?.id, role: "administrator" })).toMatchObject({ kind: "done" });
    expect(await changeRole(users, admin, { userId: "u-admin", role: "user" })).toMatchObject({ kind: "done" });
    expect((await users.list()).map((user) => [user.username, user.role])).toEqual([
      ["admin", "user"],
      ["kari", "user"],
      ["ola", "administrator"],
    ]);
  });

  /** New administrators, for the tests that remove and demote them. */
  async function addAdministrators(...usernames: string[]): Promise<string[]> {
    const ids: string[] = [];
    for (const username of usernames) {
      const id = `u-${username}`;
      await users.insert({ id, username, displayName: username, passwordHash: "scrypt$x", createdAt: NOW, role: "administrator" });
      ids.push(id);
    }
    return ids;
  }

  it("removes a user with their sign-in sessions and inspector records; never oneself, the demo user or the last administrator", async () => {
    const ola = await users.findByUsername("ola");
    const kari = await users.findByUsername("kari");
    const olaActor = { id: ola?.id ?? "", role: "administrator" } as const;
    await database.db
      .insert(appSessions)
      .values({ id: "s-kari", userId: kari?.id ?? "", createdAt: NOW, expiresAt: new Date(NOW.getTime() + 3_600_000) });
    // One call to the bank made for each of them, as the request inspector keeps it.
    for (const userId of [kari?.id, ola?.id]) await createBankCallsRepository(database.db).insert(testExchange({ startedAt: NOW, userId }));

    expect(await removeUser(users, { id: kari?.id ?? "", role: "user" }, { userId: ola?.id })).toEqual({ kind: "forbidden" });
    expect(await removeUser(users, olaActor, { userId: ola?.id })).toEqual({ kind: "self" });
    expect(await removeUser(users, olaActor, { userId: kari?.id, demoUsername: "kari" })).toEqual({ kind: "demo-user" });
    expect(await removeUser(users, olaActor, { userId: 42 })).toEqual({ kind: "unknown-user" });
    expect(await removeUser(users, olaActor, { userId: kari?.id, demoUsername: "demo" })).toEqual({ kind: "done", username: "kari" });
    expect(await users.findByUsername("kari")).toBeUndefined();
    // Signed out at once: the sign-in session went with the user.
    expect(await database.db.select().from(appSessions).where(eq(appSessions.id, "s-kari"))).toEqual([]);
    // The inspector's record of kari's call went with kari; ola's stays.
    expect((await database.db.select({ userId: bankCalls.userId }).from(bankCalls)).map((call) => call.userId)).toEqual([ola?.id]);
    expect(await removeUser(users, olaActor, { userId: kari?.id })).toEqual({ kind: "unknown-user" });
    // An administrator demoted meanwhile, acting on a page loaded before: the last one still stays.
    expect(await users.removeKeepingAnAdministrator(ola?.id ?? "")).toBe("last-administrator");
    expect((await users.findById(ola?.id ?? ""))?.role).toBe("administrator");
  });

  it("keeps an administrator when two administrators remove or demote each other at once", async () => {
    for (let round = 0; round < 5; round++) {
      const [a = "", b = ""] = await addAdministrators(`a${round}`, `b${round}`);
      // a and b the only two administrators: every other one a plain user first.
      for (const user of await users.list())
        if (user.role === "administrator" && user.id !== a && user.id !== b) await users.setRole(user.id, "user");
      const outcomes =
        round % 2 === 0
          ? await Promise.all([users.removeKeepingAnAdministrator(a), users.removeKeepingAnAdministrator(b)])
          : await Promise.all([users.setRoleKeepingAnAdministrator(a, "user"), users.setRoleKeepingAnAdministrator(b, "user")]);
      expect(outcomes.sort()).toEqual(["done", "last-administrator"]);
      expect((await users.list()).filter((user) => user.role === "administrator")).toHaveLength(1);
    }
  });
});
