/**
 * The built app under load (run by app-load.bench.ts in a process of its own, under the
 * react-server condition: the users are made with lib/tpp's own modules). Prints one JSON object
 * of the figures on its last line of stdout; what was measured goes to stderr.
 *
 * The world: a sandbox bank in its own process on a PostgreSQL database of its own, the app as
 * production runs it (`next start` on the build, NODE_ENV=production, ASPSP_ENVIRONMENT=production,
 * its own PostgreSQL database, the shared test PKI's certificate), and PSUs: for each a sandbox
 * customer with two accounts (one with a history of bookings), an app user, a sign-in through
 * next-auth and a consent through /connect and the bank's own SCA pages (app-psu.ts).
 *
 *   tsx --conditions=react-server bench/app-load.world.ts '{"psus":50,...}'
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { WebSocket } from "undici";
import { z } from "zod";
import { sandboxAccountSchema, sandboxCreatedTransactionsSchema, sandboxCustomerSchema } from "../lib/psd2/schemas";
import { createRequestSigner } from "../lib/psd2/signing";
import { loadTrustAnchors } from "../lib/psd2/x509";
import { hashPassword } from "../lib/tpp/auth/hash-password";
import { type AspspClient, createAspspClient } from "../lib/tpp/aspsp/create-aspsp-client";
import { openTppDatabase } from "../lib/tpp/db/open-tpp-database";
import { readSandboxClock } from "../lib/tpp/testing/sandbox-operations";
import { testPki } from "../lib/tpp/testing/test-pki";
import { createUsersRepository } from "../lib/tpp/users/users-repository";
import { APP_NODE_OPTIONS, NEXT_BIN } from "../scripts/app-node-options.mjs";
import { freePort, spawnBundledBankProcess, waitForHealth } from "../testing/bank-process";
import { AppPsu, type PageTiming } from "./app-psu";
import { addSplits, type CpuSplit, startCpuSplit } from "./cpu-split";

const root = fileURLToPath(new URL("../", import.meta.url));

const optionsSchema = z.object({
  /** PSUs browsing and paying at once (issue: 50). */
  psus: z.number().int().min(1),
  /** Rounds of (accounts, account, payment, payment list) each PSU goes through under load. */
  loadRounds: z.number().int().min(1),
  /** The same rounds by one PSU alone, for the unloaded times. */
  unloadedRounds: z.number().int().min(1),
  /** PSUs of the page-cost comparison (issue: 16), each its own connection. */
  costPsus: z.number().int().min(1),
  /** Alternating slices of the comparison and their seconds. */
  costRounds: z.number().int().min(1),
  costSeconds: z.number().min(0.5),
  /** Page views of the memory run (issue: 1,000). */
  pageViews: z.number().int().min(2),
});
type Options = z.output<typeof optionsSchema>;

