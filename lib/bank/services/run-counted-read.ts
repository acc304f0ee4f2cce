import type { Executor } from "../db/open-bank-database";
import { BankError } from "../errors";
import { createUnattendedAccessRepository, type UnattendedAccessKey } from "../repositories/unattended-access-repository";
import type { ServiceContext } from "./service-context";

/** Calls without the PSU present per account, kind and TPP in 24 hours. @see psd2-interface.md "Limits" */
export const UNATTENDED_CALLS_PER_DAY = 4;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Runs a read; when it is counted (PSU absent), inside one transaction that takes the counter's
 * lock, refuses the fifth call in 24 hours with 429 ACCESS_EXCEEDED, and records the call only
 * when the read succeeded: a rejected request is not counted.
 *
 * @see psd2-interface.md "Limits"; supplement.md §8
 */
export async function runCountedRead<T>(
  ctx: ServiceContext,
  counter: UnattendedAccessKey | undefined,
  read: (db: Executor) => Promise<T>,
): Promise<T> {
  if (!counter) return read(ctx.db);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const calls = createUnattendedAccessRepository(tx);
    await calls.lock(counter);
    const used = await calls.countSince(counter, new Date(now.getTime() - DAY_MS));
    if (used >= UNATTENDED_CALLS_PER_DAY) {
      throw new BankError(
        "ACCESS_EXCEEDED",
        `Without the PSU present (no PSU-IP-Address) a TPP may read the ${counter.kind} of an account ${UNATTENDED_CALLS_PER_DAY} times in 24 hours; this TPP has used them`,
      );
    }
    const result = await read(tx);
    await calls.record(counter, now);
    return result;
  });
}
