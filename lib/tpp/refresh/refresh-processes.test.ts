/**
 * Several app processes on one PostgreSQL: each user's refresh runs in exactly one of them (the
 * lease), so that two processes refreshing at once read each account once; and a refresh killed
 * midway (its lease left held, some reads kept) is completed by the next run once the lease has
 * run out, without reading again what it had read. Two pools and two signed clients stand for the
 * two processes, against a real sandbox bank.
 * @see docs/interface/limits.md#limits-in-the-spec; docs/interface/limits.md#what-the-sandbox-enforces
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AspspExchange } from "../aspsp/aspsp-exchange";
import { openTppDatabase, type OpenedTppDatabase } from "../db/open-tpp-database";
import { connectTestPsu, type ConnectedPsu, TEST_TPP_ID } from "../testing/connect-test-psu";
import { createTestAspspClient, type TestAspspClient } from "../testing/create-test-aspsp-client";
import { readSandboxClock } from "../testing/sandbox-operations";
import { type SandboxBank, startSandboxBank } from "../testing/start-sandbox-bank";
import { createTppTestDatabase, type TppTestDatabase } from "../testing/test-database";
import { createUsersRepository } from "../users/users-repository";
import { createRefreshStatesRepository, REFRESH_LEASE_MS } from "./refresh-states-repository";
import { latestDueSlot, parseRefreshSchedule } from "./refresh-schedule";
import { startRefreshScheduler } from "./refresh-scheduler";
import { refreshAllUsers, type RefreshDeps } from "./run-refresh";
import { createSharedAccountsRepository } from "./shared-accounts-repository";

/** The account reads without the PSU among exchanges, as "<resource>/<kind>". */
function unattendedReads(exchanges: readonly AspspExchange[]): string[] {
  return exchanges
    .filter((e) => e.unattended === true)
    .map((e) => new URL(e.url).pathname.replace(/^\/v1\/(card-)?accounts\//, ""))
    .sort();
}

describe.runIf(process.env.TEST_DATABASE_URL !== undefined)("two app processes on one PostgreSQL", () => {
  let bank: SandboxBank;
  let database: TppTestDatabase;
  let second: OpenedTppDatabase;
  let processA: TestAspspClient;
  let processB: TestAspspClient;
  let psus: ConnectedPsu[];
  const bankNow = async () => new Date((await readSandboxClock(processA.client)).now);
  const depsOf = (db: OpenedTppDatabase, tpp: TestAspspClient, holder: string, now?: () => Date): RefreshDeps => ({
    db: db.db,
    client: tpp.client,
    tppId: TEST_TPP_ID,
    bankNow,
    holder,
    ...(now === undefined ? {} : { now }),
  });

  beforeAll(async () => {
    [bank, database] = await Promise.all([startSandboxBank(), createTppTestDatabase("postgres")]);
    second = await openTppDatabase({ url: database.url ?? "" });
    [processA, processB] = await Promise.all([createTestAspspClient(bank.url), createTestAspspClient(bank.url)]);
    psus = [];
    for (const [customerNumber, username] of [
      ["13039319955", "ingrid"],
      ["12085592767", "per-olav"],
    ] as const) {
      psus.push(await connectTestPsu(bank.url, processA.client, database.db, { customerNumber, username }));
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all([processA?.client.close(), processB?.client.close()]);
    await second?.close();
    await Promise.all([bank?.close(), database?.close()]);
  });

  it("refreshing the same scheduled time at once, they read each account's balances and transactions once", async () => {
    const slot = await bankNow();
    const [a, b] = await Promise.all([
      refreshAllUsers(depsOf(database, processA, "process-a"), { trigger: "schedule", slot }),
      refreshAllUsers(depsOf(second, processB, "process-b"), { trigger: "schedule", slot }),
    ]);
    const expected = psus.flatMap((p) => [...p.accountIds, ...p.cardIds].flatMap((id) => [`${id}/balances`, `${id}/transactions`])).sort();
    // A long history comes in more than one page (each a call): a read is named once per process here.
    const readByA = new Set(unattendedReads(processA.exchanges));
    const readByB = new Set(unattendedReads(processB.exchanges));
    expect([...readByA].filter((read) => readByB.has(read))).toEqual([]);
    expect([...readByA, ...readByB].sort()).toEqual(expected);
    // Each user was refreshed by one process; the other was told so.
    for (const psu of psus) {
      const reports = [...a, ...b].filter((r) => r.userId === psu.user.id);
      expect(reports.filter((r) => r.skipped === undefined)).toHaveLength(1);
      expect(reports.filter((r) => r.skipped !== undefined)).toHaveLength(1);
    }
    // Run again for the same time: done, nothing sent.
    const beforeA = processA.exchanges.length;
    const beforeB = processB.exchanges.length;
    const again = await Promise.all([
      refreshAllUsers(depsOf(database, processA, "process-a"), { trigger: "schedule", slot }),
      refreshAllUsers(depsOf(second, processB, "process-b"), { trigger: "schedule", slot }),
    ]);
    expect(
      [...unattendedReads(processA.exchanges.slice(beforeA)), ...unattendedReads(processB.exchanges.slice(beforeB))],
      JSON.stringify(again),
    ).toEqual([]);
  });

  it("a refresh killed midway is completed by the next run after its lease runs out, reading only what it had not", async () => {
    const [psu] = psus;
    if (psu === undefined) throw new Error("no PSU connected");
    const slot = new Date((await bankNow()).getTime() + 1);
    const states = createRefreshStatesRepository(database.db);
    // The killed process: took the lease for the next time and kept the balances of the first account.
    expect(await states.takeLease(psu.user.id, "killed-process", new Date(), slot)).toBe(true);
    const first = psu.accountIds[0] ?? "";
    await createSharedAccountsRepository(database.db).recordBalances(
      { userId: psu.user.id, kind: "account", resourceId: first },
      [],
      new Date(slot.getTime() + 1),
      false,
    );
    const user = await createUsersRepository(database.db).findById(psu.user.id);
    if (user === undefined) throw new Error("the user is gone");
    // While its lease holds, the other process leaves the user alone.
    const start = processB.exchanges.length;
    const [held] = await refreshAllUsers(depsOf(second, processB, "process-b"), { trigger: "schedule", slot, userIds: [user.id] });
    expect(held?.skipped).toMatch(/another app process is refreshing/);
    expect(unattendedReads(processB.exchanges.slice(start))).toEqual([]);
    // Once it has run out, the next run completes the refresh: everything but the balances kept.
    const later = () => new Date(Date.now() + REFRESH_LEASE_MS + 1_000);
    const [completed] = await refreshAllUsers(depsOf(second, processB, "process-b", later), {
      trigger: "schedule",
      slot,
      userIds: [user.id],
    });
    expect(completed?.skipped).toBeUndefined();
    const expected = [...psu.accountIds, ...psu.cardIds]
      .flatMap((id) => [`${id}/balances`, `${id}/transactions`])
      .filter((read) => read !== `${first}/balances`)
      .sort();
    expect([...new Set(unattendedReads(processB.exchanges.slice(start)))].sort()).toEqual(expected);
    expect((await states.find(user.id))?.slotDone?.getTime()).toBe(slot.getTime());
  });

  it("the schedule in each process: the time due is refreshed once, the second process finds it done", async () => {
    const schedule = parseRefreshSchedule("00:00,06:00,12:00,18:00");
    const logged: string[] = [];
    const schedulerA = startRefreshScheduler({
      schedule,
      deps: async () => depsOf(database, processA, "process-a"),
      log: (line) => logged.push(line),
    });
    const first = await schedulerA.tick();
    await schedulerA.stop();
    const due = latestDueSlot(schedule, await bankNow());
    expect(first.map((r) => r.userId).sort()).toEqual(psus.map((p) => p.user.id).sort());
    expect(logged.filter((line) => line.startsWith(`tpp: refresh for ${due?.toISOString()}: `))).toHaveLength(psus.length);
    const before = processB.exchanges.length;
    const schedulerB = startRefreshScheduler({ schedule, deps: async () => depsOf(second, processB, "process-b"), log: () => undefined });
    const again = await schedulerB.tick();
    await schedulerB.stop();
    expect(again.every((r) => r.skipped !== undefined)).toBe(true);
    expect(unattendedReads(processB.exchanges.slice(before))).toEqual([]);
    // Off: nothing runs, nothing is read.
    const off = startRefreshScheduler({ schedule: { kind: "off" }, deps: () => Promise.reject(new Error("not to be called")) });
    expect(await off.tick()).toEqual([]);
  });
});
