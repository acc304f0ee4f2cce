/**
 * A PostgreSQL cluster of a test's own, for tests that stop and restart the server (the shared
 * server at TEST_DATABASE_URL must never be restarted): initdb into a temporary directory, the
 * server on a free local port, trust authentication, its socket in that directory. PostgreSQL
 * refuses to run as root: as root, initdb and pg_ctl run as the user `postgres`.
 *
 *   const binaries = findPostgresBinaries();   // undefined: not installed here
 *   const server = await startPrivatePostgres(binaries);
 *   await server.restart("fast");              // pg_ctl restart -m fast
 *   await server.stop("immediate"); await server.start();
 *   await server.close();                      // stops it and removes its directory
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, chownSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Where the server's programs are: a directory with initdb and pg_ctl. */
export interface PostgresBinaries {
  readonly directory: string;
}

function hasPrograms(directory: string): boolean {
  return existsSync(path.join(directory, "initdb")) && existsSync(path.join(directory, "pg_ctl"));
}

/**
 * The directory of initdb and pg_ctl: POSTGRES_BIN_DIR when set; else the newest version under
 * /usr/lib/postgresql (Debian, Ubuntu); else one on PATH. Undefined when there is none.
 */
export function findPostgresBinaries(): PostgresBinaries | undefined {
  const configured = process.env.POSTGRES_BIN_DIR;
  if (configured !== undefined && configured !== "") return hasPrograms(configured) ? { directory: configured } : undefined;
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => /^\d+(\.\d+)?$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const directory = path.join(debian, version, "bin");
      if (hasPrograms(directory)) return { directory };
    }
  }
  for (const directory of (process.env.PATH ?? "").split(path.delimiter)) {
    if (directory !== "" && hasPrograms(directory)) return { directory };
  }
  return undefined;
}

/** The words of a test that needs the binaries and has none. */
export const NO_POSTGRES_BINARIES =
  "no PostgreSQL server programs (initdb, pg_ctl) were found: not in POSTGRES_BIN_DIR, /usr/lib/postgresql/<version>/bin or PATH. Install the server (Debian: apt-get install postgresql) or set POSTGRES_BIN_DIR.";

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  readonly url: string;
  readonly port: number;
  /** pg_ctl restart: "fast" ends the sessions and shuts down cleanly; "immediate" without a shutdown (crash recovery at start). */
  restart(mode: "fast" | "immediate"): Promise<void>;
  stop(mode: "fast" | "immediate"): Promise<void>;
  start(): Promise<void>;
  /** Stops the server (immediate) and removes its directory. */
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function postgresUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const [uid, gid] = await Promise.all([run("id", ["-u", "postgres"]), run("id", ["-g", "postgres"])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Initialises a cluster in a new temporary directory and starts it on a free port. */
export async function startPrivatePostgres(binaries: PostgresBinaries): Promise<PrivatePostgres> {
  const owner = await postgresUser();
  const directory = mkdtempSync(path.join(tmpdir(), "tpp-private-pg-"));
  const data = path.join(directory, "data");
  if (owner !== undefined) chownSync(directory, owner.uid, owner.gid);
  const program = (name: string) => path.join(binaries.directory, name);
  // As root, as the user postgres (runuser keeps the environment small and needs no password).
  const as = async (name: string, args: readonly string[]): Promise<void> => {
    const [file, argv] = owner === undefined ? [program(name), [...args]] : ["runuser", ["-u", "postgres", "--", program(name), ...args]];
    try {
      await run(file, argv, { cwd: directory, timeout: 60_000 });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      const log = await run("cat", [path.join(directory, "server.log")]).then(
        (result) => result.stdout,
        () => "",
      );
      throw new Error(`${name} ${args.join(" ")} failed:\n${stdout ?? ""}${stderr ?? ""}\n${log.split("\n").slice(-20).join("\n")}`, {
        cause: error,
      });
    }
  };
  await as("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-sync", "--no-instructions"]);
  const port = await freePort();
  // fsync off: the test ends the server, never the machine; what a restart must keep, PostgreSQL keeps without it.
  const options = `-p ${port} -k ${directory} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`;
  const logFile = path.join(directory, "server.log");
  const start = () => as("pg_ctl", ["start", "-w", "-t", "60", "-D", data, "-l", logFile, "-o", options]);
  const stop = (mode: "fast" | "immediate") => as("pg_ctl", ["stop", "-w", "-t", "60", "-D", data, "-m", mode]);
  try {
    await start();
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    restart: (mode) => as("pg_ctl", ["restart", "-w", "-t", "60", "-D", data, "-m", mode, "-l", logFile, "-o", options]),
    stop,
    start,
    close: async () => {
      await stop("immediate").catch(() => undefined);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
