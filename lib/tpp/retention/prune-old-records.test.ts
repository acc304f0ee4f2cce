/**
 * The retention of the request inspector's calls and the flows, on both databases: what started
 * before the period goes (every user's alike, a flow with its legs), what started since stays, a
 * batch deletes no more than its limit, two batches at once share the work, and the payments and
 * their status history are never touched. Then the pruner that runs the batches in the app.
 */
import { randomUUID } from "node:crypto";
import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OpenedTppDatabase, TppDatabase } from "../db/open-tpp-database";
import { bankCalls, flowLegs, flows, heldTransactions, payments, paymentStatusReads } from "../db/schema";
import { createFlowsRepository, type FlowsRepository } from "../flow-diagrams/flows-repository";
import { type BankCallsRepository, createBankCallsRepository } from "../inspector/bank-calls-repository";
import { createPaymentsRepository } from "../payments/payments-repository";
import { testExchange } from "../testing/aspsp-exchange";
import { createTppTestDatabase, tppTestDatabaseKinds } from "../testing/test-database";
import { createUsersRepository } from "../users/users-repository";
import { createSharedAccountsRepository } from "../refresh/shared-accounts-repository";
import { pruneHeldTransactionsBatch, pruneRecordsBatch, retentionCutoff } from "./prune-old-records";
import { startRecordPruner } from "./record-pruner";
import { describeRetentionPeriod, isPastRecordRetention } from "./record-retention";

