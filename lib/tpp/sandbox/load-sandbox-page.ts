import "server-only";
import type { SandboxClockState, SandboxCustomer } from "../../psd2/schemas";
import { requireCurrentUser } from "../auth/get-current-user";
import { loadForPage, type PageLoad } from "../flows/load-for-page";
import { BANK_TIME_ZONE } from "./forms";
import { getSandboxClock } from "./get-sandbox-clock";
import { listCustomers } from "./list-customers";
import { listNextBatchRuns } from "./next-batch-runs";
import { getSandboxContext } from "./sandbox-context";
import { isoToZonedDateTime } from "./zoned-time";

const PAGE = "/sandbox";

/** What the sandbox control room shows of the bank. */
export interface SandboxPageView {
  readonly clock: SandboxClockState;
  /** The sandbox clock's time as Oslo's wall clock, for the "Set the clock" field. */
  readonly clockWallTime: string;
  /** The next five batch runs after the sandbox clock's now. */
  readonly nextBatchRuns: readonly Date[];
  readonly customers: readonly SandboxCustomer[];
}

/**
 * The sandbox control room's view: the bank's clock and its customers, asked for at once.
 * @see docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function loadSandboxPage(): Promise<PageLoad<SandboxPageView>> {
  await requireCurrentUser(PAGE);
  return loadForPage(PAGE, async () => {
    const ctx = await getSandboxContext(PAGE);
    const [clock, customers] = await Promise.all([getSandboxClock(ctx), listCustomers(ctx)]);
    return {
      clock: clock.body,
      clockWallTime: isoToZonedDateTime(clock.body.now, BANK_TIME_ZONE),
      nextBatchRuns: listNextBatchRuns(clock.body.batchSchedule, new Date(clock.body.now)),
      customers: customers.body.customers,
    };
  });
}