function serverUrl(): string {
  return process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A database of this run on the bench's server: its URL and how to drop it. */
async function createDatabase(prefix: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomUUID().slice(0, 8)}`;
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

async function query<Row>(url: string, sql: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

function log(line: string): void {
  process.stderr.write(`  ${line}\n`);
}

/** Resident memory of a process and its descendants, in MB (Linux /proc). */
function residentMb(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended meanwhile.
    }
  }
  let kb = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const current = pending.pop() ?? pid;
    try {
      const status = readFileSync(`/proc/${current}/status`, "utf8");
      kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? "0");
    } catch {
      // Ended.
    }
    pending.push(...(children.get(current) ?? []));
  }
  return Math.round((kb / 1024) * 10) / 10;
}

type App = { url: string; pid: number; inspectorPort: number; output: () => string; close: () => Promise<void> };

/**
 * The app's live V8 heap in MB: a full garbage collection through its inspector
 * (HeapProfiler.collectGarbage), then Runtime.getHeapUsage's used size. What the process keeps,
 * unlike its resident memory, which holds the heap V8 grew to and has not given back.
 */
async function liveHeapMb(app: App): Promise<number> {
  const targets = z
    .array(z.object({ webSocketDebuggerUrl: z.string() }))
    .parse(await (await fetch(`http://127.0.0.1:${app.inspectorPort}/json/list`)).json());
  const target = targets[0];
  if (target === undefined) throw new Error("the app's inspector lists no target");
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  const replies = new Map<number, (result: unknown) => void>();
  socket.addEventListener("message", (event) => {
    const message = z.object({ id: z.number().optional(), result: z.unknown().optional() }).parse(JSON.parse(String(event.data)));
    if (message.id !== undefined) replies.get(message.id)?.(message.result);
  });
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve());
    socket.addEventListener("error", () => reject(new Error("the app's inspector refused the connection")));
  });
  let next = 0;
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve) => {
      const id = ++next;
      replies.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await call("HeapProfiler.collectGarbage");
    const usage = z.object({ usedSize: z.number() }).parse(await call("Runtime.getHeapUsage"));
    // Where the rest of the resident memory is: the heap V8 holds, memory outside it (Buffers, zlib, TLS).
    const reply = z
      .object({ result: z.object({ value: z.string() }) })
      .parse(await call("Runtime.evaluate", { expression: "JSON.stringify(process.memoryUsage())" }));
    const memory = z
      .object({ rss: z.number(), heapTotal: z.number(), external: z.number(), arrayBuffers: z.number() })
      .parse(JSON.parse(reply.result.value));
    const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;
    log(
      `  the app's process: rss ${mb(memory.rss)} MB, V8 heap held ${mb(memory.heapTotal)} MB (live ${mb(usage.usedSize)}), external ${mb(memory.external)} MB (array buffers ${mb(memory.arrayBuffers)})`,
    );
    return mb(usage.usedSize);
  } finally {
    socket.close();
  }
}

/** `next start` on the build, as production runs it, on the app's own database. */
async function startApp(bankUrl: string, databaseUrl: string): Promise<App> {
  const port = await freePort();
  const inspectorPort = await freePort();
  const url = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = { NODE_ENV: "production" };
  for (const name of ["PATH", "HOME", "LANG", "TMPDIR", "NODE_OPTIONS"]) if (process.env[name] !== undefined) env[name] = process.env[name];
  // BENCH_APP_CPU_PROF=<dir>: the app's CPU profile (node --cpu-prof), written there when it stops.
  const profileDir = process.env.BENCH_APP_CPU_PROF;
  const profile = profileDir === undefined || profileDir === "" ? [] : ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profileDir)}`];
  if (heapSnapshotDir !== undefined) profile.push("--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${heapSnapshotDir}`);
  Object.assign(env, {
    NEXT_TELEMETRY_DISABLED: "1",
    ASPSP_ENVIRONMENT: "production",
    ASPSP_BASE_URL: bankUrl,
    TPP_CERT_FILE: testPki.path("tpp.cert.pem"),
    TPP_KEY_FILE: testPki.path("tpp.key.pem"),
    TPP_DATA_DIR: path.join(root, ".data/bench-app"),
    DATABASE_URL: databaseUrl,
    TPP_REDIRECT_URI: `${url}/callback`,
    NEXTAUTH_URL: url,
    SESSION_SECRET: randomUUID() + randomUUID(),
    NEXTAUTH_SECRET: randomUUID() + randomUUID(),
  });
  const lines: string[] = [];
  // node_modules/.bin/next is this script: run by this Node itself, with the app's Node options as
  // npm start and the demo give them (scripts/app-node-options.mjs).
  const child: ChildProcess = spawn(
    process.execPath,
    // The inspector on loopback: the bench's measure of the live heap after a full GC (liveHeapMb).
    [...APP_NODE_OPTIONS, ...profile, `--inspect=127.0.0.1:${inspectorPort}`, path.join(root, NEXT_BIN), "start", "-p", String(port)],
    {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  for (const stream of [child.stdout, child.stderr])
    stream?.on("data", (chunk: Buffer) => {
      lines.push(
        ...chunk
          .toString("utf8")
          .split("\n")
          .filter((line) => line.trim() !== ""),
      );
      if (lines.length > 200) lines.splice(0, lines.length - 200);
    });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const output = () => lines.join("\n");
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      await exited;
      clearTimeout(killer);
    }
    process.removeListener("exit", killOnExit);
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app stopped (exit ${child.exitCode}):\n${output()}`);
    const ready = await fetch(`${url}/signin`, { signal: AbortSignal.timeout(5_000) }).then(
      async (response) => {
        await response.arrayBuffer();
        return response.ok;
      },
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await close();
      throw new Error(`the app did not answer on ${url} within 120 s:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  if (child.pid === undefined) throw new Error("the app's process has no pid");
  return { url, pid: child.pid, inspectorPort, output, close };
}

