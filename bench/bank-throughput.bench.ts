import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TEST_NOW } from "../lib/bank/testing/build-test-bank";
import { readSharedFile } from "../lib/bank/testing/shared-test-pki";
import { BALANCES_PATH, type BenchDatabaseKind, prepareBenchBank, runProcess, waitUntilListening } from "./bank-process";
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
 * bankSignedReadVsCryptoFloor: signed PSU-present balances reads through a bank process (one
 * worker) at 16 in flight, over the same requests to a bare Fastify server that verifies the
 * same request signature and seals the same reply with the bank's seal (crypto-floor-server.ts).
 * 1.0 would be a bank that costs nothing beyond its cryptography.
 */
export async function bankSignedReadVsCryptoFloor(kind: BenchDatabaseKind, options: MeasureOptions): Promise<number> {
  const bank = await prepareBenchBank(kind);
  const stops: (() => Promise<void>)[] = [];
  const inputDir = await mkdtemp(join(tmpdir(), "crypto-floor-"));
  try {
    const running = await bank.start(1);
    stops.push(running.stop);
    const bankTarget = bank.signedGet(running.url, BALANCES_PATH, `bank (${kind})`);
    const replyBody = await readOnce(bankTarget);

    const input = join(inputDir, "input.json");
    await writeFile(
      input,
      JSON.stringify({ trustAnchorsPem: readSharedFile("keys/trusted-cas.pem"), seal: bank.seal, replyBody, now: TEST_NOW.toISOString() }),
      { mode: 0o600 },
    );
    await chmod(input, 0o600);
    const port = await freePort();
    const floor = runProcess(["bench/crypto-floor-server.ts"], { FLOOR_PORT: String(port), FLOOR_INPUT: input });
    stops.push(floor.stop);
    await waitUntilListening(`http://127.0.0.1:${port}/ready`, floor, "the crypto floor");
    const floorTarget = bank.signedGet(`http://127.0.0.1:${port}`, BALANCES_PATH, "crypto floor");
    if ((await readOnce(floorTarget)) !== replyBody) throw new Error("the crypto floor does not answer the bank's body");

    return await compareLoad(bankTarget, floorTarget, options);
  } finally {
    for (const stop of stops.reverse()) await stop();
    await rm(inputDir, { recursive: true, force: true });
    await bank.drop();
  }
}

/**
 * bankTwoWorkersVsOne: the same signed balances reads at 16 in flight through a bank started with
 * BANK_WORKERS=2 over one started with BANK_WORKERS=1, both on the same PostgreSQL database.
 */
export async function bankTwoWorkersVsOne(options: MeasureOptions): Promise<number> {
  const bank = await prepareBenchBank("postgres");
  const stops: (() => Promise<void>)[] = [];
  try {
    const one = await bank.start(1);
    stops.push(one.stop);
    const two = await bank.start(2);
    stops.push(two.stop);
    const oneTarget = bank.signedGet(one.url, BALANCES_PATH, "BANK_WORKERS=1");
    const twoTarget = bank.signedGet(two.url, BALANCES_PATH, "BANK_WORKERS=2");
    await readOnce(oneTarget);
    await readOnce(twoTarget);
    return await compareLoad(twoTarget, oneTarget, options);
  } finally {
    for (const stop of stops.reverse()) await stop();
    await bank.drop();
  }
}
