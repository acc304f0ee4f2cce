/**
 * A test database holding the sandbox's initial dataset for a fixed today, and a fixed sandbox
 * clock for services under test.
 *
 *   describe.each(testDatabaseKinds())("listing on %s", (kind) => {
 *     let database: TestDatabase;
 *     beforeAll(async () => { database = await createSeededTestDatabase(kind); });
 *     afterAll(() => database.close());
 *   });
 *
 * A new PGlite costs ~3 s to start and ~1 s more to migrate; the dataset ~1 s to write. So the
 * first seeded PGlite of a run is dumped (dumpDataDir) to a file in the temporary directory, and
 * the next ones, in any test file, start from it (loadDataDir, ~1 s). The file's name is a hash
 * of everything the dump depends on (migrations, schema, repositories, the dataset's code, the
 * validation rules it uses, PGlite's version, today), so a change of any of them makes a new one.
 * PostgreSQL needs no such help: a new database there is made and seeded in about a second.
 */
import { createHash } from "node:crypto";
import { readdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import * as schema from "../db/schema";
import { initializeSandbox } from "../services/sandbox/initialize-sandbox";
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from "./test-database";

/** The today of the seeded dataset, unless a test asks for another. */
export const SEEDED_TODAY = "2026-01-10";

export type FixedClock = { now(): Date; today(): string };

/** A sandbox clock standing still at noon (Europe/Oslo, winter) of a date. */
export function createFixedClock(today: string = SEEDED_TODAY): FixedClock {
  const now = new Date(`${today}T11:00:00Z`);
  return { now: () => new Date(now), today: () => today };
}

const root = fileURLToPath(new URL("../../../", import.meta.url));
const migrationsFolder = fileURLToPath(new URL("../db/migrations", import.meta.url));

const DUMP_PREFIX = "psd2-bank-seeded-";

/** The folders and files whose content the seeded dump depends on (tests excluded). */
const DUMP_INPUTS = [
  "lib/bank/db/migrations",
  "lib/bank/db/schema.ts",
  "lib/bank/repositories",
  "lib/bank/services/sandbox",
  "lib/psd2/validation",
  "node_modules/@electric-sql/pglite/package.json",
];

async function listFiles(path: string): Promise<string[]> {
  try {
    const entries = await readdir(path, { withFileTypes: true, recursive: true });
    return entries
      .filter((entry) => entry.isFile() && !entry.name.endsWith(".test.ts"))
      .map((entry) => join(entry.parentPath, entry.name))
      .sort();
  } catch {
    return [path];
  }
}

async function dumpFileFor(today: string): Promise<string> {
  const hash = createHash("sha256").update(today);
  for (const input of DUMP_INPUTS) {
    for (const file of await listFiles(join(root, input))) {
      hash.update(file.slice(root.length));
      hash.update(await readFile(file).catch(() => Buffer.alloc(0)));
    }
  }
  return join(tmpdir(), `${DUMP_PREFIX}${hash.digest("hex").slice(0, 16)}.tar`);
}

/** Dumps of earlier code versions are never read again: they go (40 MB each). */
async function removeOtherDumps(keep: string): Promise<void> {
  const names = await readdir(tmpdir()).catch(() => []);
  for (const name of names) {
    const path = join(tmpdir(), name);
    if (path !== keep && name.startsWith(DUMP_PREFIX) && name.endsWith(".tar")) await unlink(path).catch(() => undefined);
  }
}

function pgliteTestDatabase(client: PGlite) {
  const db = drizzle(client, { schema });
  return { db, close: () => client.close() };
}

async function createSeededPglite(today: string): Promise<TestDatabase> {
  const file = await dumpFileFor(today);
  const saved = await readFile(file).catch(() => undefined);
  if (saved) {
    const client = new PGlite({ loadDataDir: new Blob([saved]) });
    const opened = pgliteTestDatabase(client);
    try {
      await migrate(opened.db, { migrationsFolder });
    } catch (error) {
      await client.close();
      throw error;
    }
    return { ...opened, kind: "pglite" };
  }

  const client = new PGlite();
  const opened = pgliteTestDatabase(client);
  try {
    await migrate(opened.db, { migrationsFolder });
    await initializeSandbox({ db: opened.db, clock: createFixedClock(today) });
    const dump = await client.dumpDataDir("none");
    // Written aside and renamed: a test file starting at the same time never reads half a dump.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    await removeOtherDumps(file);
  } catch (error) {
    await client.close();
    throw error;
  }
  return { ...opened, kind: "pglite" };
}

/** A migrated database of the given kind, initialised with the sandbox dataset for `today`. */
export async function createSeededTestDatabase(kind: TestDatabaseKind, today: string = SEEDED_TODAY): Promise<TestDatabase> {
  if (kind === "pglite") return createSeededPglite(today);
  const database = await createTestDatabase(kind);
  try {
    await initializeSandbox({ db: database.db, clock: createFixedClock(today) });
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
