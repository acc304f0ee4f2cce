/**
 * The inspector's storage on both databases: exchanges recorded at once go to the database
 * together, each read back by its own id; one the database refuses fails alone.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { OpenedTppDatabase } from "../db/open-tpp-database";
import { testExchange } from "../testing/aspsp-exchange";
import { createTppTestDatabase, tppTestDatabaseKinds } from "../testing/test-database";
import { createBankCallsRepository } from "./bank-calls-repository";

describe.each(tppTestDatabaseKinds())("the bank calls repository on %s", (kind) => {
  let database: OpenedTppDatabase;

  beforeAll(async () => {
    database = await createTppTestDatabase(kind);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it("stores 150 exchanges recorded at once, each under its own id with its own content, those recorded while one was written going together", async () => {
    const bankCalls = createBankCallsRepository(database.db);
    const requestIds = Array.from({ length: 150 }, () => randomUUID());
    const ids = await Promise.all(
      requestIds.map((requestId, index) =>
        bankCalls.insert(testExchange({ requestId, url: `http://localhost:4000/v1/accounts/a-${index}`, responseBody: `{"n":${index}}` })),
      ),
    );
    expect(new Set(ids).size).toBe(150);
    for (const [index, id] of ids.entries()) {
      const stored = await bankCalls.get(id);
      expect(stored).toMatchObject({ requestId: requestIds[index], path: `/v1/accounts/a-${index}`, responseBody: `{"n":${index}}` });
    }
    // In the order recorded: the ids rise with the calls.
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    // Rows of one statement share its transaction (xmin): the first call went alone, the 149
    // recorded while it was written went 64 to a statement.
    const statements: unknown = await database.db.execute(
      sql`select count(distinct xmin::text)::int as n from bank_calls where request_id in (${sql.join(
        requestIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    expect(z.object({ rows: z.array(z.object({ n: z.number() })) }).parse(statements).rows).toEqual([{ n: 4 }]);
  });

  it("fails only the exchange the database refuses (a NUL character in a text column) when it went with others", async () => {
    const bankCalls = createBankCallsRepository(database.db);
    const good = Array.from({ length: 5 }, () => randomUUID());
    const results = await Promise.allSettled([
      ...good.slice(0, 2).map((requestId) => bankCalls.insert(testExchange({ requestId }))),
      bankCalls.insert(testExchange({ requestId: randomUUID(), responseBody: "before\u0000after" })),
      ...good.slice(2).map((requestId) => bankCalls.insert(testExchange({ requestId }))),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled", "fulfilled", "fulfilled"]);
    const stored = await Promise.all(
      results
        .filter((result) => result.status === "fulfilled")
        .map((result) => bankCalls.get((result as PromiseFulfilledResult<number>).value)),
    );
    expect(stored.map((call) => call?.requestId)).toEqual(good);
  });
});
