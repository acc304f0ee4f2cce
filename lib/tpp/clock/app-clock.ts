/**
 * The app's clock: the bank's sandbox clock where there is one (the sandbox can be set to another
 * time, and every date the bank checks follows it), otherwise the system clock. Pure: the
 * reading of the bank's clock and the system time are arguments.
 */
import type { z } from "zod";
import { sandboxClockStateSchema } from "../../psd2/schemas";
import { BANK_TIME_ZONE, dateInZone, type IsoDate } from "../../psd2/time";

/** Where the app's time comes from. */
export type AppClockSource = "bank-sandbox" | "system";

export interface AppClock {
  now(): Date;
  /** Today's date (YYYY-MM-DD) in Europe/Oslo, the bank's business time zone. */
  today(): string;
  /** bank-sandbox: the bank's sandbox clock; system: this machine's (production, or the bank not reachable). */
  readonly source: AppClockSource;
}

/**
 * What the bank's sandbox clock was found to be: running at an offset from this machine's
 * clock, or standing still at an instant.
 */
export type BankClockReading = { readonly kind: "running"; readonly offsetMs: number } | { readonly kind: "frozen"; readonly at: Date };

/**
 * The reply of GET /v1/sandbox/clock (also the clock part of POST /v1/sandbox/clock's reply):
 * the sandbox time (ISO 8601), its date in Europe/Oslo, whether it stands still, and its offset
 * from the bank's real time in whole seconds; other fields (the batch schedule) pass.
 * @see docs/interface/sandbox-operations.md#sandbox-operations
 */
export const sandboxClockResponseSchema = sandboxClockStateSchema
  .pick({ now: true, today: true, frozen: true, offsetSeconds: true })
  .loose();

export type SandboxClockState = Pick<z.output<typeof sandboxClockResponseSchema>, "now" | "frozen">;

/** The calendar date (YYYY-MM-DD) of an instant in Europe/Oslo (its daylight saving time included). */
export function osloDateOf(date: Date): IsoDate {
  return dateInZone(date, BANK_TIME_ZONE);
}

/**
 * The reading of a reply of GET /v1/sandbox/clock. A running clock's offset is measured against
 * the middle of the exchange (`sentAt`..`receivedAt`, this machine's clock), so that it holds to
 * within half the round trip, below the bank's whole-second offsetSeconds, and it also takes in
 * any difference between the bank's machine clock and this one.
 * @see docs/interface/sandbox-operations.md#sandbox-operations
 */
export function toBankClockReading(state: SandboxClockState, sentAt: Date, receivedAt: Date): BankClockReading {
  const bankNow = Date.parse(state.now);
  if (Number.isNaN(bankNow)) throw new RangeError(`the sandbox clock's now '${state.now}' is not an ISO 8601 date-time`);
  if (state.frozen) return { kind: "frozen", at: new Date(bankNow) };
  const middle = sentAt.getTime() + (receivedAt.getTime() - sentAt.getTime()) / 2;
  return { kind: "running", offsetMs: Math.round(bankNow - middle) };
}

/**
 * An AppClock: the bank's sandbox time from a reading (the system time plus the offset, or the
 * frozen instant), or, without a reading, the system time.
 */
export function createAppClock(reading: BankClockReading | undefined, systemNow: () => Date = () => new Date()): AppClock {
  const now =
    reading === undefined
      ? () => systemNow()
      : reading.kind === "frozen"
        ? () => new Date(reading.at.getTime())
        : () => new Date(systemNow().getTime() + reading.offsetMs);
  return { now, today: () => osloDateOf(now()), source: reading === undefined ? "system" : "bank-sandbox" };
}
