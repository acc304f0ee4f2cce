import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TEST_NOW } from "../lib/bank/testing/build-test-bank";
import { readSharedFile } from "../lib/bank/testing/shared-test-pki";
import { BALANCES_PATH, type BenchBank, type BenchDatabaseKind, prepareBenchBank, runProcess, waitUntilListening } from "./bank-process";
import { compareLoad, freePort, type LoadTarget } from "./load";
import type { MeasureOptions } from "./measure";

/** Reads a target once: it must answer 200; its body is returned. */
async function readOnce(target: LoadTarget): Promise<string> {
  const response = await fetch(target.url, { headers: target.headers });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${target.name} answered ${response.status}: ${body.slice(0, 300)}`);
  return body;
}

/**
 * The crypto floor of a bank's signed read: a bare Fastify server in a process of its own
 * (crypto-floor-server.ts) verifying the same request signature and sealing the bank's own reply
 * body with the bank's seal, checked to answer that body. Its `stop` ends it.
 */
async function startCryptoFloor(bank: BenchBank, bankTarget: LoadTarget): Promise<{ target: LoadTarget; stop: () => Promise<void> }> {
  const replyBody = await readOnce(bankTarget);
  const inputDir = await mkdtemp(join(tmpdir(), "crypto-floor-"));
  let floor: ReturnType<typeof runProcess> | undefined;
  try {
    const input = join(inputDir, "input.json");
    await writeFile(
      input,
      JSON.stringify({ trustAnchorsPem: readSharedFile("keys/trusted-cas.pem"), seal: bank.seal, replyBody, now: TEST_NOW.toISOString() }),
      { mode: 0o600 },
    );
    await chmod(input, 0o600);
    const port = await freePort();
    floor = runProcess(["bench/crypto-floor-server.ts"], { FLOOR_PORT: String(port), FLOOR_INPUT: input });
    await waitUntilListening(`http://127.0.0.1:${port}/ready`, floor, "the crypto floor");
    const target = bank.signedGet(`http://127.0.0.1:${port}`, BALANCES_PATH, "crypto floor");
    if ((await readOnce(target)) !== replyBody) throw new Error("the crypto floor does not answer the bank's body");
    const running = floor;
    return {
      target,
      stop: async () => {
        await running.stop();
        await rm(inputDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await floor?.stop();
    await rm(inputDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Signed PSU-present balances reads through a bank process with one worker (BANK_WORKERS=1) at 16
 * in flight, over the same requests to the crypto floor; with `twoWorkers`, also the same reads
 * through a second bank process on the same database with BANK_WORKERS=2 over the first.
 */
async function measureSignedReads(kind: BenchDatabaseKind, options: MeasureOptions, twoWorkers: boolean): Promise<SignedReadFigures> {
  const bank = await prepareBenchBank(kind);
  const stops: (() => Promise<void>)[] = [];
  try {
    const one = await bank.start(1);
    stops.push(one.stop);
    const oneTarget = bank.signedGet(one.url, BALANCES_PATH, `bank (${kind})`);
    const floor = await startCryptoFloor(bank, oneTarget);
    stops.push(floor.stop);
    const signedReadVsCryptoFloor = await compareLoad(oneTarget, floor.target, options);
    await floor.stop();
    stops.pop();
    if (!twoWorkers) return { signedReadVsCryptoFloor };

    const two = await bank.start(2);
    stops.push(two.stop);
    const twoTarget = bank.signedGet(two.url, BALANCES_PATH, "BANK_WORKERS=2");
    await readOnce(twoTarget);
    const twoWorkersVsOne = await compareLoad(twoTarget, { ...oneTarget, name: "BANK_WORKERS=1" }, options);
    return { signedReadVsCryptoFloor, twoWorkersVsOne };
  } finally {
    for (const stop of stops.reverse()) await stop();
    await bank.drop();
  }
}

type SignedReadFigures = { signedReadVsCryptoFloor: number; twoWorkersVsOne?: number };

// On PostgreSQL, bankSignedReadVsCryptoFloor and bankTwoWorkersVsOne read the same prepared bank
// through the same one-worker process: both come from one run, made by whichever is asked first.
let postgresReads: Promise<SignedReadFigures> | undefined;

/**
 * bankSignedReadVsCryptoFloor: signed PSU-present balances reads through a bank process (one
 * worker) at 16 in flight, over the same requests to a bare Fastify server that verifies the
 * same request signature and seals the same reply with the bank's seal (crypto-floor-server.ts).
 * 1.0 would be a bank that costs nothing beyond its cryptography.
 */
export async function bankSignedReadVsCryptoFloor(kind: BenchDatabaseKind, options: MeasureOptions): Promise<number> {
  if (kind === "pglite") return (await measureSignedReads("pglite", options, false)).signedReadVsCryptoFloor;
  postgresReads ??= measureSignedReads("postgres", options, true);
  return (await postgresReads).signedReadVsCryptoFloor;
}

/**
 * bankTwoWorkersVsOne: the same signed balances reads at 16 in flight through a bank started with
 * BANK_WORKERS=2 over one started with BANK_WORKERS=1, both on the same PostgreSQL database.
 */
export async function bankTwoWorkersVsOne(options: MeasureOptions): Promise<number> {
  postgresReads ??= measureSignedReads("postgres", options, true);
  const { twoWorkersVsOne } = await postgresReads;
  if (twoWorkersVsOne === undefined) throw new Error("the PostgreSQL reads gave no two-workers figure");
  return twoWorkersVsOne;
}
