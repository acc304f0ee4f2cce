import { describe, expect, it } from "vitest";
import { describeRefreshSchedule, latestDueSlot, nextSlotAfter, parseRefreshSchedule } from "./refresh-schedule";
import { SCA_RENEWAL_MARGIN_MS, scaRenewalAt } from "./sca-renewal";

describe("TPP_REFRESH_SCHEDULE", () => {
  it("reads off, and times of day in Oslo sorted and each once", () => {
    expect(parseRefreshSchedule("off")).toEqual({ kind: "off" });
    expect(parseRefreshSchedule(" OFF ")).toEqual({ kind: "off" });
    expect(parseRefreshSchedule("18:00, 06:00,06:00")).toEqual({ kind: "daily", times: ["06:00", "18:00"] });
    expect(describeRefreshSchedule(parseRefreshSchedule("00:00,06:00,12:00,18:00"))).toBe(
      "at 00:00, 06:00, 12:00 and 18:00 (Oslo time, on the bank's clock)",
    );
  });

  it.each([
    ["6:00", "'6:00' is not HH:MM"],
    ["24:00", "'24:00' is not HH:MM"],
    ["06:00,", "'' is not HH:MM"],
    ["hourly", "'hourly' is not HH:MM"],
    ["01:00,02:00,03:00,04:00,05:00", "got 5 times"],
  ])("refuses %j, saying what it takes", (text, why) => {
    expect(() => parseRefreshSchedule(text)).toThrow(why);
    expect(() => parseRefreshSchedule(text)).toThrow('must be "off" or times of day in Oslo as HH:MM');
  });

  const schedule = parseRefreshSchedule("00:00,06:00,12:00,18:00");
  it("the latest time due: today's or, before the first, yesterday's last; in Oslo's winter and summer time", () => {
    // 07:30 in Oslo in winter (UTC+1) is 06:30 UTC: the 06:00 time (05:00 UTC) is due.
    expect(latestDueSlot(schedule, new Date("2026-12-06T06:30:00Z"))).toEqual(new Date("2026-12-06T05:00:00Z"));
    // 00:30 in Oslo on 1 July (UTC+2): midnight Oslo, 22:00 UTC the day before.
    expect(latestDueSlot(schedule, new Date("2026-06-30T22:30:00Z"))).toEqual(new Date("2026-06-30T22:00:00Z"));
    expect(latestDueSlot(parseRefreshSchedule("06:00"), new Date("2026-12-06T04:00:00Z"))).toEqual(new Date("2026-12-05T05:00:00Z"));
    expect(latestDueSlot({ kind: "off" }, new Date())).toBeUndefined();
    expect(nextSlotAfter(schedule, new Date("2026-12-06T05:00:00Z"))).toEqual(new Date("2026-12-06T11:00:00Z"));
  });
});

describe("the 180 days of the last SCA", () => {
  const last = new Date("2026-01-01T10:00:00Z");
  const day = 86_400_000;
  it("valid, then from 14 days before the end ending (with the days left), then ended an hour before", () => {
    expect(scaRenewalAt(undefined, last)).toEqual({ state: "unknown" });
    expect(scaRenewalAt(last, new Date(last.getTime() + 165 * day))).toMatchObject({ state: "valid" });
    expect(scaRenewalAt(last, new Date(last.getTime() + 166 * day))).toMatchObject({ state: "ending", daysLeft: 14 });
    expect(scaRenewalAt(last, new Date(last.getTime() + 170 * day))).toMatchObject({
      state: "ending",
      daysLeft: 10,
      endsAt: new Date(last.getTime() + 180 * day),
    });
    expect(scaRenewalAt(last, new Date(last.getTime() + 180 * day - SCA_RENEWAL_MARGIN_MS))).toMatchObject({ state: "ended" });
    expect(scaRenewalAt(last, new Date(last.getTime() + 181 * day))).toMatchObject({ state: "ended" });
  });
});
