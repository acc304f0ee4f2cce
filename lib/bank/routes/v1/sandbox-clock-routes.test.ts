import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSettingsRepository } from "../../repositories/settings-repository";
import { buildTestBank, TEST_NOW } from "../../testing/build-test-bank";
import { createSignedTestClient, type SignedTestClient } from "../../testing/signed-test-client";
import { testDatabaseKinds } from "../../testing/test-database";
import { expectRejected } from "./sandbox-routes.test-support";

type ClockReply = {
  now: string;
  today: string;
  frozen: boolean;
  offsetSeconds: number;
  batchSchedule: { timeZone: string; times: string[]; lastScheduledRun: string; nextScheduledRun: string };
  batchRuns?: {
    ran: number;
    failed: number;
    skipped: number;
    runs: { runAt: string; trigger: string; status: string; processors: { name: string; status: string }[] }[];
  };
};

// docs/interface/payments.md#batch-processing (batch runs at 06:00, 09:00, 12:00, 15:00, 19:00 Europe/Oslo), docs/interface/sandbox-operations.md#clock-and-batch-runs (sandbox clock, batch runs).
/** The bank's payment processors (services/payments) on a run with nothing due. */
const PAYMENT_PROCESSORS_IDLE = [
  { name: "payments", status: "completed", result: { processed: 0, settled: 0, rejected: 0 } },
  { name: "periodic-payments", status: "completed", result: { processed: 0, executed: 0, rejected: 0 } },
];

