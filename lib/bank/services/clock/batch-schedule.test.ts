import { describe, expect, it } from "vitest";
import { dateInZone, wallClockOf } from "../../../psd2/time";
import {
  BATCH_RUN_TIMES,
  batchRunsOn,
  countScheduledBatchRuns,
  listScheduledBatchRuns,
  nextScheduledBatchRun,
  osloInstantOf,
} from "./batch-schedule";

const iso = (instants: readonly Date[]) => instants.map((instant) => instant.toISOString());
const OSLO = "Europe/Oslo";

// docs/interface/payments.md#payments-in-the-sandbox: 06:00, 09:00, 12:00, 15:00 and 19:00 Europe/Oslo, every day.
describe("the batch schedule on the days Oslo's clocks change", () => {
  it("spring (last Sunday of March, 02:00 becomes 03:00): the five runs of the day, in summer time", () => {
    expect(iso(batchRunsOn("2026-03-28"))).toEqual([
      "2026-03-28T05:00:00.000Z",
      "2026-03-28T08:00:00.000Z",
      "2026-03-28T11:00:00.000Z",
      "2026-03-28T14:00:00.000Z",
      "2026-03-28T18:00:00.000Z",
    ]);
    expect(iso(batchRunsOn("2026-03-29"))).toEqual([
      "2026-03-29T04:00:00.000Z",
      "2026-03-29T07:00:00.000Z",
      "2026-03-29T10:00:00.000Z",
      "2026-03-29T13:00:00.000Z",
      "2026-03-29T17:00:00.000Z",
    ]);
    // 2027's last Sunday of March is the 28th.
    expect(iso(batchRunsOn("2027-03-28")).at(0)).toBe("2027-03-28T04:00:00.000Z");
    expect(iso(batchRunsOn("2027-03-27")).at(-1)).toBe("2027-03-27T18:00:00.000Z");
  });

  it("autumn (last Sunday of October, 03:00 becomes 02:00): the five runs of the day, in winter time", () => {
    expect(iso(batchRunsOn("2026-10-24"))).toEqual([
      "2026-10-24T04:00:00.000Z",
      "2026-10-24T07:00:00.000Z",
      "2026-10-24T10:00:00.000Z",
      "2026-10-24T13:00:00.000Z",
      "2026-10-24T17:00:00.000Z",
    ]);
    expect(iso(batchRunsOn("2026-10-25"))).toEqual([
      "2026-10-25T05:00:00.000Z",
      "2026-10-25T08:00:00.000Z",
      "2026-10-25T11:00:00.000Z",
      "2026-10-25T14:00:00.000Z",
      "2026-10-25T18:00:00.000Z",
    ]);
    expect(iso(batchRunsOn("2027-10-31")).at(0)).toBe("2027-10-31T05:00:00.000Z");
  });

  it.each([
    // The whole Oslo day: 23 hours in spring, 25 in autumn.
    ["2026-03-29", "2026-03-28T23:00:00Z", "2026-03-29T22:00:00Z"],
    ["2026-10-25", "2026-10-24T22:00:00Z", "2026-10-25T23:00:00Z"],
  ])("over the whole of %s: each of the five once, none skipped or doubled", (date, from, to) => {
    const runs = listScheduledBatchRuns(new Date(from), new Date(to));
    expect(runs.map((runAt) => wallClockOf(runAt, OSLO))).toEqual(BATCH_RUN_TIMES.map((time) => `${date}T${time}:00`));
    expect(countScheduledBatchRuns(new Date(from), new Date(to))).toBe(5);
  });

  it("the next run across the night of each change is the next day's 06:00", () => {
    expect(nextScheduledBatchRun(new Date("2026-03-28T18:00:00Z")).toISOString()).toBe("2026-03-29T04:00:00.000Z");
    // 02:30 summer time, in the spring night's hour that the clocks skip over.
    expect(nextScheduledBatchRun(new Date("2026-03-29T00:30:00Z")).toISOString()).toBe("2026-03-29T04:00:00.000Z");
    expect(nextScheduledBatchRun(new Date("2026-10-24T17:00:00Z")).toISOString()).toBe("2026-10-25T05:00:00.000Z");
    // Both 02:30s of the autumn night.
    expect(nextScheduledBatchRun(new Date("2026-10-25T00:30:00Z")).toISOString()).toBe("2026-10-25T05:00:00.000Z");
    expect(nextScheduledBatchRun(new Date("2026-10-25T01:30:00Z")).toISOString()).toBe("2026-10-25T05:00:00.000Z");
  });

  it("every day of two years has its five runs at the five Oslo times, and the count agrees with the list", () => {
    const from = new Date("2025-12-31T23:00:00Z");
    const until = new Date("2027-12-31T23:00:00Z");
    const runs = listScheduledBatchRuns(from, until);
    expect(runs).toHaveLength(730 * 5);
    expect(countScheduledBatchRuns(from, until)).toBe(730 * 5);
    const perDate = new Map<string, string[]>();
    for (const runAt of runs) {
      const [date = "", time = ""] = wallClockOf(runAt, OSLO).split("T");
      expect(dateInZone(runAt, OSLO)).toBe(date);
      perDate.set(date, [...(perDate.get(date) ?? []), time.slice(0, 5)]);
    }
    expect(perDate.size).toBe(730);
    for (const [date, times] of perDate) expect(times, date).toEqual([...BATCH_RUN_TIMES]);
    for (let i = 1; i < runs.length; i++) expect(runs[i]!.getTime()).toBeGreaterThan(runs[i - 1]!.getTime());
  });

  it("names a time of day that is not one", () => {
    expect(osloInstantOf("2026-03-29", 2 * 60 + 30).toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(() => osloInstantOf("2026-03-29", 24 * 60)).toThrow("minutesAfterMidnight must be a whole number from 0 to 1439, got 1440");
  });
});
