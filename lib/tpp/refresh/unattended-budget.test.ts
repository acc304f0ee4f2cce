/**
 * The app's count of its calls without the PSU, on PGlite and PostgreSQL, held to the bank's way
 * of counting (lib/bank's unattended-access-repository): the 4 latest calls of an account and kind,
 * a call taken only while fewer than 4 are within 24 hours before it, on any clock (a sandbox clock
 * moved back included), and never a 5th when many are taken at once.
 * @see docs/interface/limits.md#limits-in-the-spec; docs/interface/limits.md#what-the-sandbox-enforces
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTppTestDatabase, tppTestDatabaseKinds, type TppTestDatabase } from "../testing/test-database";
import { budgetStatusOf, createUnattendedBudget, type UnattendedBudget } from "./unattended-budget";

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.UTC(2026, 11, 6, 6) + hours * HOUR);

describe.each(tppTestDatabaseKinds())("the budget of calls without the PSU on %s", (kind) => {
  let database: TppTestDatabase;
  let budget: UnattendedBudget;
  beforeAll(async () => {
    database = await createTppTestDatabase(kind);
    budget = createUnattendedBudget(database.db);
  });
  afterAll(() => database?.close());

  const key = (resourceId: string, readKind: "balances" | "transactions" = "balances") => ({
    kind: "account" as const,
    resourceId,
    readKind,
  });

  it("takes 4 calls in 24 hours, refuses the 5th, and frees one 24 hours after the oldest, as the bank counts", async () => {
    const k = key("a-1");
    for (const hours of [0, 6, 12, 18]) expect(await budget.take(k, at(hours)), `call at +${hours} h`).toBe(true);
    expect(await budget.take(k, at(23.99))).toBe(false);
    expect((await budget.statusOf([k], at(23.99))).get("account:a-1:balances")).toEqual({ used: 4, left: 0, nextFreeAt: at(24) });
    // Exactly 24 hours after the first it no longer counts (the bank counts calls later than now - 24 h).
    expect(await budget.take(k, at(24))).toBe(true);
    expect(await budget.take(k, at(24.5))).toBe(false);
  });

  it("counts per account and kind: balances and transactions, and another account, apart", async () => {
    for (let call = 0; call < 4; call += 1) expect(await budget.take(key("a-2"), at(call))).toBe(true);
    expect(await budget.take(key("a-2", "transactions"), at(4))).toBe(true);
    expect(await budget.take(key("a-3"), at(4))).toBe(true);
    expect(await budget.take({ kind: "card-account", resourceId: "a-2", readKind: "balances" }, at(4))).toBe(true);
    expect(await budget.take(key("a-2"), at(4))).toBe(false);
  });

  it("gives back a call the bank refused before counting it, and fills up after a 429", async () => {
    const k = key("a-4");
    for (let call = 0; call < 3; call += 1) await budget.take(k, at(call));
    expect(await budget.take(k, at(3))).toBe(true);
    await budget.release(k, at(3));
    expect((await budget.statusOf([k], at(3))).get("account:a-4:balances")?.left).toBe(1);
    await budget.exhaust(k, at(5));
    expect(await budget.take(k, at(28))).toBe(false);
    expect(await budget.take(k, at(29))).toBe(true);
  });

  it("a clock moved back: calls 'in the future' still count, as the bank's do", async () => {
    const k = key("a-5");
    for (let call = 0; call < 4; call += 1) await budget.take(k, at(48 + call));
    expect(await budget.take(k, at(0))).toBe(false);
  });

  it("50 calls taken at once: exactly 4 get through", async () => {
    const k = key("a-race");
    const taken = await Promise.all(Array.from({ length: 50 }, () => budget.take(k, at(1))));
    expect(taken.filter(Boolean)).toHaveLength(4);
  });
});

describe("budgetStatusOf", () => {
  it("says what is left and when the next call frees", () => {
    expect(budgetStatusOf([], at(0))).toEqual({ used: 0, left: 4, nextFreeAt: undefined });
    expect(budgetStatusOf([at(-30).toISOString(), at(-2).toISOString()], at(0))).toEqual({ used: 1, left: 3, nextFreeAt: undefined });
    expect(budgetStatusOf([at(-20), at(-10), at(-5), at(-1)], at(0))).toEqual({ used: 4, left: 0, nextFreeAt: at(4) });
  });
});
