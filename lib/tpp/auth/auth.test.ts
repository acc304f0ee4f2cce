import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedTppDatabase } from "../db/open-tpp-database";
import { createTppTestDatabase } from "../testing/test-database";
import { createUsersRepository } from "../users/users-repository";
import { authorizeCredentials } from "./auth-options";
import { DEMO_USERNAME, ensureDemoUser, readDemoCredentials } from "./demo-user";
import { hashPassword } from "./hash-password";

const work = mkdtempSync(path.join(tmpdir(), "tpp-auth-"));

describe("sign-in with credentials from the TPP database", () => {
  let database: OpenedTppDatabase;
  beforeAll(async () => {
    database = await createTppTestDatabase("pglite");
    await createUsersRepository(database.db).insert({
      id: "u-kari",
      username: "kari",
      displayName: "Kari Nordmann",
      passwordHash: await hashPassword("riktig passord"),
      createdAt: new Date(),
    });
  }, 60_000);
  afterAll(async () => {
    await database.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("accepts the right password and refuses a wrong one, an unknown user and malformed input", async () => {
    const users = createUsersRepository(database.db);
    expect(await authorizeCredentials(users, { username: "kari", password: "riktig passord" })).toEqual({
      id: "u-kari",
      name: "Kari Nordmann",
    });
    expect(await authorizeCredentials(users, { username: " kari ", password: "riktig passord" })).toEqual({
      id: "u-kari",
      name: "Kari Nordmann",
    });
    expect(await authorizeCredentials(users, { username: "kari", password: "feil" })).toBeNull();
    expect(await authorizeCredentials(users, { username: "ola", password: "riktig passord" })).toBeNull();
    expect(await authorizeCredentials(users, { username: "kari" })).toBeNull();
    expect(await authorizeCredentials(users, undefined)).toBeNull();
  });

  it("makes the sandbox's demo user once, keeps its credentials in the data directory, and follows the file", async () => {
    const users = createUsersRepository(database.db);
    const dataDir = path.join(work, "tpp");
    const credentials = await ensureDemoUser(users, dataDir, new Date());
    expect(credentials.username).toBe(DEMO_USERNAME);
    expect(credentials.password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(readDemoCredentials(dataDir)).toEqual(credentials);
    expect(statSync(path.join(dataDir, "demo-user.json")).mode & 0o777).toBe(0o600);
    expect(await authorizeCredentials(users, credentials)).toMatchObject({ name: "Demo User" });
    expect(await ensureDemoUser(users, dataDir, new Date())).toEqual(credentials);
    // The sandbox's demo user is its TPP's administrator, also in a database from before roles.
    const demo = await users.findByUsername(DEMO_USERNAME);
    expect(demo?.role).toBe("administrator");
    await users.setRole(demo?.id ?? "", "user");
    await ensureDemoUser(users, dataDir, new Date());
    expect((await users.findByUsername(DEMO_USERNAME))?.role).toBe("administrator");

    writeFileSync(path.join(dataDir, "demo-user.json"), JSON.stringify({ username: DEMO_USERNAME, password: "a-new-password" }));
    await ensureDemoUser(users, dataDir, new Date());
    expect(await authorizeCredentials(users, { username: DEMO_USERNAME, password: "a-new-password" })).not.toBeNull();
    expect(await authorizeCredentials(users, credentials)).toBeNull();
    expect(JSON.parse(readFileSync(path.join(dataDir, "demo-user.json"), "utf8"))).toEqual({
      username: DEMO_USERNAME,
      password: "a-new-password",
    });
  });

  it("has no demo user where no file was written", () => {
    expect(readDemoCredentials(path.join(work, "nothing-here"))).toBeUndefined();
  });
});
