/**
 * The times the sandbox clock may show, and so the times the bank's certificates must cover:
 * from five years before the real time on. The CA, the seal and every portal certificate are
 * valid from a day before that, so that no move of the clock the bank accepts makes a
 * certificate it issued "not yet valid".
 *
 * @see supplement.md §10 (the sandbox CA and portal), §11 (the sandbox clock)
 */

/** How far back the sandbox clock may be set from the real time, in years. */
export const SANDBOX_CLOCK_YEARS_BACK = 5;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The earliest time the sandbox clock may be set to: the real time less five calendar years. */
export function earliestSandboxTime(realNow: Date): Date {
  const earliest = new Date(realNow.getTime());
  earliest.setUTCFullYear(earliest.getUTCFullYear() - SANDBOX_CLOCK_YEARS_BACK);
  return earliest;
}

/** Where the bank's certificates begin: a day before the earliest sandbox time (to the whole second). */
export function certificatesValidFrom(realNow: Date): Date {
  return new Date(Math.floor((earliestSandboxTime(realNow).getTime() - DAY_MS) / 1000) * 1000);
}
