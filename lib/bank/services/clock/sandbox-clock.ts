import { z } from "zod";
import { BANK_TIME_ZONE, dateInZone, durationMs, type ExactDuration, type IsoDate } from "../../../psd2/time";
import type { SettingsRepository } from "../../repositories/settings-repository";

const clockStateSchema = z.object({
  /** Milliseconds added to the real time. */
  offsetMs: z.number().int(),
  /** When set, the clock stands still at this instant. */
  frozenAt: z.iso.datetime({ offset: true }).nullable(),
});
export type SandboxClockState = z.infer<typeof clockStateSchema>;

const CLOCK_KEY = "sandbox-clock";

/** The calendar date (YYYY-MM-DD) of an instant in Europe/Oslo, the bank's business time zone. */
export function osloDateOf(instant: Date): IsoDate {
  return dateInZone(instant, BANK_TIME_ZONE);
}

export type ClockChange = { from: Date; to: Date };

/**
 * The sandbox clock: real time plus an offset, or frozen at an instant; set and moved through the
 * sandbox clock operation, kept in the database so that it survives a restart. Every time rule of
 * the bank (SCA validity, limits, execution dates, batch runs) reads this clock.
 */
export class SandboxClock {
  private state: SandboxClockState;
  private readonly listeners = new Set<(change: ClockChange) => Promise<void> | void>();

  private constructor(
    private readonly settings: SettingsRepository,
    state: SandboxClockState,
    private readonly realNow: () => Date,
  ) {
    this.state = state;
  }

  /** Loads the clock's saved state (a clock never set runs with the real time). */
  static async load(settings: SettingsRepository, realNow: () => Date = () => new Date()): Promise<SandboxClock> {
    const saved = clockStateSchema.safeParse(await settings.get(CLOCK_KEY));
    const state = saved.success ? saved.data : { offsetMs: 0, frozenAt: null };
    return new SandboxClock(settings, state, realNow);
  }

  /**
   * Reads the saved state again: another process of the bank on the same database moved the
   * clock (server.ts tells each worker), and every process's clock must read the same.
   */
  async reload(): Promise<void> {
    const saved = clockStateSchema.safeParse(await this.settings.get(CLOCK_KEY));
    this.state = saved.success ? saved.data : { offsetMs: 0, frozenAt: null };
  }

  /** The real time under the clock. */
  realTime(): Date {
    return this.realNow();
  }

  now(): Date {
    if (this.state.frozenAt) return new Date(this.state.frozenAt);
    return new Date(this.realNow().getTime() + this.state.offsetMs);
  }

  /** Today's date in Europe/Oslo. */
  today(): IsoDate {
    return osloDateOf(this.now());
  }

  describe(): { now: string; today: string; frozen: boolean; offsetSeconds: number } {
    const now = this.now();
    return {
      now: now.toISOString(),
      today: osloDateOf(now),
      frozen: this.state.frozenAt !== null,
      offsetSeconds: Math.round((now.getTime() - this.realNow().getTime()) / 1000),
    };
  }

  /** Moves the clock to an instant; it keeps running from there unless frozen. */
  async set(instant: Date, options: { frozen?: boolean } = {}): Promise<ClockChange> {
    const frozen = options.frozen ?? this.state.frozenAt !== null;
    return this.apply(instant, frozen);
  }

  /** Moves the clock forward (never back) by a duration: milliseconds, or days, hours, minutes and seconds. */
  async advance(by: number | ExactDuration): Promise<ClockChange> {
    const milliseconds = typeof by === "number" ? by : durationMs(by);
    if (!Number.isFinite(milliseconds) || milliseconds < 0) throw new RangeError("the clock only moves forward");
    return this.apply(new Date(this.now().getTime() + milliseconds), this.state.frozenAt !== null);
  }

  async freeze(frozen: boolean): Promise<ClockChange> {
    return this.apply(this.now(), frozen);
  }

  /** Back to the real time, running. */
  async reset(): Promise<ClockChange> {
    return this.apply(this.realNow(), false);
  }

  /** Called after every move of the clock, in order, e.g. to run the batch runs the move passed. */
  onChange(listener: (change: ClockChange) => Promise<void> | void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async apply(target: Date, frozen: boolean): Promise<ClockChange> {
    const from = this.now();
    const next: SandboxClockState = frozen
      ? { offsetMs: 0, frozenAt: target.toISOString() }
      : { offsetMs: target.getTime() - this.realNow().getTime(), frozenAt: null };
    await this.settings.set(CLOCK_KEY, next, this.realNow());
    this.state = next;
    const change = { from, to: this.now() };
    for (const listener of this.listeners) await listener(change);
    return change;
  }
}
