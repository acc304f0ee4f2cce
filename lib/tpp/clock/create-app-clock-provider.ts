import "server-only";
import type { AspspCaller } from "../aspsp/aspsp-caller";
import type { AspspClient } from "../aspsp/create-aspsp-client";
import type { AspspEnvironment } from "../config";
import { type AppClock, createAppClock, sandboxClockResponseSchema, toBankClockReading } from "./app-clock";

/** How long a reading of the bank's clock is used before it is read again. */
export const APP_CLOCK_MAX_AGE_MS = 5_000;

export interface AppClockProviderOptions {
  /** The bank's sandbox clock is read in the sandbox only; production uses the system clock. */
  readonly environment: AspspEnvironment;
  /** The signed client, obtained when first needed; its failure counts as the bank not reachable. */
  readonly client: () => Promise<AspspClient>;
  /** How long a reading (or a fallback to the system clock) is kept; default APP_CLOCK_MAX_AGE_MS. */
  readonly maxAgeMs?: number;
  readonly systemNow?: () => Date;
  /** Told why the system clock stands in for the bank's sandbox clock; default a console warning. */
  readonly onFallback?: (reason: string) => void;
}

/**
 * Who a reading of the bank's clock is for, asked only when the bank is read: its
 * TPP-Redirect-Preferred is sent as the user chose (docs/interface/authentication.md#biometric-flow).
 */
export type AppClockCaller = () => AspspCaller | Promise<AspspCaller>;

export interface AppClockProvider {
  /**
   * The app's clock, from a reading at most maxAgeMs old; concurrent calls share one reading
   * (made for the caller of the call that started it).
   */
  get(caller?: AppClockCaller): Promise<AppClock>;
  /** Drops the kept reading (after the sandbox clock was moved): the next get() reads the bank's clock. */
  invalidate(): void;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The app's clock with bounded staleness: in the sandbox, GET /v1/sandbox/clock (signed, for no
 * PSU) is read at most once per maxAgeMs and kept as an offset from the system clock (or the
 * frozen instant), so that a page's many uses cost one call; when the bank cannot be read, the
 * system clock stands in (source "system") for as long, and onFallback says why.
 * @see docs/interface/sandbox-operations.md#sandbox-operations
 */
export function createAppClockProvider(options: AppClockProviderOptions): AppClockProvider {
  const systemNow = options.systemNow ?? (() => new Date());
  const maxAgeMs = options.maxAgeMs ?? APP_CLOCK_MAX_AGE_MS;
  const onFallback = options.onFallback ?? ((reason: string) => console.warn(`tpp: ${reason}`));
  let kept: { readonly clock: AppClock; readonly readAt: number } | undefined;
  let reading: Promise<AppClock> | undefined;
  // Bumped by invalidate(), so that a reading begun before it is not kept after it.
  let generation = 0;

  async function readBankClock(caller: AppClockCaller): Promise<AppClock> {
    try {
      const client = await options.client();
      const forCaller = await caller();
      const sentAt = systemNow();
      const reply = await client.fetch({ method: "GET", path: "/v1/sandbox/clock", schema: sandboxClockResponseSchema, caller: forCaller });
      return createAppClock(toBankClockReading(reply.value, sentAt, systemNow()), systemNow);
    } catch (error) {
      onFallback(`the bank's sandbox clock could not be read (${describe(error)}): the system clock is used instead`);
      return createAppClock(undefined, systemNow);
    }
  }

  function isFresh(readAt: number): boolean {
    const age = systemNow().getTime() - readAt;
    return age >= 0 && age < maxAgeMs;
  }

  return {
    async get(caller = () => ({})) {
      if (options.environment !== "sandbox") return createAppClock(undefined, systemNow);
      if (kept !== undefined && isFresh(kept.readAt)) return kept.clock;
      if (reading === undefined) {
        const started = generation;
        const current = readBankClock(caller).then((clock) => {
          if (started === generation) kept = { clock, readAt: systemNow().getTime() };
          return clock;
        });
        reading = current;
        void current.finally(() => {
          if (reading === current) reading = undefined;
        });
      }
      return reading;
    },
    invalidate() {
      generation += 1;
      kept = undefined;
      reading = undefined;
    },
  };
}
