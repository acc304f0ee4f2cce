/**
 * The sandbox clock operation (GET and POST /v1/sandbox/clock): read the clock, or set, advance,
 * freeze or reset it; a move runs the batch runs it passes, and the reply tells which.
 *
 * @see docs/interface/payments.md#batch-processing, docs/interface/sandbox-operations.md#clock-and-batch-runs
 */
import { parseIsoDuration } from "../../../psd2/time";
import type { SandboxClockMoveInput } from "../../../psd2/schemas/sandbox-clock";
import type { SandboxClockMoveReply, SandboxClockState } from "../../../psd2/schemas";
import type { BatchRunner } from "./batch-runs";
import type { SandboxClock } from "./sandbox-clock";
import { BankError } from "../../errors";
import { earliestSandboxTime, SANDBOX_CLOCK_YEARS_BACK } from "./sandbox-time-window";

type ClockDependencies = { clock: SandboxClock; batchRuns: BatchRunner };

/**
 * GET /v1/sandbox/clock: the sandbox time, Oslo's date, whether the clock stands still, its
 * offset from the real time, and the batch schedule (last and next scheduled run).
 *
 * @see docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function readSandboxClock({ clock, batchRuns }: ClockDependencies): Promise<SandboxClockState> {
  return { ...clock.describe(), batchSchedule: await batchRuns.schedule() };
}

/**
 * POST /v1/sandbox/clock: sets, advances, freezes or resets the sandbox clock (the body says
 * which), then answers the clock's state and the batch runs the move ran. The body comes parsed by
 * the route's schema (sandboxClockMoveSchema); how far back `now` may go depends on the real time,
 * and is checked here.
 *
 * @see docs/interface/payments.md#payments-in-the-sandbox, docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function moveSandboxClock(dependencies: ClockDependencies, move: SandboxClockMoveInput): Promise<SandboxClockMoveReply> {
  const { clock, batchRuns } = dependencies;
  if (move.now !== undefined) {
    const earliest = earliestSandboxTime(clock.realTime());
    if (Date.parse(move.now) < earliest.getTime()) {
      throw new BankError(
        "FORMAT_ERROR",
        `now must be at most ${SANDBOX_CLOCK_YEARS_BACK} years before the real time (${earliest.toISOString()} or later): the bank's CA and certificates cover no earlier time`,
        { path: "now" },
      );
    }
  }
  const { batchRuns: ran } = await batchRuns.collect(async () => {
    const frozen = move.frozen === undefined ? {} : { frozen: move.frozen };
    if (move.reset) return clock.reset();
    if (move.now !== undefined) return clock.set(new Date(move.now), frozen);
    if (move.advance !== undefined) {
      const milliseconds = parseIsoDuration(move.advance) ?? 0;
      return move.frozen === undefined ? clock.advance(milliseconds) : clock.set(new Date(clock.now().getTime() + milliseconds), frozen);
    }
    return clock.freeze(move.frozen ?? false);
  });
  return { ...(await readSandboxClock(dependencies)), batchRuns: ran };
}