/**
 * BENCH_APP_HEAP_SNAPSHOTS=<dir>: the app runs with --heapsnapshot-signal=SIGUSR2 and writes a
 * heap snapshot there before the memory run's page views, at their half and at their end
 * (compare them with `npx tsx bench/heap-diff.ts a b`).
 */
const heapSnapshotDir =
  process.env.BENCH_APP_HEAP_SNAPSHOTS === undefined || process.env.BENCH_APP_HEAP_SNAPSHOTS === ""
    ? undefined
    : path.resolve(process.env.BENCH_APP_HEAP_SNAPSHOTS);

async function heapSnapshot(app: App, label: string): Promise<void> {
  if (heapSnapshotDir === undefined) return;
  const before = new Set(readdirSync(heapSnapshotDir));
  process.kill(app.pid, "SIGUSR2");
  const deadline = Date.now() + 300_000;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const written = readdirSync(heapSnapshotDir).find((name) => !before.has(name) && name.endsWith(".heapsnapshot"));
    // Node writes the file in place: done when its size holds still.
    if (written !== undefined) {
      const file = path.join(heapSnapshotDir, written);
      const size = statSync(file).size;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      if (size > 0 && statSync(file).size === size) {
        log(`heap snapshot ${label}: ${file} (${round1(size / 1048576)} MB)`);
        return;
      }
    }
    if (Date.now() > deadline) throw new Error(`no heap snapshot in ${heapSnapshotDir} within 300 s`);
  }
}

function daysBefore(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - days);
  return day.toISOString().slice(0, 10);
}

/** A PSU of the world: its app user and customer, and its main account at the bank. */
type WorldPsu = { psu: AppPsu; userId: string; mainAccountId: string };

/** Sandbox customers with two accounts each (the main one with 120 bookings in 90 days), and their app users. */
async function makePsus(client: AspspClient, appDatabaseUrl: string, bankUrl: string, appUrl: string, count: number): Promise<WorldPsu[]> {
  const { today } = await readSandboxClock(client);
  const made: { userId: string; username: string; password: string; nationalId: string; mainAccountId: string }[] = [];
  for (let index = 0; index < count; index++) {
    const nationalId = `7${String(process.pid % 1000).padStart(3, "0")}${String(index).padStart(7, "0")}`;
    const customer = await client.fetch({
      method: "POST",
      path: "/v1/sandbox/customers",
      body: { customerNumber: nationalId, customerName: `Bench Kunde ${index}`, customerType: "PRIVATE" },
      schema: sandboxCustomerSchema,
      caller: {},
    });
    const account = async (name: string, amount: string) =>
      (
        await client.fetch({
          method: "POST",
          path: "/v1/sandbox/accounts",
          body: { customerId: customer.value.customerId, name, balance: { currency: "NOK", amount } },
          schema: sandboxAccountSchema,
          caller: {},
        })
      ).value;
    const main = await account("Brukskonto", "500000.00");
    await account("Sparekonto", "120000.00");
    await client.fetch({
      method: "POST",
      path: `/v1/sandbox/accounts/${encodeURIComponent(main.resourceId)}/transactions`,
      body: Array.from({ length: 120 }, (_, i) => {
        const date = daysBefore(today, i % 90);
        return {
          bookingStatus: "booked",
          bookingDate: date,
          valueDate: date,
          transactionAmount: { currency: "NOK", amount: `-${10 + (i % 90)}.${String(i % 100).padStart(2, "0")}` },
          creditorName: `Butikk ${i % 37}`,
          remittanceInformationUnstructured: `Kjøp ${i}`,
        };
      }),
      schema: sandboxCreatedTransactionsSchema,
      caller: {},
    });
    made.push({
      userId: randomUUID(),
      username: `bench-${index}`,
      password: `pw-${randomUUID()}`,
      nationalId,
      mainAccountId: main.resourceId,
    });
  }
  const database = await openTppDatabase({ url: appDatabaseUrl });
  try {
    const users = createUsersRepository(database.db);
    for (const user of made)
      await users.insert({
        id: user.userId,
        username: user.username,
        displayName: user.username,
        passwordHash: await hashPassword(user.password),
        createdAt: new Date(),
      });
  } finally {
    await database.close();
  }
  return made.map((user) => ({
    psu: new AppPsu(appUrl, bankUrl, user.username, user.password, user.nationalId),
    userId: user.userId,
    mainAccountId: user.mainAccountId,
  }));
}

