import "server-only";
import { unstable_rethrow } from "next/navigation";
import type { AspspCaller } from "../aspsp/aspsp-caller";
import { getCurrentUser } from "../auth/get-current-user";
import type { AppClock } from "./app-clock";
import { invalidateBankClock, readBankClock } from "./bank-clock";

/**
 * The signed-in user's TPP-Redirect-Preferred for a reading of the bank's clock (asked only when
 * the bank is read). The reading is shared by every user, so it names no user (the request
 * inspector shows it to nobody, as before); outside a request there is no user and the header
 * keeps its default.
 */
async function clockReadingCaller(): Promise<AspspCaller> {
  try {
    const user = await getCurrentUser();
    return user === undefined ? {} : { redirectPreferred: user.redirectPreferred };
  } catch (error) {
    // Next's own signals (a dynamic render, a redirect) are passed on; anything else: no user.
    unstable_rethrow(error);
    return {};
  }
}

/**
 * The app's clock: in the sandbox, the bank's sandbox clock (read at most every 5 seconds; the
 * system clock when the bank cannot be reached, with source "system"); in production, the
 * system clock. Dates the bank checks (execution dates, date ranges) come from here.
 * @see docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function getAppClock(): Promise<AppClock> {
  return readBankClock(clockReadingCaller);
}

/** Forgets the kept reading of the bank's clock: call it after moving the sandbox clock. */
export function invalidateAppClock(): void {
  invalidateBankClock();
}
