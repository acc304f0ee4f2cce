/**
 * Where the CPU of a load goes, for `npm run bench`: the bank's process and its children (read
 * from /proc by pid), the PostgreSQL backends serving the bench's database (their pids from
 * pg_stat_activity, their CPU from /proc), and this process, which is the load generator
 * (autocannon runs in it: process.cpuUsage()). Linux only: elsewhere `startCpuSplit` throws
 * a message saying so.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";

/** CPU per request, in milliseconds. */
export type CpuSplit = {
  /** The bank's processes (the primary and its workers). */
  bank: number;
  /** The PostgreSQL backends of the bench's database. */
  postgres: number;
  /** This process: the load generator. */
  loadGenerator: number;
  /** The bank's threads' context switches per request: gave way (waiting for I/O) and were preempted (the cores taken). */
  bankSwitches: { voluntary: number; involuntary: number };
  /** Requests the split is over. */
  requests: number;
  /** Seconds of load it is over. */
  seconds: number;
};

/** CPU times in milliseconds by pid. */
type Snapshot = Map<number, number>;

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    const out = execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim();
    const ticks = Number(out);
    if (!Number.isInteger(ticks) || ticks <= 0) throw new Error(`getconf CLK_TCK answered ${JSON.stringify(out)}`);
    ticksPerSecond = ticks;
  }
  return ticksPerSecond;
}

/** A process's /proc/<pid>/stat fields after its name (state is [0], ppid [1], utime [11], stime [12]), or undefined once it has ended. */
function statFields(pid: number): string[] | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // The name is in parentheses and may hold spaces or parentheses itself.
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** The CPU (user + system, every thread) a process has used so far, in milliseconds. */
function cpuMs(fields: string[]): number {
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
}

/** Context switches of every thread of a process so far, or undefined once it has ended. */
function contextSwitches(pid: number): { voluntary: number; involuntary: number } | undefined {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return undefined;
  }
  const total = { voluntary: 0, involuntary: 0 };
  for (const task of tasks) {
    let status: string;
    try {
      status = readFileSync(`/proc/${pid}/task/${task}/status`, "utf8");
    } catch {
      continue;
    }
    total.voluntary += Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    total.involuntary += Number(/^nonvoluntary_ctxt_switches:\s+(\d+)/m.exec(status)?.[1] ?? 0);
  }
  return total;
}

/** The context switches of processes `pids`, added up. */
function switchesOf(pids: number[]): { voluntary: number; involuntary: number } {
  const total = { voluntary: 0, involuntary: 0 };
  for (const pid of pids) {
    const switches = contextSwitches(pid);
    total.voluntary += switches?.voluntary ?? 0;
    total.involuntary += switches?.involuntary ?? 0;
  }
  return total;
}

/** Every live process under `root` (itself included), found by their parent pids. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (!fields) continue;
    const parent = Number(fields[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

function snapshot(pids: number[]): Snapshot {
  const times: Snapshot = new Map();
  for (const pid of pids) {
    const fields = statFields(pid);
    if (fields) times.set(pid, cpuMs(fields));
  }
  return times;
}

/** CPU used between two snapshots: a process that appeared in between counts from its start. */
function used(before: Snapshot, after: Snapshot): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** The pids of the PostgreSQL backends connected to `database`, checked to be this machine's PostgreSQL processes. */
async function backendPids(serverUrl: string, database: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  let pids: number[];
  try {
    const result = await client.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = $1", [database]);
    pids = result.rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
  for (const pid of pids) {
    let name: string | undefined;
    try {
      name = readFileSync(`/proc/${pid}/comm`, "utf8").trim();
    } catch {
      name = undefined;
    }
    // A backend that ended since is fine; a pid that is not PostgreSQL's here is another machine's.
    if (name !== undefined && !name.startsWith("postgres")) {
      throw new Error(
        `the CPU split needs PostgreSQL on this machine, in this process namespace: backend pid ${pid} is "${name}" here (${serverUrl})`,
      );
    }
  }
  return pids;
}

/** The CPU split runs on Linux (it reads /proc); elsewhere this says why it cannot. */
export function cpuSplitUnavailable(): string | undefined {
  if (process.platform !== "linux") {
    return `the CPU split per request reads /proc, which only Linux has (this is ${process.platform})`;
  }
  try {
    readFileSync("/proc/self/stat", "utf8");
  } catch (error) {
    return `the CPU split per request reads /proc, which cannot be read here: ${(error as Error).message}`;
  }
  return undefined;
}

/**
 * Starts measuring the CPU of the bank process `bankPid` (and its children), of the PostgreSQL
 * backends of `database` on `serverUrl`, and of this process; `stop(requests, seconds)` returns
 * the CPU of each per request over the time in between.
 */
export async function startCpuSplit(
  bankPid: number,
  serverUrl: string,
  database: string,
): Promise<{ stop: (requests: number, seconds: number) => Promise<CpuSplit> }> {
  const unavailable = cpuSplitUnavailable();
  if (unavailable) throw new Error(unavailable);
  const bankTree = processTree(bankPid);
  const bankBefore = snapshot(bankTree);
  const switchesBefore = switchesOf(bankTree);
  const postgresBefore = snapshot(await backendPids(serverUrl, database));
  const selfBefore = process.cpuUsage();
  return {
    stop: async (requests, seconds) => {
      const self = process.cpuUsage(selfBefore);
      const bankTreeAfter = processTree(bankPid);
      const bankAfter = snapshot(bankTreeAfter);
      const switchesAfter = switchesOf(bankTreeAfter);
      const postgresAfter = snapshot(await backendPids(serverUrl, database));
      if (requests <= 0) throw new Error("the CPU split has no requests to divide by");
      return {
        bankSwitches: {
          voluntary: (switchesAfter.voluntary - switchesBefore.voluntary) / requests,
          involuntary: (switchesAfter.involuntary - switchesBefore.involuntary) / requests,
        },
        bank: used(bankBefore, bankAfter) / requests,
        postgres: used(postgresBefore, postgresAfter) / requests,
        loadGenerator: (self.user + self.system) / 1000 / requests,
        requests,
        seconds,
      };
    },
  };
}

/** Adds splits measured over several slices into one, weighted by their requests. */
export function addSplits(splits: CpuSplit[]): CpuSplit {
  const requests = splits.reduce((sum, split) => sum + split.requests, 0);
  const total = (key: "bank" | "postgres" | "loadGenerator") =>
    splits.reduce((sum, split) => sum + split[key] * split.requests, 0) / requests;
  const switches = (key: "voluntary" | "involuntary") =>
    splits.reduce((sum, split) => sum + split.bankSwitches[key] * split.requests, 0) / requests;
  return {
    bankSwitches: { voluntary: switches("voluntary"), involuntary: switches("involuntary") },
    bank: total("bank"),
    postgres: total("postgres"),
    loadGenerator: total("loadGenerator"),
    requests,
    seconds: splits.reduce((sum, split) => sum + split.seconds, 0),
  };
}