const NOW = new Date("2026-04-15T12:00:00.000Z");
const DAY = 86_400_000;
/** NOW less 30 days: what started before this goes. */
const CUTOFF = new Date("2026-03-16T12:00:00.000Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

describe("retentionCutoff", () => {
  it("is the period's days of 24 hours before now", () => {
    expect(retentionCutoff(NOW, 30)).toEqual(CUTOFF);
    expect(retentionCutoff(NOW, 1)).toEqual(new Date("2026-04-14T12:00:00.000Z"));
    // Over the change to summer time in Oslo (2026-03-29) too: instants, not wall-clock days.
    expect(retentionCutoff(new Date("2026-03-30T12:00:00.000Z"), 2)).toEqual(new Date("2026-03-28T12:00:00.000Z"));
  });
});

describe("what the pages say of the period", () => {
  it("names it in days, and tells whether something started before it", () => {
    expect(describeRetentionPeriod(30)).toBe("30 days");
    expect(describeRetentionPeriod(1)).toBe("1 day");
    expect(isPastRecordRetention(new Date(CUTOFF.getTime() - 1), 30, NOW)).toBe(true);
    expect(isPastRecordRetention(CUTOFF, 30, NOW)).toBe(false);
    expect(isPastRecordRetention(daysAgo(2), 1, NOW)).toBe(true);
    expect(isPastRecordRetention(daysAgo(2), 3, NOW)).toBe(false);
  });
});

describe.each(tppTestDatabaseKinds())("the retention of the request inspector's calls and the flows on %s", (kind) => {
  let database: OpenedTppDatabase;
  let db: TppDatabase;
  let calls: BankCallsRepository;
  let flowsRepository: FlowsRepository;

  beforeAll(async () => {
    database = await createTppTestDatabase(kind);
    db = database.db;
    calls = createBankCallsRepository(db);
    flowsRepository = createFlowsRepository(db);
    const users = createUsersRepository(db);
    await users.insert({ id: "kari", username: "kari", displayName: "Kari", passwordHash: "scrypt$x", createdAt: daysAgo(400) });
    await users.insert({ id: "ola", username: "ola", displayName: "Ola", passwordHash: "scrypt$x", createdAt: daysAgo(400) });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await db.delete(bankCalls);
    await db.delete(flows);
  });

  const callAt = (startedAt: Date, userId: string | undefined = "kari", flowId?: string) =>
    calls.insert(testExchange({ startedAt, userId, flowId, responseBody: JSON.stringify({ accounts: [], padding: "x".repeat(2_000) }) }));

  async function flowAt(startedAt: Date, userId = "kari", outcome: "waiting" | "completed" = "completed"): Promise<string> {
    const id = randomUUID();
    expect(await flowsRepository.start({ id, userId, kind: "consent", path: "/accounts", at: startedAt })).toBe(true);
    expect(
      await flowsRepository.addLeg(userId, id, { at: startedAt, kind: "to-bank", url: "http://bank/sca/x?token=…", status: 303 }),
    ).toBe(true);
    expect(await flowsRepository.addLeg(userId, id, { at: startedAt, kind: "sca", detail: "approved", durationMs: 9_000 })).toBe(true);
    if (outcome !== "waiting")
      expect(await flowsRepository.end(userId, id, { outcome, at: new Date(startedAt.getTime() + 10_000) })).toBe(true);
    return id;
  }

  const callIds = async () => (await db.select({ id: bankCalls.id }).from(bankCalls).orderBy(asc(bankCalls.id))).map((row) => row.id);
  const flowIds = async () => (await db.select({ id: flows.id }).from(flows)).map((row) => row.id).sort();
  const legCount = async () => (await db.select({ n: count() }).from(flowLegs))[0]?.n;

  it("deletes every user's calls and flows that started before the period, with the flows' legs, and keeps what started since", async () => {
    const oldKari = await callAt(daysAgo(31));
    const oldOla = await callAt(daysAgo(45), "ola");
    const oldNobody = await callAt(daysAgo(300), undefined);
    const justBefore = await callAt(new Date(CUTOFF.getTime() - 1));
    const atCutoff = await callAt(CUTOFF);
    const recent = await callAt(daysAgo(1), "ola");
    const oldFlow = await flowAt(daysAgo(31));
    const oldWaiting = await flowAt(daysAgo(60), "ola", "waiting");
    const keptFlow = await flowAt(daysAgo(29));
    const keptWaiting = await flowAt(new Date(CUTOFF.getTime() + 1), "ola", "waiting");
    expect(await legCount()).toBe(8);

    expect(await pruneRecordsBatch(db, CUTOFF)).toEqual({ bankCalls: 4, flows: 2 });

    expect(await callIds()).toEqual([atCutoff, recent]);
    expect(await flowIds()).toEqual([keptFlow, keptWaiting].sort());
    expect(await legCount()).toBe(4);
    for (const id of [oldKari, oldOla, oldNobody, justBefore]) expect(await calls.get(id)).toBeUndefined();
    expect(await flowsRepository.get("kari", oldFlow)).toBeUndefined();
    expect(await flowsRepository.get("ola", oldWaiting)).toBeUndefined();
    expect((await flowsRepository.get("kari", keptFlow))?.legs).toHaveLength(2);
    // Nothing older is left: the next batch deletes nothing.
    expect(await pruneRecordsBatch(db, CUTOFF)).toEqual({ bankCalls: 0, flows: 0 });
  });

  it("deletes no more than the batch's limit of each table, the oldest first", async () => {
    const old = [];
    for (let day = 40; day > 33; day -= 1) old.push(await callAt(daysAgo(day), day % 2 === 0 ? "kari" : "ola"));
    const oldFlows = [];
    for (let day = 40; day > 35; day -= 1) oldFlows.push(await flowAt(daysAgo(day), day % 2 === 0 ? "kari" : "ola"));
    const recent = await callAt(daysAgo(2));
    const recentFlow = await flowAt(daysAgo(2));

    expect(await pruneRecordsBatch(db, CUTOFF, 3)).toEqual({ bankCalls: 3, flows: 3 });
    expect(await callIds()).toEqual([...old.slice(3), recent]);
    expect(await flowIds()).toEqual([...oldFlows.slice(3), recentFlow].sort());
    expect(await pruneRecordsBatch(db, CUTOFF, 3)).toEqual({ bankCalls: 3, flows: 2 });
    expect(await pruneRecordsBatch(db, CUTOFF, 3)).toEqual({ bankCalls: 1, flows: 0 });
    expect(await callIds()).toEqual([recent]);
    expect(await flowIds()).toEqual([recentFlow]);
    await expect(pruneRecordsBatch(db, CUTOFF, 0)).rejects.toThrow(/a batch deletes at least one row \(got 0\)/);
  });

  it("shares the work between batches run at once (as by two app processes): each row deleted once, none left", async () => {
    for (let day = 50; day > 40; day -= 1) await callAt(daysAgo(day));
    for (let day = 50; day > 44; day -= 1) await flowAt(daysAgo(day), "ola");
    const recent = await callAt(daysAgo(3));
    const results = await Promise.all([
      pruneRecordsBatch(db, CUTOFF, 4),
      pruneRecordsBatch(db, CUTOFF, 4),
      pruneRecordsBatch(db, CUTOFF, 4),
    ]);
    expect(results.reduce((sum, r) => sum + r.bankCalls, 0)).toBe(10);
    expect(results.reduce((sum, r) => sum + r.flows, 0)).toBe(6);
    for (const result of results) {
      expect(result.bankCalls).toBeLessThanOrEqual(4);
      expect(result.flows).toBeLessThanOrEqual(4);
    }
    expect(await callIds()).toEqual([recent]);
    expect(await flowIds()).toEqual([]);
  });

  it("keeps the payments and their status history, however old (they are not the inspector's record)", async () => {
    const repository = createPaymentsRepository(db);
    const payment = await repository.insert({
      userId: "kari",
      paymentId: `pay-${randomUUID()}`,
      service: "payments",
      product: "norwegian-domestic-credit-transfers",
      psuContext: "PRIVATE",
      payerKind: "psu-id",
      requestBody: JSON.stringify({
        instructedAmount: { currency: "NOK", amount: "125.50" },
        debtorAccount: { bban: "38001574202", currency: "NOK" },
        creditorName: "Fjord Kraft AS",
        creditorAccount: { bban: "38009589705" },
      }),
      amount: { amount: "125.50", currency: "NOK" },
      debtorAccount: "38001574202",
      creditorName: "Fjord Kraft AS",
      creditorAccount: "38009589705",
      status: "RCVD",
      createdAt: daysAgo(90),
    });
    await repository.recordStatusRead("kari", payment.id, { status: "ACSC", readAt: daysAgo(89), source: "status" });
    const flowId = await flowAt(daysAgo(90));
    await db.update(flows).set({ kind: "payment", resourceId: payment.paymentId }).where(eq(flows.id, flowId));
    await callAt(daysAgo(90), "kari", flowId);

    expect(await pruneRecordsBatch(db, CUTOFF)).toEqual({ bankCalls: 1, flows: 1 });
    expect(await flowsRepository.latestFor("kari", "payment", payment.paymentId)).toBeUndefined();
    expect((await db.select({ id: payments.id }).from(payments).where(eq(payments.id, payment.id))).length).toBe(1);
    expect(
      (
        await db.select({ status: paymentStatusReads.status }).from(paymentStatusReads).where(eq(paymentStatusReads.paymentId, payment.id))
      ).map((row) => row.status),
    ).toEqual(["RCVD", "ACSC"]);
  });

  it("runs rounds in the app: one at its start, in batches until nothing older is left, and at most so many batches a round", async () => {
    for (let day = 40; day > 35; day -= 1) await callAt(daysAgo(day));
    await flowAt(daysAgo(40));
    const recent = await callAt(daysAgo(5));
    const lines: string[] = [];
    const pruner = startRecordPruner({
      db,
      retentionDays: 30,
      now: () => NOW,
      batchSize: 2,
      intervalMs: 3_600_000,
      log: (line) => lines.push(line),
    });
    try {
      // The round started at once: runNow waits for it rather than starting another.
      expect(await pruner.runNow()).toEqual({ bankCalls: 5, flows: 1 });
      expect(await callIds()).toEqual([recent]);
      expect(lines).toEqual([
        "tpp: deleted 5 bank calls and 1 flow that started before 2026-03-16T12:00:00.000Z (kept 30 days, TPP_RECORD_RETENTION_DAYS)",
      ]);
      expect(await pruner.runNow()).toEqual({ bankCalls: 0, flows: 0 });
      expect(lines).toHaveLength(1);
    } finally {
      await pruner.stop();
    }

    for (let day = 40; day > 33; day -= 1) await callAt(daysAgo(day));
    const bounded = startRecordPruner({ db, retentionDays: 30, now: () => NOW, batchSize: 2, maxBatchesPerRound: 2, log: () => undefined });
    try {
      expect(await bounded.runNow()).toEqual({ bankCalls: 4, flows: 0 });
      expect(await callIds()).toHaveLength(4);
      expect(await bounded.runNow()).toEqual({ bankCalls: 3, flows: 0 });
      expect(await callIds()).toEqual([recent]);
    } finally {
      await bounded.stop();
    }
  });

  it("follows the period it is given: with 1 day, yesterday's calls go", async () => {
    const twoDaysOld = await callAt(daysAgo(2));
    const hourOld = await callAt(new Date(NOW.getTime() - 3_600_000));
    const pruner = startRecordPruner({ db, retentionDays: 1, now: () => NOW, log: () => undefined });
    try {
      expect(await pruner.runNow()).toEqual({ bankCalls: 1, flows: 0 });
      expect(await callIds()).toEqual([hourOld]);
      expect(await calls.get(twoDaysOld)).toBeUndefined();
    } finally {
      await pruner.stop();
    }
  });
});

describe.each(tppTestDatabaseKinds().filter((kind) => kind === "postgres"))("the retention beside another process on %s", (kind) => {
  let database: OpenedTppDatabase;

  beforeAll(async () => {
    database = await createTppTestDatabase(kind);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it("skips a row another transaction holds instead of waiting for it, and deletes it in a later batch", async () => {
    const db = database.db;
    const calls = createBankCallsRepository(db);
    const held = await calls.insert(testExchange({ startedAt: daysAgo(50), userId: undefined }));
    const others = [
      await calls.insert(testExchange({ startedAt: daysAgo(40) })),
      await calls.insert(testExchange({ startedAt: daysAgo(35) })),
    ];
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = db.transaction(async (tx) => {
      await tx.select({ id: bankCalls.id }).from(bankCalls).where(eq(bankCalls.id, held)).for("update");
      locked();
      await released;
    });
    try {
      await lockTaken;
      const waited = new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), 5_000).unref());
      expect(await Promise.race([pruneRecordsBatch(db, CUTOFF), waited])).toEqual({ bankCalls: 2, flows: 0 });
      const left = (await db.select({ id: bankCalls.id }).from(bankCalls)).map((row) => row.id);
      expect(left).toEqual([held]);
      expect(left).not.toContain(others[0]);
    } finally {
      release();
      await holder;
    }
    expect(await pruneRecordsBatch(db, CUTOFF)).toEqual({ bankCalls: 1, flows: 0 });
  });
});