/** Runs `work` for each item, `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await work(item);
      }
    }),
  );
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function median(values: readonly number[]): number {
  return percentile(values, 50);
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * A PSU's think time before each page it asks for (and before sending the payment form it was
 * shown): uniform between the two bounds, in ms. BENCH_APP_THINK_MS sets them ("5000-15000", the
 * default: a person reads a page of accounts or a payment form for seconds, not milliseconds, so
 * that 50 of them ask for some 5 pages a second; "1000-3000" five times that; "2000" a fixed
 * time; "0" no pause at all, every PSU asking again as soon as answered).
 */
function thinkTime(): { min: number; max: number; label: string } {
  const text = process.env.BENCH_APP_THINK_MS ?? "5000-15000";
  const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(text);
  if (match === null) throw new Error(`BENCH_APP_THINK_MS: "${text}" is not a time in ms ("2000") or a range ("1000-3000")`);
  const min = Number(match[1]);
  const max = Number(match[2] ?? match[1]);
  if (max < min) throw new Error(`BENCH_APP_THINK_MS: "${text}": the range ends before it starts`);
  return { min, max, label: min === max ? `${min} ms` : `uniform ${min}-${max} ms (mean ${(min + max) / 2} ms)` };
}

const think = thinkTime();

async function pause(): Promise<void> {
  const ms = think.min + Math.random() * (think.max - think.min);
  if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * One PSU's round, a think time before each page: the accounts page, an account with its chart,
 * a payment through its SCA, the payment list.
 */
async function browseAndPay(world: WorldPsu, label: string): Promise<void> {
  const { psu } = world;
  await pause();
  await psu.page("accounts", "/accounts");
  await pause();
  await psu.page("account", `/accounts/${encodeURIComponent(world.mainAccountId)}`);
  await pause();
  await psu.pay(
    {
      accountId: world.mainAccountId,
      amount: label,
      creditorName: "Kari Nordmann",
      creditorBban: "86011117947",
      message: `Bench ${psu.username} ${label}`,
    },
    pause,
  );
  await pause();
  await psu.page("payments", "/payments");
}

/** The pages' kinds whose times make the figure: every request to the app a round makes. */
const KINDS = ["accounts", "account", "payment-form", "payment-submit", "callback", "callback-page", "payments"] as const;

function byKind(timings: readonly PageTiming[]): Map<string, number[]> {
  const kinds = new Map<string, number[]>();
  for (const timing of timings) kinds.set(timing.kind, [...(kinds.get(timing.kind) ?? []), timing.ms]);
  return kinds;
}

/** A bank call to send again: as the app sent it, and the status the bank gave it then. */
type Replay = { method: string; url: string; headers: Record<string, string>; status: number };

/** The bank calls one page view made, as the request inspector recorded them (same URL, same headers and signature). */
async function capturePageCalls(appDatabaseUrl: string, world: WorldPsu, pagePath: string): Promise<Replay[]> {
  const [marker] = await query<{ id: string | null }>(appDatabaseUrl, "SELECT max(id) AS id FROM bank_calls");
  await world.psu.page("capture", pagePath);
  // The inspector writes after the reply: wait for the rows of this view.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const rows = await query<{ method: string; url: string; request_headers: [string, string][]; status: number | null }>(
    appDatabaseUrl,
    "SELECT method, url, request_headers, status FROM bank_calls WHERE user_id = $1 AND id > $2 ORDER BY id",
    [world.userId, marker?.id ?? 0],
  );
  if (rows.length === 0) throw new Error(`${pagePath}: no bank call was recorded for ${world.psu.username}`);
  // A 404 is an answer too (GET /v1/card-accounts of a PSU without cards): the replay must get the same.
  const failed = rows.find((row) => row.status === null || row.status >= 500);
  if (failed !== undefined) throw new Error(`${pagePath}: a bank call answered ${failed.status ?? "nothing"}: ${failed.url}`);
  return rows.map((row) => ({
    method: row.method,
    url: row.url,
    headers: Object.fromEntries(row.request_headers),
    status: row.status ?? 0,
  }));
}

