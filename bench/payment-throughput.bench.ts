/**
 * The write path for `npm run bench`: signed PSU-present Norwegian domestic payment creations,
 * and the status read the app polls, through the run's bank process (one worker), each over the
 * crypto floor (crypto-floor-server.ts: the same request's signature and Digest verified, the
 * bank's own reply sealed the same way). bench-banks.ts starts both.
 */
import type { BenchDatabaseKind } from "./bank-process";
import { benchSession, sendOnce } from "./bench-banks";
import { compareLoad, type LoadRequest, type LoadTarget } from "./load";
import type { MeasureOptions } from "./measure";

/**
 * Creations signed ahead of the load, so that signing them costs the load generator nothing
 * while it is measured: enough for the bank's slices at several hundred a second (more are
 * signed as they are sent, should a run need them).
 */
const PRESIGNED = { quick: 300, full: 8_000 };

/**
 * paymentCreateVsCryptoFloor: signed PSU-present domestic payment creations (201, each a payment
 * of its own) through the bank at 16 in flight / the same requests to the crypto floor, which
 * verifies their signature and Digest and seals the bank's own 201 reply.
 */
export async function paymentCreateVsCryptoFloor(kind: BenchDatabaseKind, options: MeasureOptions): Promise<number> {
  const session = await benchSession(kind, options);
  const pool: LoadRequest[] = Array.from({ length: options.quick ? PRESIGNED.quick : PRESIGNED.full }, session.nextPayment);
  let bankNext = 0;
  let floorNext = 0;
  const bank: LoadTarget = {
    name: `payment creation, bank (${kind})`,
    url: session.running.url,
    headers: {},
    next: () => pool[bankNext++] ?? session.nextPayment(),
  };
  // The floor keeps no payments: the same signed creations serve it again.
  const floor: LoadTarget = {
    name: "payment creation, crypto floor",
    url: session.floorUrl,
    headers: {},
    next: () => pool[floorNext++ % pool.length] ?? session.nextPayment(),
  };
  await sendOnce(session.floorUrl, session.nextPayment(), 201, "the crypto floor");
  const ratio = await compareLoad(bank, floor, options);
  process.stderr.write(`  ${bankNext} creations sent to the bank, each a payment of its own\n`);
  return ratio;
}

/** paymentStatusVsCryptoFloor: signed GET .../status of an approved payment through the bank / the crypto floor sealing the same reply. */
export async function paymentStatusVsCryptoFloor(kind: BenchDatabaseKind, options: MeasureOptions): Promise<number> {
  const { paymentStatus } = await benchSession(kind, options);
  return compareLoad(paymentStatus.bank, paymentStatus.floor, options);
}
