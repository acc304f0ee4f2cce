import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Executor } from "../../db/open-bank-database";
import { createSettingsRepository } from "../../repositories/settings-repository";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../testing/test-database";
import { BatchRunner, type BatchProcessor } from "./batch-runs";
import { countScheduledBatchRuns, listScheduledBatchRuns, nextScheduledBatchRun, osloInstantOf } from "./batch-schedule";
import { parseIsoDuration } from "../../../psd2/schemas/sandbox-duration";
import { SandboxClock } from "./sandbox-clock";

const iso = (instants: readonly Date[]) => instants.map((instant) => instant.toISOString());

// docs/interface/payments.md#payments-in-the-sandbox: 06:00, 09:00, 12:00, 15:00 and 19:00 Europe/Oslo.
describe("the batch schedule", () => {
  it("finds 06:00 Oslo in winter (UTC+1) and in summer (UTC+2)", () => {
    expect(osloInstantOf("2026-01-12", 6 * 60).toISOString()).toBe("2026-01-12T05:00:00.000Z");
    expect(osloInstantOf("2026-07-01", 6 * 60).toISOString()).toBe("2026-07-01T04:00:00.000Z");
    expect(osloInstantOf("2026-03-29", 19 * 60).toISOString()).toBe("2026-03-29T17:00:00.000Z");
    expect(osloInstantOf("2026-10-25", 6 * 60).toISOString()).toBe("2026-10-25T05:00:00.000Z");
  });

  it("lists the runs after one instant up to another, in order, the end included", () => {
    expect(iso(listScheduledBatchRuns(new Date("2026-01-12T04:00:00Z"), new Date("2026-01-12T12:00:00Z")))).toEqual([
      "2026-01-12T05:00:00.000Z",
      "2026-01-12T08:00:00.000Z",
      "2026-01-12T11:00:00.000Z",
    ]);
    expect(listScheduledBatchRuns(new Date("2026-01-12T05:00:00Z"), new Date("2026-01-12T07:59:59Z"))).toEqual([]);
    expect(listScheduledBatchRuns(new Date("2026-01-12T05:00:00Z"), new Date("2026-01-12T05:00:00Z"))).toEqual([]);
  });

  it("counts the runs of a long span as the list does, across both changes of daylight saving time", () => {
    const cases: [string, string][] = [
      ["2026-01-12T04:00:00Z", "2026-01-12T12:00:00Z"],
      ["2026-03-27T18:30:00Z", "2026-03-30T06:00:00Z"],
      ["2026-10-24T19:00:00Z", "2026-10-26T05:00:00Z"],
      ["2025-12-31T23:00:00Z", "2027-01-01T00:00:00Z"],
    ];
    for (const [from, to] of cases) {
      const after = new Date(from);
      const until = new Date(to);
      expect(countScheduledBatchRuns(after, until), `${from} to ${to}`).toBe(listScheduledBatchRuns(after, until).length);
    }
    expect(countScheduledBatchRuns(new Date("2025-12-31T23:00:00Z"), new Date("2026-12-31T23:00:00Z"))).toBe(365 * 5);
  });

  it("tells the next run", () => {
    expect(nextScheduledBatchRun(new Date("2026-01-12T18:00:00Z")).toISOString()).toBe("2026-01-13T05:00:00.000Z");
    expect(nextScheduledBatchRun(new Date("2026-01-12T05:00:00Z")).toISOString()).toBe("2026-01-12T08:00:00.000Z");
  });
});

describe("parseIsoDuration", () => {
  it("reads days, hours, minutes and seconds", () => {
    expect(parseIsoDuration("PT1H")).toBe(3_600_000);
    expect(parseIsoDuration("PT90M")).toBe(5_400_000);
    expect(parseIsoDuration("P1D")).toBe(86_400_000);
    expect(parseIsoDuration("P1DT2H")).toBe(93_600_000);
    expect(parseIsoDuration("PT0.5S")).toBe(500);
  });

  it("refuses anything else", () => {
    for (const text of ["", "P", "PT", "1H", "P1M", "P1Y", "P1W", "PT1H30", "P1DT", "-PT1H", "PT1,5H", "pt1h"]) {
      expect(parseIsoDuration(text), text).toBeUndefined();
    }
  });
});

