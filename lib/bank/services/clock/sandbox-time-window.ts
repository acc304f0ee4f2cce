/**
 * The times the sandbox clock may show, and so the times the bank's certificates must cover:
 * from five years before the real time on. The CA, the seal and every portal certificate are
 * valid from a day before that, so that no move of the clock the bank accepts makes a
 * certificate it issued "not yet valid".
 *
 * @see docs/interface/certificates.md#certificates-and-tpp-registration (the sandbox CA and portal), docs/interface/sandbox-operations.md#clock-and-batch-runs
 */
import { addYearsToInstant, durationMs } from "../../../psd2/time";

/** How far back the sandbox clock may be set from the real time, in years. */
export const SANDBOX_CLOCK_YEARS_BACK = 5;

/**
 * The earliest time the sandbox clock may be set to: the real time less five calendar years, on
 * UTC's calendar (29 February goes to 28 February).
 */
export function earliestSandboxTime(realNow: Date): Date {
  return addYearsToInstant(realNow, -SANDBOX_CLOCK_YEARS_BACK);
}

/** Where the bank's certificates begin: a day before the earliest sandbox time (to the whole second). */
export function certificatesValidFrom(realNow: Date): Date {
  return new Date(Math.floor((earliestSandboxTime(realNow).getTime() - durationMs({ days: 1 })) / 1000) * 1000);
}
