import "server-only";
import type { AspspCaller } from "../aspsp/aspsp-caller";
import { getTppConfig } from "../config";
import { getAspspConnection } from "../runtime";
import type { AppClock } from "./app-clock";
import { type AppClockProvider, createAppClockProvider } from "./create-app-clock-provider";

// On globalThis, as the runtime is: Next bundles pages, actions and route handlers separately,
// and an invalidation from an action must reach the clock the pages read.
declare global {
  var __psd2AppClock: AppClockProvider | undefined;
}

function provider(): AppClockProvider {
  globalThis.__psd2AppClock ??= createAppClockProvider({
    environment: getTppConfig().environment,
    client: async () => (await getAspspConnection()).client,
  });
  return globalThis.__psd2AppClock;
}

/**
 * The bank's clock as the app keeps it (the sandbox clock in the sandbox, read at most every 5
 * seconds; the system clock in production), read with `caller` when the bank is asked. Without
 * Next: a job of the app's own (the refresh, `npm run tpp:refresh`) reads it for no user.
 * @see docs/interface/sandbox-operations.md#sandbox-operations
 */
export function readBankClock(caller: () => Promise<AspspCaller> = async () => ({})): Promise<AppClock> {
  return provider().get(caller);
}

/** Forgets the kept reading of the bank's clock: call it after moving the sandbox clock. */
export function invalidateBankClock(): void {
  globalThis.__psd2AppClock?.invalidate();
}