describe("the record pruner when the database fails", () => {
  it("says so in one line and tries again at the next round, never throwing into the app", async () => {
    let attempts = 0;
    const failing = {
      transaction: () => {
        attempts += 1;
        return Promise.reject(new Error("connection terminated unexpectedly"));
      },
    } as unknown as TppDatabase;
    const lines: string[] = [];
    const pruner = startRecordPruner({ db: failing, retentionDays: 30, now: () => NOW, intervalMs: 20, log: (line) => lines.push(line) });
    try {
      await expect.poll(() => attempts, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
      expect(lines[0]).toBe(
        "tpp: could not delete the request inspector's calls and flows older than 30 days (the next round tries again): connection terminated unexpectedly",
      );
    } finally {
      await pruner.stop();
    }
    const after = attempts;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(attempts).toBe(after);
  });
});

describe.each(tppTestDatabaseKinds())("the retention of the transactions read without the PSU on %s", (kind) => {
  let database: OpenedTppDatabase;
  beforeAll(async () => {
    database = await createTppTestDatabase(kind);
    await createUsersRepository(database.db).insert({
      id: "kari",
      username: "kari",
      displayName: "Kari",
      passwordHash: "x",
      createdAt: daysAgo(400),
    });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it("deletes those first seen before the period, oldest first and no more than a batch, and keeps the rest", async () => {
    const shared = createSharedAccountsRepository(database.db);
    const ref = { userId: "kari", kind: "account" as const, resourceId: "acc-1" };
    await shared.recordListing(
      "kari",
      null,
      {
        account: [
          {
            resourceId: "acc-1",
            name: "Brukskonto",
            product: undefined,
            currency: "NOK",
            iban: undefined,
            bban: undefined,
            maskedPan: undefined,
          },
        ],
      },
      daysAgo(100),
    );
    const hold = (key: string) => ({ key, bookingDate: "2026-01-02", data: { amount: { amount: "-1.00", currency: "NOK" } } });
    await shared.recordTransactions(ref, {
      booked: [hold("a"), hold("b"), hold("c")],
      pending: [],
      readAt: daysAgo(40),
      seenAt: daysAgo(40),
      syncedThrough: undefined,
    });
    await shared.recordTransactions(ref, {
      booked: [hold("d")],
      pending: [],
      readAt: daysAgo(2),
      seenAt: daysAgo(2),
      syncedThrough: undefined,
    });
    expect(await pruneHeldTransactionsBatch(database.db, CUTOFF, 2)).toBe(2);
    expect(await pruneHeldTransactionsBatch(database.db, CUTOFF, 2)).toBe(1);
    expect(await pruneHeldTransactionsBatch(database.db, CUTOFF, 2)).toBe(0);
    const left = await database.db.select({ key: heldTransactions.key }).from(heldTransactions);
    expect(left.map((row) => row.key)).toEqual(["d"]);
  });
});
