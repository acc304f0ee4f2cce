/**
 * The flows' storage on both databases: a flow named where it starts (never another user's), its
 * legs, its end, the user's flows newest first with keyset paging, and a flow read back with its
 * bank calls and legs in time order, scoped by user.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AspspExchange } from "../aspsp/aspsp-exchange";
import type { OpenedTppDatabase } from "../db/open-tpp-database";
import { createBankCallsRepository } from "../inspector/bank-calls-repository";
import { testExchange } from "../testing/aspsp-exchange";
import { createTppTestDatabase, tppTestDatabaseKinds } from "../testing/test-database";
import { createUsersRepository } from "../users/users-repository";
import { createFlowsRepository, type FlowsRepository } from "./flows-repository";

const T0 = new Date("2026-03-02T10:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

/** A call as the inspector records it (testExchange), starting at T0 for user kari unless `overrides` say otherwise. */
const exchange = (overrides: Partial<AspspExchange>) => testExchange({ startedAt: T0, ...overrides });

describe.each(tppTestDatabaseKinds())("the flows repository on %s", (kind) => {
  let database: OpenedTppDatabase;
  let flows: FlowsRepository;

  beforeAll(async () => {
    database = await createTppTestDatabase(kind);
    flows = createFlowsRepository(database.db);
    const users = createUsersRepository(database.db);
    await users.insert({ id: "kari", username: "kari", displayName: "Kari", passwordHash: "scrypt$x", createdAt: T0 });
    await users.insert({ id: "ola", username: "ola", displayName: "Ola", passwordHash: "scrypt$x", createdAt: T0 });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it("names a flow from its first bank call's time, never writes another user's, and reads it back with its calls and legs in order", async () => {
    const flowId = randomUUID();
    const bankCalls = createBankCallsRepository(database.db);
    const initiation = await bankCalls.insert(
      exchange({ flowId, method: "POST", url: "http://localhost:4000/v1/payments/sepa-credit-transfers", startedAt: at(0), status: 201 }),
    );
    const authorisation = await bankCalls.insert(
      exchange({ flowId, method: "POST", url: "http://localhost:4000/v1/x/authorisations", startedAt: at(300), status: 201 }),
    );
    // Another user's call carrying the same flow id, and the user's call of another flow: neither is this flow's.
    await bankCalls.insert(exchange({ flowId, userId: "ola", startedAt: at(100) }));
    await bankCalls.insert(exchange({ flowId: randomUUID(), startedAt: at(200) }));

    expect(await flows.start({ id: flowId, userId: "kari", kind: "payment", path: "/payments/new", at: at(400) })).toBe(true);
    expect(await flows.start({ id: flowId, userId: "ola", kind: "consent", path: "/accounts", at: at(410) })).toBe(false);
    expect(await flows.addLeg("ola", flowId, { at: at(420), kind: "to-bank", url: "http://bank/sca/x", status: 303 })).toBe(false);
    expect(await flows.end("ola", flowId, { outcome: "failed", at: at(430) })).toBe(false);
    expect(await flows.find("ola", flowId)).toBeUndefined();

    // Named again once the payment is known: the resource and page are kept, the start stays the first call's.
    expect(await flows.start({ id: flowId, userId: "kari", kind: "payment", resourceId: "pay-1", path: "/payments/p1", at: at(500) })).toBe(
      true,
    );
    expect(await flows.addLeg("kari", flowId, { at: at(600), kind: "to-bank", url: "http://bank/sca/x?token=…", status: 303 })).toBe(true);
    expect(await flows.addLeg("kari", flowId, { at: at(600), kind: "sca", detail: "approved", durationMs: 9_000 })).toBe(true);
    expect(
      await flows.addLeg("kari", flowId, {
        at: at(9_600),
        kind: "from-bank",
        url: "/callback?flow=x",
        status: 303,
        detail: "success → /payments/p1",
        durationMs: 40,
      }),
    ).toBe(true);
    const statusRead = await bankCalls.insert(
      exchange({ flowId, url: "http://localhost:4000/v1/x/status", startedAt: at(9_610), status: 404 }),
    );
    expect(await flows.end("kari", flowId, { outcome: "completed", at: at(9_640) })).toBe(true);

    const detail = await flows.get("kari", flowId);
    expect(detail?.flow).toEqual({
      id: flowId,
      userId: "kari",
      kind: "payment",
      resourceId: "pay-1",
      path: "/payments/p1",
      startedAt: at(0),
      endedAt: at(9_640),
      outcome: "completed",
      detail: null,
    });
    expect(detail?.calls.map((call) => [call.id, call.method, call.status])).toEqual([
      [initiation, "POST", 201],
      [authorisation, "POST", 201],
      [statusRead, "GET", 404],
    ]);
    expect(detail?.legs.map((leg) => [leg.kind, leg.status, leg.detail, leg.durationMs])).toEqual([
      ["to-bank", 303, null, null],
      ["sca", null, "approved", 9_000],
      ["from-bank", 303, "success → /payments/p1", 40],
    ]);
    expect(await flows.get("ola", flowId)).toBeUndefined();
    expect(await flows.legs("ola", flowId)).toEqual([]);
    expect((await flows.latestFor("kari", "payment", "pay-1"))?.id).toBe(flowId);
    expect(await flows.latestFor("ola", "payment", "pay-1")).toBeUndefined();
  });

  it("starts a flow again as waiting, and cuts long texts", async () => {
    const flowId = randomUUID();
    await flows.start({ id: flowId, userId: "kari", kind: "consent", path: "/accounts", at: at(0) });
    await flows.end("kari", flowId, { outcome: "failed", at: at(10), detail: "x".repeat(5_000) });
    const failed = await flows.find("kari", flowId);
    expect(failed?.outcome).toBe("failed");
    expect(failed?.detail).toHaveLength(2_000);
    await flows.start({ id: flowId, userId: "kari", kind: "consent", at: at(20) });
    expect(await flows.find("kari", flowId)).toMatchObject({
      outcome: "waiting",
      endedAt: null,
      detail: null,
      path: "/accounts",
      startedAt: at(0),
    });
  });

  it("lists a user's flows newest first with their calls counted, page by page", async () => {
    const users = createUsersRepository(database.db);
    await users.insert({ id: "lister", username: "lister", displayName: "Lister", passwordHash: "scrypt$x", createdAt: T0 });
    const bankCalls = createBankCallsRepository(database.db);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const id = randomUUID();
      ids.push(id);
      // Two flows start at the same instant: the id orders them.
      await flows.start({ id, userId: "lister", kind: i % 2 === 0 ? "payment" : "consent", at: at(i === 4 ? 3_000 : i * 1_000) });
    }
    await bankCalls.insert(exchange({ userId: "lister", flowId: ids[1], startedAt: at(1_001), status: 201 }));
    await bankCalls.insert(exchange({ userId: "lister", flowId: ids[1], startedAt: at(1_002), status: 401 }));
    await bankCalls.insert(exchange({ userId: "lister", flowId: ids[1], startedAt: at(1_003), status: undefined }));
    await flows.start({ id: randomUUID(), userId: "ola", kind: "payment", at: at(10_000) });

    const expected = [...ids.slice(0, 3), ...[ids[3] ?? "", ids[4] ?? ""].sort()].reverse();
    const first = await flows.list("lister", { limit: 2 });
    expect(first.items.map((flow) => flow.id)).toEqual(expected.slice(0, 2));
    const second = await flows.list("lister", { limit: 2, ...(first.nextCursor === undefined ? {} : { before: first.nextCursor }) });
    const third = await flows.list("lister", { limit: 2, ...(second.nextCursor === undefined ? {} : { before: second.nextCursor }) });
    expect([...second.items, ...third.items].map((flow) => flow.id)).toEqual(expected.slice(2));
    expect(third.nextCursor).toBeUndefined();
    const counted = [...first.items, ...second.items, ...third.items].find((flow) => flow.id === ids[1]);
    expect(counted).toMatchObject({ callCount: 3, failedCallCount: 2, kind: "consent" });
    expect((await flows.list("lister")).items.every((flow) => flow.userId === "lister")).toBe(true);
  });
});