describe.each(testDatabaseKinds())("the sandbox clock and batch-run routes on %s", (kind) => {
  let app: FastifyInstance;
  let tpp: SignedTestClient;
  const processed: string[] = [];
  const move = (body: unknown) => tpp.post("/v1/sandbox/clock", body);
  const rejected = (body: unknown, expected: Parameters<typeof expectRejected>[2]) =>
    expectRejected(app.bank.db, () => move(body), expected);

  beforeAll(async () => {
    app = await buildTestBank(kind);
    tpp = createSignedTestClient(app);
    // A recording processor after the bank's own payment processors: it records each run and writes through its executor.
    app.bank.batchRuns.register("test", async (runAt, db) => {
      processed.push(runAt.toISOString());
      await createSettingsRepository(db).set(`test-run:${runAt.toISOString()}`, {}, runAt);
      return { processed: 0 };
    });
  }, 60_000);
  afterAll(() => app.close());

  it("GET reads the clock and the batch schedule", async () => {
    const response = await tpp.get("/v1/sandbox/clock");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      now: TEST_NOW.toISOString(),
      today: "2026-01-10",
      frozen: true,
      offsetSeconds: 0,
      batchSchedule: {
        timeZone: "Europe/Oslo",
        times: ["06:00", "09:00", "12:00", "15:00", "19:00"],
        lastScheduledRun: TEST_NOW.toISOString(),
        nextScheduledRun: "2026-01-10T14:00:00.000Z",
      },
    });
  });

  it("sets the time (frozen) and moving from 05:00 to 13:00 Oslo runs 06:00, 09:00 and 12:00 once each, in order", async () => {
    const back = await move({ now: "2026-01-12T05:00:00+01:00", frozen: true });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<ClockReply>()).toMatchObject({
      now: "2026-01-12T04:00:00.000Z",
      today: "2026-01-12",
      frozen: true,
      batchRuns: { ran: 7 },
    }); // the rest of the 10th and all of the 11th
    processed.length = 0;

    const response = await move({ now: "2026-01-12T13:00:00+01:00" });
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json<ClockReply>();
    expect(reply).toMatchObject({ now: "2026-01-12T12:00:00.000Z", today: "2026-01-12", frozen: true });
    expect(reply.batchRuns).toEqual({
      ran: 3,
      failed: 0,
      skipped: 0,
      runs: ["2026-01-12T05:00:00.000Z", "2026-01-12T08:00:00.000Z", "2026-01-12T11:00:00.000Z"].map((runAt) => ({
        runAt,
        trigger: "schedule",
        status: "completed",
        processors: [...PAYMENT_PROCESSORS_IDLE, { name: "test", status: "completed", result: { processed: 0 } }],
      })),
    });
    expect(processed).toEqual(["2026-01-12T05:00:00.000Z", "2026-01-12T08:00:00.000Z", "2026-01-12T11:00:00.000Z"]);
    expect(reply.batchSchedule).toMatchObject({
      lastScheduledRun: "2026-01-12T11:00:00.000Z",
      nextScheduledRun: "2026-01-12T14:00:00.000Z",
    });

    const again = await move({ now: "2026-01-12T13:00:00+01:00" });
    expect(again.json<ClockReply>().batchRuns?.ran).toBe(0);
  });

  it("advances by an ISO 8601 duration", async () => {
    processed.length = 0;
    const response = await move({ advance: "P1DT2H30M" });
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json<ClockReply>();
    expect(reply).toMatchObject({ now: "2026-01-13T14:30:00.000Z", today: "2026-01-13", frozen: true });
    expect(reply.batchRuns?.runs.map((run) => run.runAt)).toEqual([
      "2026-01-12T14:00:00.000Z",
      "2026-01-12T18:00:00.000Z",
      "2026-01-13T05:00:00.000Z",
      "2026-01-13T08:00:00.000Z",
      "2026-01-13T11:00:00.000Z",
      "2026-01-13T14:00:00.000Z",
    ]);
    expect(processed).toHaveLength(6);
  });

  it("releases and freezes the clock where it is", async () => {
    const running = await move({ frozen: false });
    expect(running.json<ClockReply>()).toMatchObject({
      now: "2026-01-13T14:30:00.000Z",
      frozen: false,
      offsetSeconds: (Date.parse("2026-01-13T14:30:00Z") - TEST_NOW.getTime()) / 1000,
    });
    const frozen = await move({ frozen: true });
    expect(frozen.json<ClockReply>()).toMatchObject({ now: "2026-01-13T14:30:00.000Z", frozen: true });
    const advancedRunning = await move({ advance: "PT90M", frozen: false });
    expect(advancedRunning.json<ClockReply>()).toMatchObject({ now: "2026-01-13T16:00:00.000Z", frozen: false, batchRuns: { ran: 0 } });
  });

  it("resets to the real time, running", async () => {
    const response = await move({ reset: true });
    expect(response.json<ClockReply>()).toMatchObject({ now: TEST_NOW.toISOString(), frozen: false, offsetSeconds: 0 });
    await move({ now: "2026-01-13T16:00:00+01:00", frozen: true });
  });

  it("refuses every malformed move, changing nothing", async () => {
    await rejected(
      {},
      {
        status: 400,
        code: "FORMAT_ERROR",
        text: 'the request body must hold now, advance, frozen or reset, e.g. {"advance":"PT1H"} or {"now":"2026-03-02T05:00:00+01:00","frozen":true}',
      },
    );
    await rejected(undefined, { status: 400, code: "FORMAT_ERROR", text: "the request body is required" });
    await rejected(
      { advance: "P1M" },
      {
        status: 400,
        code: "FORMAT_ERROR",
        path: "advance",
        text: "advance must be an ISO 8601 duration of days, hours, minutes and seconds, e.g. PT1H, PT90M, P1D or P1DT2H (years, months and weeks are not accepted)",
      },
    );
    await rejected(
      { advance: "PT0S" },
      {
        status: 400,
        code: "FORMAT_ERROR",
        path: "advance",
        text: "advance must be longer than zero: the clock moves forward only by advance; set now to go back",
      },
    );
    await rejected({ advance: "P3661D" }, { status: 400, code: "FORMAT_ERROR", path: "advance", text: "advance must be at most P3660D" });
    await rejected(
      { now: "2026-01-12T05:00:00" },
      {
        status: 400,
        code: "FORMAT_ERROR",
        path: "now",
        text: "now must be an ISO 8601 date-time with an offset, e.g. 2025-03-01T12:30:00+01:00",
      },
    );
    await rejected(
      { now: "1999-12-31T23:00:00Z" },
      { status: 400, code: "FORMAT_ERROR", path: "now", text: "now must lie in the years 2000 to 2099" },
    );
    await rejected(
      { now: "2026-01-12T05:00:00Z", advance: "PT1H" },
      {
        status: 400,
        code: "FORMAT_ERROR",
        path: "advance",
        text: "advance cannot be combined with now: give one of now, advance and reset",
      },
    );
    await rejected(
      { reset: true, frozen: true },
      {
        status: 400,
        code: "FORMAT_ERROR",
        path: "frozen",
        text: "frozen cannot be combined with reset: reset returns to the real time, running",
      },
    );
    await rejected({ reset: false }, { status: 400, code: "FORMAT_ERROR", path: "reset", text: "reset must be true" });
    await rejected(
      { frozen: "yes" },
      { status: 400, code: "FORMAT_ERROR", path: "frozen", text: "frozen must be true or false, not a string" },
    );
    await rejected(
      { speed: 2 },
      { status: 400, code: "FORMAT_ERROR", path: "speed", text: "speed is not a known field; unknown fields are rejected" },
    );
    await rejected([{ advance: "PT1H" }], {
      status: 400,
      code: "FORMAT_ERROR",
      text: "the request body must be a JSON object, not an array",
    });
  });

  it("POST /v1/sandbox/batch-runs runs the processing now, at the sandbox time", async () => {
    processed.length = 0;
    const response = await tpp.post("/v1/sandbox/batch-runs");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      now: "2026-01-13T15:00:00.000Z",
      ran: 1,
      failed: 0,
      skipped: 0,
      runs: [
        {
          runAt: "2026-01-13T15:00:00.000Z",
          trigger: "demand",
          status: "completed",
          processors: [...PAYMENT_PROCESSORS_IDLE, { name: "test", status: "completed", result: { processed: 0 } }],
        },
      ],
    });
    expect(processed).toEqual(["2026-01-13T15:00:00.000Z"]);
    await expectRejected(app.bank.db, () => tpp.post("/v1/sandbox/batch-runs", { processors: ["payments"] }), {
      status: 400,
      code: "FORMAT_ERROR",
      path: "processors",
      text: "processors is not a known field; unknown fields are rejected",
    });
  });

  it("reports a failing processor, whose work is rolled back", async () => {
    const remove = app.bank.batchRuns.register("broken", async (runAt, db) => {
      await createSettingsRepository(db).set(`broken-run:${runAt.toISOString()}`, {}, runAt);
      throw new Error("broken on purpose");
    });
    try {
      const response = await tpp.post("/v1/sandbox/batch-runs", {});
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        ran: 1,
        failed: 1,
        runs: [
          {
            status: "failed",
            processors: [
              ...PAYMENT_PROCESSORS_IDLE,
              { name: "test", status: "completed" },
              { name: "broken", status: "failed", error: "broken on purpose" },
            ],
          },
        ],
      });
      const settings = createSettingsRepository(app.bank.db);
      expect(await settings.get("broken-run:2026-01-13T15:00:00.000Z")).toBeUndefined();
      expect(await settings.get("test-run:2026-01-13T15:00:00.000Z")).toEqual({});
    } finally {
      remove();
    }
  });
});
