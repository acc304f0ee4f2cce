/**
 * How failed sign-ins slow down the next attempts (pure: the repository applies it). Each key, a
 * user name and a client address, has its own count: a few failures cost nothing, then each one
 * more doubles the wait before the next attempt is taken, up to a ceiling; an attempt made during
 * the wait is refused (429) before any password is checked. A success clears the user name's
 * count, never the address's (an account of one's own must not reset the guessing of others).
 */

export type SignInFailureKeyKind = "username" | "address";

export interface ThrottlePolicy {
  /** Failures that cost no wait. */
  readonly freeFailures: number;
  /** The wait after the first failure beyond the free ones; doubled by each one more. */
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
}

/** Per user name: the 1st to 3rd failure nothing, then 15 s, 30 s, 1 min, … up to 15 minutes. */
export const USERNAME_POLICY: ThrottlePolicy = { freeFailures: 3, firstDelayMs: 15_000, maxDelayMs: 15 * 60_000 };

/** Per client address (many users may share one, behind a NAT): 20 failures free, then the same. */
export const ADDRESS_POLICY: ThrottlePolicy = { freeFailures: 20, firstDelayMs: 15_000, maxDelayMs: 15 * 60_000 };

export const THROTTLE_POLICIES: Readonly<Record<SignInFailureKeyKind, ThrottlePolicy>> = {
  username: USERNAME_POLICY,
  address: ADDRESS_POLICY,
};

/** A count is forgotten this long after its last failure. */
export const FAILURE_MEMORY_MS = 24 * 60 * 60_000;

/** How long to wait after `failures` failures in a row. */
export function delayAfterFailures(policy: ThrottlePolicy, failures: number): number {
  if (failures <= policy.freeFailures) return 0;
  // Capped exponent: 2^30 times any first delay is beyond every ceiling, and never Infinity.
  const doublings = Math.min(failures - policy.freeFailures - 1, 30);
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** doublings);
}

/** Until when no attempt is taken after `failures` failures, the last at `at`; undefined: none is refused. */
export function lockedUntilAfter(policy: ThrottlePolicy, failures: number, at: Date): Date | undefined {
  const delay = delayAfterFailures(policy, failures);
  return delay === 0 ? undefined : new Date(at.getTime() + delay);
}

/**
 * The message of the error next-auth turns into `?error=` when a sign-in is refused for the
 * throttle: `TooManySignIns:<ISO 8601 instant of the next attempt taken>`.
 */
export const THROTTLED_ERROR_PREFIX = "TooManySignIns:";

export function throttledErrorMessage(retryAt: Date): string {
  return `${THROTTLED_ERROR_PREFIX}${retryAt.toISOString()}`;
}

/** The instant a throttled sign-in's error names; undefined for any other error. */
export function readThrottledError(error: string | null | undefined): Date | undefined {
  if (typeof error !== "string" || !error.startsWith(THROTTLED_ERROR_PREFIX)) return undefined;
  const at = new Date(error.slice(THROTTLED_ERROR_PREFIX.length));
  return Number.isNaN(at.getTime()) ? undefined : at;
}

const clock = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Oslo",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/**
 * What the sign-in page says for next-auth's `error` (undefined: nothing went wrong): a throttled
 * sign-in names the time (the app's, Oslo's) from which the next attempt is taken.
 */
export function describeSignInError(error: string | null | undefined): string | undefined {
  if (error === null || error === undefined || error === "") return undefined;
  const retryAt = readThrottledError(error);
  if (retryAt !== undefined) return `Too many failed sign-ins. Try again at ${clock.format(retryAt)}.`;
  return "The user name or password is not right.";
}
