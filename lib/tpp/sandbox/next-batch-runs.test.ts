import { describe, expect, it } from "vitest";
import { listNextBatchRuns } from "./next-batch-runs";

const OSLO = { timeZone: "Europe/Oslo", times: ["06:00", "09:00", "12:00", "15:00", "19:00"] } as const;
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

describe("listNextBatchRuns: the sandbox's next five batch runs (supplement §5)", () => {
  it("in winter (UTC+1), from mid-morning: the rest of today, then tomorrow's first", () => {
    expect(iso(listNextBatchRuns(OSLO, new Date("2026-03-02T09:30:00Z")))).toEqual([
      "2026-03-02T11:00:00.000Z",
      "2026-03-02T14:00:00.000Z",
      "2026-03-02T18:00:00.000Z",
      "2026-03-03T05:00:00.000Z",
      "2026-03-03T08:00:00.000Z",
    ]);
  });

  it("in summer (UTC+2), after the last run of the day: tomorrow's five", () => {
    expect(iso(listNextBatchRuns(OSLO, new Date("2026-07-14T20:00:00Z")))).toEqual([
      "2026-07-15T04:00:00.000Z",
      "2026-07-15T07:00:00.000Z",
      "2026-07-15T10:00:00.000Z",
      "2026-07-15T13:00:00.000Z",
      "2026-07-15T17:00:00.000Z",
    ]);
  });

  it("across the change to summer time (29 March 2026): 19:00 on the 28th is 18:00 UTC, 06:00 on the 29th is 04:00 UTC", () => {
    expect(iso(listNextBatchRuns(OSLO, new Date("2026-03-28T15:00:00Z"), 3))).toEqual([
      "2026-03-28T18:00:00.000Z",
      "2026-03-29T04:00:00.000Z",
      "2026-03-29T07:00:00.000Z",
    ]);
  });

  it("across the change back (25 October 2026): after 19:00 summer time (17:00 UTC), 06:00 winter time is 05:00 UTC", () => {
    expect(iso(listNextBatchRuns(OSLO, new Date("2026-10-24T17:30:00Z"), 3))).toEqual([
      "2026-10-25T05:00:00.000Z",
      "2026-10-25T08:00:00.000Z",
      "2026-10-25T11:00:00.000Z",
    ]);
  });

  it("starts at the bank's nextScheduledRun when the reply gives it", () => {
    const runs = listNextBatchRuns({ ...OSLO, nextScheduledRun: "2026-03-02T11:00:00.000Z" }, new Date("2026-03-02T11:00:00Z"), 2);
    expect(iso(runs)).toEqual(["2026-03-02T11:00:00.000Z", "2026-03-02T14:00:00.000Z"]);
  });

  it("a run exactly at now is not next without the bank's word", () => {
    expect(iso(listNextBatchRuns(OSLO, new Date("2026-03-02T11:00:00Z"), 1))).toEqual(["2026-03-02T14:00:00.000Z"]);
  });
});
