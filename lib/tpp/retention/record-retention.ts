import "server-only";
import { getTppConfig } from "../config";
import { retentionCutoff } from "./prune-old-records";

/** How long the request inspector's calls and the flows are kept, as the pages say it. */
export interface RecordRetention {
  /** TPP_RECORD_RETENTION_DAYS. */
  readonly days: number;
  /** "30 days", "1 day". */
  readonly period: string;
}

export function describeRetentionPeriod(days: number): string {
  return `${days} day${days === 1 ? "" : "s"}`;
}

export function getRecordRetention(): RecordRetention {
  const days = getTppConfig().recordRetentionDays;
  return { days, period: describeRetentionPeriod(days) };
}

/**
 * Whether what started at `instant` is older than the period: its calls and flows may have been
 * deleted already (the system clock, as their startedAt).
 */
export function isPastRecordRetention(instant: Date, days: number, now: Date = new Date()): boolean {
  return instant.getTime() < retentionCutoff(now, days).getTime();
}
