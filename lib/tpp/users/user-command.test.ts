import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorizeCredentials } from "../auth/sign-in-with-credentials";
import type { OpenedTppDatabase } from "../db/open-tpp-database";
import { openTppDatabase } from "../db/open-tpp-database";
import { createTppTestDatabase } from "../testing/test-database";
import { runUserCommand } from "./user-command";
import { createUsersRepository, type UsersRepository } from "./users-repository";

const NOW = new Date("2026-11-26T10:00:00Z");

describe("the tpp:user command", () => {
  let database: OpenedTppDatabase;
  let users: UsersRepository;
  const run = (args: string[], password = "") => runUserCommand(args, { users, readPassword: () => Promise.resolve(password), now: NOW });
  beforeAll(async () => {
    database = await createTppTestDatabase("pglite");
    users = createUsersRepository(database.db);
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  it("adds the first administrator, who can sign in, and changes roles", async () => {
    expect(await run(["list"])).toEqual({ exitCode: 0, output: "no users\n" });
    expect(await run(["add", "anne", "Anne Admin", "--role", "administrator"], "a long first password")).toEqual({
      exitCode: 0,
      output: "added anne (administrator)\n",
    });
    expect(await authorizeCredentials(users, { username: "anne", password: "a long first password" })).toMatchObject({
      name: "Anne Admin",
    });
    expect(await run(["add", "ola", "Ola Nordmann"], "another long password")).toEqual({ exitCode: 0, output: "added ola (user)\n" });
    expect(await run(["role", "ola", "administrator"])).toEqual({ exitCode: 0, output: "ola is now an administrator\n" });
    expect(await run(["list"])).toEqual({ exitCode: 0, output: "anne\tadministrator\tAnne Admin\nola\tadministrator\tOla Nordmann\n" });
  });

  it("names what is wrong, changing nothing", async () => {
    expect((await run(["add", "kari", "Kari"], "short")).output).toMatch(/^add: password: A password has at least 12 characters\./);
    expect((await run(["add", "kari", "Kari", "--role", "owner"], "a long first password")).output).toMatch(
      /^add: role: Choose user or administrator\./,
    );
    expect((await run(["add", "anne", "Anne 2"], "a long first password")).output).toMatch(/^add: there is a user named anne already/);
    expect((await run(["add", "kari"], "a long first password")).output).toMatch(/^add: give a user name and a name/);
    expect((await run(["role", "nobody", "user"])).output).toMatch(/^role: there is no user named nobody/);
    expect((await run(["role", "ola", "owner"])).output).toMatch(/^role: owner is not a role/);
    expect(await run(["delete", "ola"])).toMatchObject({ exitCode: 2, output: expect.stringContaining("usage: npm run -s tpp:user") });
    expect(await users.findByUsername("kari")).toBeUndefined();
  });

  it("removes users, never the last administrator", async () => {
    expect(await run(["remove", "ola"])).toEqual({ exitCode: 0, output: "removed ola\n" });
    expect(await users.findByUsername("ola")).toBeUndefined();
    expect((await run(["remove", "ola"])).output).toMatch(/^remove: there is no user named ola/);
    expect((await run(["remove", "anne"])).output).toMatch(
      /^remove: anne is the only administrator; make another user administrator first/,
    );
    expect((await run(["role", "anne", "user"])).output).toMatch(/^role: anne is the only administrator/);
    expect((await run(["remove"])).exitCode).toBe(2);
    expect(await run(["list"])).toEqual({ exitCode: 0, output: "anne\tadministrator\tAnne Admin\n" });
  });
});

describe("npm run tpp:user, as a process on a PGlite data directory", () => {
  const work = mkdtempSync(path.join(tmpdir(), "tpp-user-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("adds an administrator with the password from stdin", async () => {
    const env = { ...process.env, TPP_DATA_DIR: work, DATABASE_URL: "" };
    const tsx = path.resolve("node_modules", ".bin", "tsx");
    const added = spawnSync(
      tsx,
      ["--conditions=react-server", "scripts/tpp-user.ts", "add", "anne", "Anne Admin", "--role", "administrator"],
      { env, input: "a long first password\n", encoding: "utf8" },
    );
    expect(added.stderr).toBe("");
    expect(added.stdout).toBe("added anne (administrator)\n");
    expect(added.status).toBe(0);
    const database = await openTppDatabase({ dataDir: path.join(work, "db") });
    try {
      const users = createUsersRepository(database.db);
      expect(await users.findByUsername("anne")).toMatchObject({ role: "administrator", displayName: "Anne Admin" });
      expect(await authorizeCredentials(users, { username: "anne", password: "a long first password" })).not.toBeNull();
    } finally {
      await database.close();
    }
  }, 60_000);
});
