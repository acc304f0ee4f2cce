/**
 * Exact durations through Temporal.Duration: a day is 24 hours here, as the sandbox clock moves
 * by exact amounts (years, months and weeks have no fixed length and are not accepted). Pure.
 *
 * @see ISO 8601-1:2019 §5.5.2.4 (durations); docs/interface/sandbox-operations.md#clock-and-batch-runs (the sandbox clock's advance)
 */
import { Temporal } from "temporal-polyfill";

/** The exact parts of a duration. */
export type ExactDuration = { days?: number; hours?: number; minutes?: number; seconds?: number; milliseconds?: number };

/** The length of an exact duration in milliseconds: durationMs({ days: 90 }). */
export function durationMs(duration: ExactDuration): number {
  return Temporal.Duration.from(duration).total({ unit: "milliseconds" });
}

// The interface's own spelling: upper-case designators, a decimal point and only on seconds.
const EXACT_DURATION = /^P(?:\d+D)?(?:T(?:\d+H)?(?:\d+M)?(?:\d+(?:\.\d{1,3})?S)?)?$/;

/**
 * The length in milliseconds of an ISO 8601 duration made of days, hours, minutes and seconds
 * (P1D, PT90M, P1DT2H, PT0.5S); undefined for anything else (P1M, P1W, -PT1H, PT1,5H, pt1h, P, PT).
 */
export function parseIsoDuration(text: string): number | undefined {
  if (!EXACT_DURATION.test(text) || text === "P" || text.endsWith("T")) return undefined;
  return Math.round(Temporal.Duration.from(text).total({ unit: "milliseconds" }));
}
