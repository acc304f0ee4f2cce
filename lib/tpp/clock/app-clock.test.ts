import { describe, expect, it } from "vitest";
import { createAppClock, osloDateOf, sandboxClockResponseSchema, toBankClockReading } from "./app-clock";

describe("osloDateOf: the date of an instant in Europe/Oslo", () => {
  it.each([
    // Winter (CET, UTC+1): 23:00 UTC is already the next day in Oslo.
    ["2026-01-09T22:59:59.999Z", "2026-01-09"],
    ["2026-01-09T23:00:00.000Z", "2026-01-10"],
    // Summer (CEST, UTC+2): 22:00 UTC is midnight.
    ["2026-07-14T21:59:59.999Z", "2026-07-14"],
    ["2026-07-14T22:00:00.000Z", "2026-07-15"],
    // The night of the change to summer time (29 March 2026, 01:00 UTC) and back (25 October 2026).
    ["2026-03-28T22:59:00.000Z", "2026-03-28"],
    ["2026-03-28T23:00:00.000Z", "2026-03-29"],
    ["2026-10-24T21:59:00.000Z", "2026-10-24"],
    ["2026-10-24T22:00:00.000Z", "2026-10-25"],
    ["2026-10-25T22:59:00.000Z", "2026-10-25"],
    ["2026-10-25T23:00:00.000Z", "2026-10-26"],
    // New year and a leap day.
    ["2027-12-31T23:00:00.000Z", "2028-01-01"],
    ["2028-02-28T23:30:00.000Z", "2028-02-29"],
  ])("%s is %s in Oslo", (instant, date) => {
    expect(osloDateOf(new Date(instant))).toBe(date);
  });
});

describe("toBankClockReading", () => {
  const sentAt = new Date("2026-03-02T09:00:00.000Z");
  const receivedAt = new Date("2026-03-02T09:00:00.040Z");

  it("a running clock: the offset from the middle of the exchange", () => {
    const reading = toBankClockReading({ now: "2026-03-03T09:00:00.020Z", frozen: false }, sentAt, receivedAt);
    expect(reading).toEqual({ kind: "running", offsetMs: 24 * 3600 * 1000 });
  });

  it("a running clock behind the real time: a negative offset, with sub-second precision", () => {
    const reading = toBankClockReading({ now: "2026-03-02T08:59:59.520Z", frozen: false }, sentAt, receivedAt);
    expect(reading).toEqual({ kind: "running", offsetMs: -500 });
  });

  it("a frozen clock: its instant, whatever the exchange's timing", () => {
    const reading = toBankClockReading({ now: "2026-03-02T05:00:00+01:00", frozen: true }, sentAt, receivedAt);
    expect(reading).toEqual({ kind: "frozen", at: new Date("2026-03-02T04:00:00.000Z") });
  });

  it("a now that is no date-time is refused, naming it", () => {
    expect(() => toBankClockReading({ now: "tomorrow", frozen: false }, sentAt, receivedAt)).toThrow(
      "the sandbox clock's now 'tomorrow' is not an ISO 8601 date-time",
    );
  });
});

describe("createAppClock", () => {
  let system = new Date("2026-03-02T22:30:00.000Z");
  const systemNow = () => system;

  it("running: the system time plus the offset, and Oslo's date of it", () => {
    const clock = createAppClock({ kind: "running", offsetMs: 60 * 60 * 1000 }, systemNow);
    expect(clock.source).toBe("bank-sandbox");
    expect(clock.now().toISOString()).toBe("2026-03-02T23:30:00.000Z");
    // 23:30 UTC is 00:30 on 3 March in Oslo (CET).
    expect(clock.today()).toBe("2026-03-03");
    system = new Date("2026-03-02T22:31:00.000Z");
    expect(clock.now().toISOString()).toBe("2026-03-02T23:31:00.000Z");
  });

  it("frozen: the same instant however the system time moves", () => {
    const clock = createAppClock({ kind: "frozen", at: new Date("2026-07-01T21:59:00.000Z") }, systemNow);
    system = new Date("2030-01-01T00:00:00.000Z");
    expect(clock.now().toISOString()).toBe("2026-07-01T21:59:00.000Z");
    expect(clock.today()).toBe("2026-07-01");
    // A copy each time: changing it does not change the clock.
    clock.now().setTime(0);
    expect(clock.now().toISOString()).toBe("2026-07-01T21:59:00.000Z");
  });

  it("without a reading: the system clock, and says so", () => {
    system = new Date("2026-12-31T23:15:00.000Z");
    const clock = createAppClock(undefined, systemNow);
    expect(clock.source).toBe("system");
    expect(clock.now()).toEqual(system);
    expect(clock.today()).toBe("2027-01-01");
  });
});

describe("sandboxClockResponseSchema", () => {
  it("reads the bank's reply, other fields passing", () => {
    const reply = {
      now: "2026-03-02T04:00:00.000Z",
      today: "2026-03-02",
      frozen: true,
      offsetSeconds: -3600,
      batchSchedule: { timeZone: "Europe/Oslo", times: ["06:00"] },
    };
    expect(sandboxClockResponseSchema.parse(reply)).toEqual(reply);
  });

  it("refuses a reply without frozen", () => {
    expect(sandboxClockResponseSchema.safeParse({ now: "2026-03-02T04:00:00.000Z", today: "2026-03-02", offsetSeconds: 0 }).success).toBe(
      false,
    );
  });
});