/** Completed units per second: `inFlight` loops of `unit` for `seconds`; any failure fails the run. */
async function closedLoop(inFlight: number, seconds: number, unit: (worker: number) => Promise<void>): Promise<number> {
  const started = performance.now();
  const until = started + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async (_, worker) => {
      while (performance.now() < until) {
        await unit(worker);
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

async function replay(call: Replay): Promise<void> {
  const response = await fetch(call.url, { method: call.method, headers: call.headers });
  await response.arrayBuffer();
  if (response.status !== call.status)
    throw new Error(`the bank answered ${response.status} to a replayed ${call.method} ${call.url}, ${call.status} to the app`);
}

/** The processes a page's CPU is read from: the app's and the bank's, each with its PostgreSQL database. */
type CpuSubjects = { appPid: number; appDatabase: string; bankPid: number; bankDatabase: string };

/** A slice of `seconds` of closed-loop pages, its rate, and the CPU per page of the app and of the bank (each with its database's backends). */
async function measuredSlice(
  subjects: CpuSubjects,
  inFlight: number,
  seconds: number,
  unit: (worker: number) => Promise<void>,
): Promise<{ rate: number; app: CpuSplit; bank: CpuSplit }> {
  const app = await startCpuSplit(subjects.appPid, serverUrl(), subjects.appDatabase);
  const bank = await startCpuSplit(subjects.bankPid, serverUrl(), subjects.bankDatabase);
  const started = performance.now();
  const rate = await closedLoop(inFlight, seconds, unit);
  const elapsed = (performance.now() - started) / 1000;
  const pages = Math.max(1, Math.round(rate * elapsed));
  return { rate, app: await app.stop(pages, elapsed), bank: await bank.stop(pages, elapsed) };
}

/** CPU ms per page of a process and of its database's backends, e.g. "31.2 (+4.1 database)". */
function cpuPerPage(split: CpuSplit): string {
  return `${round1(split.bank)} (+${round1(split.postgres)} database)`;
}

/**
 * The page served to the PSUs over the same bank calls served by the bank alone, same
 * concurrency, alternating slices. Also logs the CPU each page costs the app and the bank (from
 * /proc, with their databases' backends): where a page's time goes whatever else loads the machine.
 */
async function pageVsBankCalls(
  name: string,
  appDatabaseUrl: string,
  psus: readonly WorldPsu[],
  pagePath: (world: WorldPsu) => string,
  options: Options,
  subjects: CpuSubjects,
): Promise<number> {
  const calls = await Promise.all(psus.map((world) => capturePageCalls(appDatabaseUrl, world, pagePath(world))));
  const appSplits: CpuSplit[] = [];
  const bankBehindAppSplits: CpuSplit[] = [];
  const bankAloneSplits: CpuSplit[] = [];
  const app = async () => {
    const slice = await measuredSlice(subjects, psus.length, options.costSeconds, async (worker) => {
      const world = psus[worker] as WorldPsu;
      await world.psu.page(name, pagePath(world));
    });
    appSplits.push(slice.app);
    bankBehindAppSplits.push(slice.bank);
    return slice.rate;
  };
  // The app sends a page's calls at once (Promise.all in its loaders); so does the replay.
  const bank = async () => {
    const slice = await measuredSlice(subjects, psus.length, options.costSeconds, async (worker) => {
      await Promise.all((calls[worker] ?? []).map(replay));
    });
    bankAloneSplits.push(slice.bank);
    return slice.rate;
  };
  await app();
  await bank();
  // The warm-up slices are not counted.
  appSplits.length = 0;
  bankBehindAppSplits.length = 0;
  bankAloneSplits.length = 0;
  const ratios: number[] = [];
  const rates = { app: [] as number[], bank: [] as number[] };
  for (let round = 0; round < options.costRounds; round++) {
    let a: number;
    let b: number;
    if (round % 2 === 0) {
      a = await app();
      b = await bank();
    } else {
      b = await bank();
      a = await app();
    }
    rates.app.push(Math.round(a * 10) / 10);
    rates.bank.push(Math.round(b * 10) / 10);
    ratios.push(a / b);
  }
  log(
    `${name}: CPU ms per page: the app ${cpuPerPage(addSplits(appSplits))}, the bank behind it ${cpuPerPage(addSplits(bankBehindAppSplits))}; the bank alone per page's calls ${cpuPerPage(addSplits(bankAloneSplits))}`,
  );
  log(
    `${name}: ${psus.length} PSUs, ${calls[0]?.length ?? 0} bank calls a page (${(calls[0] ?? []).map((call) => new URL(call.url).pathname.replace(/\/v1\/(card-)?accounts\/[^/]+/, "/v1/$1accounts/{id}")).join(", ")}); app ${rates.app.join(", ")} pages/s; bank alone ${rates.bank.join(", ")} pages' calls/s`,
  );
  const sorted = [...ratios].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 === 1 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
  return Math.round(value * 1000) / 1000;
}

/** Payments: those the forms sent, those the bank holds for each PSU's account, those in each PSU's app list. */
async function checkPayments(
  bankDatabaseUrl: string,
  appDatabaseUrl: string,
  psus: readonly WorldPsu[],
): Promise<{ made: number; atBank: number; inApp: number; inLists: number; problems: string[] }> {
  const bankRows = await query<{ id: string; debtor_account_id: string }>(bankDatabaseUrl, "SELECT id, debtor_account_id FROM payments");
  const appRows = await query<{ user_id: string; payment_id: string }>(appDatabaseUrl, "SELECT user_id, payment_id FROM payments");
  const problems: string[] = [];
  let made = 0;
  let inLists = 0;
  for (const world of psus) {
    made += world.psu.paymentsMade.length;
    const atBank = bankRows.filter((row) => row.debtor_account_id === world.mainAccountId).map((row) => row.id);
    const inApp = appRows.filter((row) => row.user_id === world.userId).map((row) => row.payment_id);
    const list = await world.psu.page("check", "/payments");
    const listed = new Set([...list.matchAll(/href="\/payments\/([^"/?#]+)"/g)].map((match) => match[1]));
    listed.delete("new");
    inLists += listed.size;
    const name = world.psu.username;
    if (atBank.length !== world.psu.paymentsMade.length)
      problems.push(`${name}: ${world.psu.paymentsMade.length} payments made, ${atBank.length} at the bank`);
    const missing = atBank.filter((id) => !inApp.includes(id));
    if (missing.length > 0) problems.push(`${name}: ${missing.length} of the bank's payments are not in the app (${missing.join(", ")})`);
    if (new Set(inApp).size !== inApp.length) problems.push(`${name}: a payment is in the app twice`);
    if (inApp.some((id) => !atBank.includes(id))) problems.push(`${name}: the app holds a payment the bank does not`);
    if (listed.size !== inApp.length)
      problems.push(`${name}: the payment list shows ${listed.size} payments, the app holds ${inApp.length}`);
  }
  const tracked = new Set(psus.map((world) => world.mainAccountId));
  return {
    made,
    atBank: bankRows.filter((row) => tracked.has(row.debtor_account_id)).length,
    inApp: appRows.filter((row) => psus.some((world) => world.userId === row.user_id)).length,
    inLists,
    problems,
  };
}

async function main(options: Options): Promise<Record<string, number>> {
  const buildId = path.join(root, ".next/BUILD_ID");
  if (!existsSync(buildId)) throw new Error("no build of the app (.next/BUILD_ID): run `npm run build` first");
  log(`the app's build is from ${statSync(buildId).mtime.toISOString()}`);
  const bankDatabase = await createDatabase("bank_appload");
  const appDatabase = await createDatabase("tpp_appload");
  const closing: (() => Promise<unknown>)[] = [appDatabase.drop, bankDatabase.drop];
  try {
    const bank = await spawnBundledBankProcess({
      BANK_DATABASE_URL: bankDatabase.url,
      BANK_LOG_LEVEL: "warn",
      BANK_TRUST_ANCHORS: testPki.path("trusted-cas.pem"),
    });
    closing.unshift(bank.stop);
    await waitForHealth(bank, 90_000);
    const client = createAspspClient({
      baseUrl: bank.url,
      signer: createRequestSigner({ privateKeyPem: testPki.tppKeyPem, certificatePem: testPki.tppCertificatePem }),
      redirectUri: "http://127.0.0.1:3999/callback",
      brand: "Bench TPP",
      trustAnchors: loadTrustAnchors(await (await fetch(`${bank.url}/portal/ca.pem`)).text()),
      requireSignedResponses: true,
    });
    closing.unshift(() => client.close());
    // The app's database migrated by its own code, then the app on it.
    await (await openTppDatabase({ url: appDatabase.url })).close();
    const app = await startApp(bank.url, appDatabase.url);
    closing.unshift(app.close);
    const afterStartMb = residentMb(app.pid);
    log(`the app answered its first page; resident ${afterStartMb} MB`);
    const psus = await makePsus(client, appDatabase.url, bank.url, app.url, options.psus);
    await eachLimited(psus, 8, async (world) => {
      world.psu.record(false);
      await world.psu.signIn();
      await world.psu.connect();
    });
    log(`${psus.length} PSUs signed in and connected through the bank's SCA`);

    // Memory: page views by the comparison's PSUs, 16 in flight; resident memory at the half and the end.
    const viewers = psus.slice(0, Math.min(options.costPsus, psus.length));
    const views = async (count: number) => {
      let left = count;
      await Promise.all(
        viewers.map(async (world, index) => {
          for (let view = index; left > 0; view++) {
            left--;
            await world.psu.page("memory", view % 2 === 0 ? "/accounts" : `/accounts/${encodeURIComponent(world.mainAccountId)}`);
          }
        }),
      );
    };
    // Resident memory first, then the live heap (its full GC may change what is resident after).
    const beforeViewsMb = residentMb(app.pid);
    const beforeViewsHeapMb = await liveHeapMb(app);
    await heapSnapshot(app, "start");
    await views(Math.floor(options.pageViews / 2));
    const halfMb = residentMb(app.pid);
    const halfHeapMb = await liveHeapMb(app);
    await heapSnapshot(app, "half");
    await views(Math.ceil(options.pageViews / 2));
    const afterViewsMb = residentMb(app.pid);
    const afterViewsHeapMb = await liveHeapMb(app);
    await heapSnapshot(app, "end");
    const secondHalf = Math.ceil(options.pageViews / 2);
    const growthPer1000 = round1(((afterViewsMb - halfMb) / secondHalf) * 1000);
    const heapGrowthPer1000 = round1(((afterViewsHeapMb - halfHeapMb) / secondHalf) * 1000);
    log(
      `memory, resident: ${afterStartMb} MB after start, ${beforeViewsMb} MB with ${psus.length} PSUs signed in and connected, ${halfMb} MB after ${Math.floor(options.pageViews / 2)} page views, ${afterViewsMb} MB after ${options.pageViews}: ${growthPer1000} MB per 1,000 over the second half`,
    );
    log(
      `memory, live heap after a full GC: ${beforeViewsHeapMb} MB with the PSUs connected, ${halfHeapMb} MB at the half, ${afterViewsHeapMb} MB at the end: ${heapGrowthPer1000} MB per 1,000 over the second half`,
    );

    // Unloaded: one PSU alone, its rounds one after the other.
    const alone = psus[0] as WorldPsu;
    alone.psu.record(true);
    for (let round = 0; round < options.unloadedRounds; round++) await browseAndPay(alone, `${90 + round}.99`);
    const unloaded = byKind(alone.psu.timings.splice(0));

    // Loaded: every PSU at once.
    const started = performance.now();
    const failures: string[] = [];
    await Promise.all(
      psus.map(async (world, index) => {
        world.psu.record(true);
        for (let round = 0; round < options.loadRounds; round++) {
          try {
            await browseAndPay(world, `${10 + round}.${String(index % 100).padStart(2, "0")}`);
          } catch (error) {
            failures.push(error instanceof Error ? error.message : String(error));
          }
        }
        world.psu.record(false);
      }),
    );
    const loadSeconds = (performance.now() - started) / 1000;
    log(`think time before each page: ${think.label}`);
    const loaded = byKind(psus.flatMap((world) => world.psu.timings));
    const errors = psus.flatMap((world) => world.psu.errors);
    const requests = psus.reduce((sum, world) => sum + world.psu.timings.length, 0);
    const ratios: number[] = [];
    for (const kind of KINDS) {
      const quiet = median(unloaded.get(kind) ?? []);
      const busy = loaded.get(kind) ?? [];
      const ratio = percentile(busy, 99) / quiet;
      ratios.push(ratio);
      log(
        `${kind}: unloaded median ${round1(quiet)} ms; under load median ${round1(median(busy))} ms, p99 ${round1(percentile(busy, 99))} ms (${busy.length} requests): p99 / unloaded ${round1(ratio * 10) / 10}`,
      );
    }
    const payments = await checkPayments(bankDatabase.url, appDatabase.url, [...psus]);
    log(
      `${psus.length} PSUs x ${options.loadRounds} rounds in ${round1(loadSeconds)} s: ${requests} requests to the app, ${errors.length + failures.length} errors; payments made ${payments.made}, held by the bank ${payments.atBank}, in the app ${payments.inApp}, in the PSUs' lists ${payments.inLists}`,
    );
    const problems = [...new Set([...errors, ...failures])].concat(payments.problems);
    if (problems.length > 0)
      throw new Error(
        `under load: ${problems.slice(0, 10).join("; ")}${problems.length > 10 ? ` (and ${problems.length - 10} more)` : ""}`,
      );
    const appUnderLoad = Math.round(Math.max(...ratios) * 100) / 100;

    const costPsus = psus.slice(0, Math.min(options.costPsus, psus.length));
    const cpuSubjects: CpuSubjects = {
      appPid: app.pid,
      appDatabase: appDatabase.name,
      bankPid: bank.child.pid ?? 0,
      bankDatabase: bankDatabase.name,
    };
    const appAccountsPageVsBankCalls = await pageVsBankCalls(
      "appAccountsPageVsBankCalls",
      appDatabase.url,
      costPsus,
      () => "/accounts",
      options,
      cpuSubjects,
    );
    const appAccountPageVsBankCalls = await pageVsBankCalls(
      "appAccountPageVsBankCalls",
      appDatabase.url,
      costPsus,
      (world) => `/accounts/${encodeURIComponent(world.mainAccountId)}`,
      options,
      cpuSubjects,
    );
    const endMb = residentMb(app.pid);
    log(`memory at the end of the run: ${endMb} MB resident, ${await liveHeapMb(app)} MB live heap`);
    return {
      appUnderLoad,
      appAccountsPageVsBankCalls,
      appAccountPageVsBankCalls,
      appMemoryAfterStartMb: afterStartMb,
      appMemoryAfterPageViewsMb: afterViewsMb,
      appMemoryGrowthMbPer1000: growthPer1000,
      appHeapAfterPageViewsMb: afterViewsHeapMb,
      appHeapGrowthMbPer1000: heapGrowthPer1000,
    };
  } finally {
    for (const close of closing) {
      try {
        await close();
      } catch (error) {
        log(`closing: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}

const figures = await main(optionsSchema.parse(JSON.parse(process.argv[2] ?? "{}")));
process.stdout.write(`${JSON.stringify(figures)}\n`);
