import type { Executor } from "../../db/open-bank-database";
import { BankError } from "../../errors";
import {
  createUnattendedAccessRepository,
  UNATTENDED_CALLS_PER_DAY,
  type UnattendedAccessKey,
} from "../../repositories/unattended-access-repository";
import type { ServiceContext } from "../service-context";

export { UNATTENDED_CALLS_PER_DAY };

/** The 429 of a fifth call without the PSU in 24 hours. @see docs/interface/limits.md#limits-in-the-spec */
export function accessExceeded(counter: UnattendedAccessKey): BankError {
  return new BankError(
    "ACCESS_EXCEEDED",
    `Without the PSU present (no PSU-IP-Address) a TPP may read the ${counter.kind} of an account ${UNATTENDED_CALLS_PER_DAY} times in 24 hours; this TPP has used them`,
  );
}

/**
 * Runs a read; when it is counted (PSU absent) and its authorisation did not count it already
 * (see authorize-resource-read.ts), first counts it in one statement that refuses the fifth call
 * in 24 hours with 429 ACCESS_EXCEEDED, atomically across requests and bank processes. Every
 * refusal of the request comes before: a rejected request is not counted.
 *
 * @see docs/interface/limits.md#limits-in-the-spec; docs/interface/limits.md#what-the-sandbox-enforces
 */
export async function runCountedRead<T>(
  ctx: ServiceContext,
  access: { counter?: UnattendedAccessKey; counted?: boolean },
  read: (db: Executor) => Promise<T>,
): Promise<T> {
  const { counter } = access;
  if (counter && !access.counted && !(await createUnattendedAccessRepository(ctx.db).take(counter, ctx.clock.now()))) {
    throw accessExceeded(counter);
  }
  return read(ctx.db);
}
