import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSettingsRepository } from "../../repositories/settings-repository";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../testing/test-database";
import { osloDateOf, SandboxClock } from "./sandbox-clock";

describe("osloDateOf", () => {
  it("gives the calendar date in Europe/Oslo", () => {
    expect(osloDateOf(new Date("2026-03-28T23:30:00Z"))).toBe("2026-03-29"); // UTC+1
    expect(osloDateOf(new Date("2026-07-01T21:59:00Z"))).toBe("2026-07-01"); // UTC+2
    expect(osloDateOf(new Date("2026-07-01T22:00:00Z"))).toBe("2026-07-02");
  });
});

describe.each(testDatabaseKinds())("the sandbox clock on %s", (kind) => {
  let database: TestDatabase;
  let real = new Date("2026-01-10T08:00:00Z");
  const realNow = () => real;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it("runs with the real time until it is set, then keeps its offset across a reload", async () => {
    const settings = createSettingsRepository(database.db);
    const clock = await SandboxClock.load(settings, realNow);
    expect(clock.now().toISOString()).toBe("2026-01-10T08:00:00.000Z");

    await clock.advance(60 * 60 * 1000);
    expect(clock.now().toISOString()).toBe("2026-01-10T09:00:00.000Z");
    real = new Date("2026-01-10T08:30:00Z");
    expect(clock.now().toISOString()).toBe("2026-01-10T09:30:00.000Z");

    const reloaded = await SandboxClock.load(settings, realNow);
    expect(reloaded.now().toISOString()).toBe("2026-01-10T09:30:00.000Z");
    expect(reloaded.describe()).toEqual({
      now: "2026-01-10T09:30:00.000Z",
      today: "2026-01-10",
      frozen: false,
      offsetSeconds: 3600,
    });
  });

  it("stands still when frozen and tells listeners of every move", async () => {
    const clock = await SandboxClock.load(createSettingsRepository(database.db), realNow);
    const moves: string[] = [];
    clock.onChange(({ from, to }) => {
      moves.push(`${from.toISOString()} -> ${to.toISOString()}`);
    });
    await clock.set(new Date("2026-02-01T05:00:00Z"), { frozen: true });
    real = new Date("2026-01-10T12:00:00Z");
    expect(clock.now().toISOString()).toBe("2026-02-01T05:00:00.000Z");
    await clock.advance(2 * 60 * 60 * 1000);
    expect(clock.today()).toBe("2026-02-01");
    expect(moves).toEqual(["2026-01-10T09:30:00.000Z -> 2026-02-01T05:00:00.000Z", "2026-02-01T05:00:00.000Z -> 2026-02-01T07:00:00.000Z"]);
    await expect(clock.advance(-1)).rejects.toThrow("the clock only moves forward");
    await clock.reset();
    expect(clock.now().toISOString()).toBe(real.toISOString());
    expect(clock.describe().frozen).toBe(false);
  });
});