describe.each(testDatabaseKinds())("the batch runner on %s", (kind) => {
  let database: TestDatabase;
  let clock: SandboxClock;
  let runner: BatchRunner;
  let calls: string[];
  let detach: () => void;
  const real = () => new Date("2026-01-01T00:00:00Z");

  /** A processor that records its run and writes a setting through the executor it is given. */
  const recording =
    (name: string): BatchProcessor =>
    async (runAt: Date, db: Executor) => {
      calls.push(`${name}@${runAt.toISOString()}`);
      await createSettingsRepository(db).set(`test:${name}:${runAt.toISOString()}`, { ran: true }, runAt);
      return { processed: 1, kind: name };
    };

  async function setting(key: string): Promise<unknown> {
    return createSettingsRepository(database.db).get(key);
  }

  async function start(): Promise<void> {
    clock = await SandboxClock.load(createSettingsRepository(database.db), real);
    runner = await BatchRunner.load({ db: database.db, clock });
    detach = clock.onChange(async (change) => {
      await runner.handleClockChange(change);
    });
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // 05:00 in Oslo on a winter Monday, the clock standing still.
    await createSettingsRepository(database.db).set("sandbox-clock", { offsetMs: 0, frozenAt: "2026-01-12T04:00:00.000Z" }, real());
    await start();
  });
  afterAll(() => database.close());
  beforeEach(() => {
    calls = [];
  });

  it("starts its schedule at the clock's time: nothing before the first start is due", async () => {
    expect((await runner.schedule()).lastScheduledRun).toBe("2026-01-12T04:00:00.000Z");
    expect(await runner.runDue()).toEqual({ ran: 0, failed: 0, skipped: 0, runs: [] });
  });

  it("moving the clock from 05:00 to 13:00 Oslo runs 06:00, 09:00 and 12:00 in order, each once", async () => {
    runner.register("first", recording("first"));
    runner.register("second", recording("second"));
    const { batchRuns } = await runner.collect(() => clock.set(new Date("2026-01-12T13:00:00+01:00")));
    expect(calls).toEqual([
      "first@2026-01-12T05:00:00.000Z",
      "second@2026-01-12T05:00:00.000Z",
      "first@2026-01-12T08:00:00.000Z",
      "second@2026-01-12T08:00:00.000Z",
      "first@2026-01-12T11:00:00.000Z",
      "second@2026-01-12T11:00:00.000Z",
    ]);
    expect(batchRuns.ran).toBe(3);
    expect(batchRuns.failed).toBe(0);
    expect(batchRuns.runs.map((run) => [run.runAt, run.trigger, run.status])).toEqual([
      ["2026-01-12T05:00:00.000Z", "schedule", "completed"],
      ["2026-01-12T08:00:00.000Z", "schedule", "completed"],
      ["2026-01-12T11:00:00.000Z", "schedule", "completed"],
    ]);
    expect(batchRuns.runs[0]?.processors).toEqual([
      { name: "first", status: "completed", result: { processed: 1, kind: "first" } },
      { name: "second", status: "completed", result: { processed: 1, kind: "second" } },
    ]);
    expect(await setting("test:first:2026-01-12T11:00:00.000Z")).toEqual({ ran: true });

    // Nothing more is due until 15:00; a second trigger runs nothing again.
    calls = [];
    await clock.set(new Date("2026-01-12T13:30:00+01:00"));
    expect(await runner.runDue()).toMatchObject({ ran: 0 });
    expect(calls).toEqual([]);
    expect(await runner.schedule()).toEqual({
      timeZone: "Europe/Oslo",
      times: ["06:00", "09:00", "12:00", "15:00", "19:00"],
      lastScheduledRun: "2026-01-12T11:00:00.000Z",
      nextScheduledRun: "2026-01-12T14:00:00.000Z",
    });
  });

  it("a restart neither repeats nor misses a run", async () => {
    detach();
    await start();
    runner.register("first", recording("first"));
    expect(await runner.runDue()).toMatchObject({ ran: 0 });
    await clock.advance(2 * 60 * 60 * 1000); // 15:30
    expect(calls).toEqual(["first@2026-01-12T14:00:00.000Z"]);
  });

  it("runs across the change to summer time at the Oslo times", async () => {
    await clock.set(new Date("2026-03-28T18:30:00+01:00"));
    calls = [];
    const { batchRuns } = await runner.collect(() => clock.set(new Date("2026-03-29T10:00:00+02:00")));
    expect(batchRuns.runs.map((run) => run.runAt)).toEqual([
      "2026-03-28T18:00:00.000Z",
      "2026-03-29T04:00:00.000Z",
      "2026-03-29T07:00:00.000Z",
    ]);
    expect(calls).toEqual(["first@2026-03-28T18:00:00.000Z", "first@2026-03-29T04:00:00.000Z", "first@2026-03-29T07:00:00.000Z"]);
  });

  it("and across the change back to winter time", async () => {
    await clock.set(new Date("2026-10-24T19:30:00+02:00"));
    const { batchRuns } = await runner.collect(() => clock.set(new Date("2026-10-25T06:30:00+01:00")));
    expect(batchRuns.runs.map((run) => run.runAt)).toEqual(["2026-10-25T05:00:00.000Z"]);
  });

  it("a failing processor's work is rolled back and reported; the others keep theirs and the schedule moves on", async () => {
    const remove = runner.register("failing", async (runAt, db) => {
      await createSettingsRepository(db).set(`test:failing:${runAt.toISOString()}`, { ran: true }, runAt);
      throw new Error("the test processor fails on purpose");
    });
    try {
      const { batchRuns } = await runner.collect(() => clock.advance(3 * 60 * 60 * 1000)); // 09:30
      expect(batchRuns).toMatchObject({ ran: 1, failed: 1 });
      expect(batchRuns.runs[0]).toEqual({
        runAt: "2026-10-25T08:00:00.000Z",
        trigger: "schedule",
        status: "failed",
        processors: [
          { name: "first", status: "completed", result: { processed: 1, kind: "first" } },
          { name: "failing", status: "failed", error: "the test processor fails on purpose" },
        ],
      });
      expect(await setting("test:failing:2026-10-25T08:00:00.000Z")).toBeUndefined();
      expect(await setting("test:first:2026-10-25T08:00:00.000Z")).toEqual({ ran: true });
      expect((await runner.schedule()).lastScheduledRun).toBe("2026-10-25T08:00:00.000Z");
    } finally {
      remove();
    }
  });

  it("an on-demand run runs what is due, then once at the sandbox time", async () => {
    await clock.set(new Date("2026-10-26T08:00:00+01:00"));
    calls = [];
    await clock.freeze(true);
    const outcome = await runner.runNow();
    expect(outcome.runs.map((run) => [run.runAt, run.trigger])).toEqual([["2026-10-26T07:00:00.000Z", "demand"]]);
    expect(calls).toEqual(["first@2026-10-26T07:00:00.000Z"]);
    // An on-demand run leaves the schedule alone: 09:00 still runs.
    const { batchRuns } = await runner.collect(() => clock.advance(60 * 60 * 1000));
    expect(batchRuns.runs.map((run) => [run.runAt, run.trigger])).toEqual([["2026-10-26T08:00:00.000Z", "schedule"]]);
  });

  it("a move back in time rewinds the schedule: the runs after the new time run again when the clock passes them", async () => {
    await clock.set(new Date("2026-10-26T08:30:00+01:00"));
    calls = [];
    const { batchRuns } = await runner.collect(() => clock.set(new Date("2026-10-26T09:30:00+01:00")));
    expect(batchRuns.runs.map((run) => run.runAt)).toEqual(["2026-10-26T08:00:00.000Z"]);
  });

  it("a jump of years runs the last 366 days and counts the rest as skipped", async () => {
    detach();
    await start(); // no processors: the schedule moves in one write
    const before = await runner.schedule();
    const { batchRuns } = await runner.collect(() => clock.set(new Date("2029-10-26T09:30:00+01:00")));
    const total = countScheduledBatchRuns(new Date(before.lastScheduledRun), new Date("2029-10-26T08:30:00Z"));
    expect(batchRuns.ran + batchRuns.skipped).toBe(total);
    expect(batchRuns.ran).toBeGreaterThanOrEqual(366 * 5);
    expect(batchRuns.ran).toBeLessThanOrEqual(367 * 5);
    expect(batchRuns.runs).toHaveLength(100);
    expect(batchRuns.runs.at(-1)?.runAt).toBe("2029-10-26T07:00:00.000Z"); // 09:00 Oslo, summer time
    expect((await runner.schedule()).lastScheduledRun).toBe("2029-10-26T07:00:00.000Z");
  });
});
