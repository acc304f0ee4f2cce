import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { AspspExchange } from "../aspsp/aspsp-exchange";
import { createBankCallsRepository, MAX_STORED_BODY } from "../inspector/bank-calls-repository";
import { createTppTestDatabase, tppTestDatabaseKinds } from "../testing/test-database";
import { createUsersRepository } from "../users/users-repository";
import type { OpenedTppDatabase } from "./open-tpp-database";

const AT = new Date("2026-03-02T10:00:00Z");

function exchange(overrides: Partial<AspspExchange> = {}): AspspExchange {
  return {
    startedAt: AT,
    userId: "u1",
    flowId: undefined,
    method: "GET",
    url: "http://localhost:4000/v1/accounts?withBalance=true",
    requestId: "0d2c7e35-1f7a-4d5e-9a4b-6c8d0e2f4a61",
    attempt: 1,
    requestHeaders: [
      ["Date", "Mon, 02 Mar 2026 10:00:00 GMT"],
      ["PSU-ID", "6f1b3c0e-8d1a-4a57-9a5e-3b2f0c6d7e81"],
    ],
    signingString: "date: Mon, 02 Mar 2026 10:00:00 GMT",
    signedHeaders: ["date", "digest", "x-request-id"],
    requestBody: "",
    status: 200,
    responseHeaders: [["content-type", "application/json"]],
    responseBody: '{"accounts":[]}',
    durationMs: 12,
    signature: { status: "verified", keyId: "SN=1,CA=CN=Bank CA" },
    error: undefined,
    ...overrides,
  };
}

describe("the TPP database on PGlite", () => {
  it("runs with 16 MB of shared buffers (PostgreSQL's default is 128 MB)", async () => {
    const database = await createTppTestDatabase("pglite");
    try {
      const shown = z
        .object({ rows: z.array(z.object({ shared_buffers: z.string() })) })
        .parse(await database.db.execute(sql`show shared_buffers`));
      expect(shown.rows[0]?.shared_buffers).toBe("16MB");
    } finally {
      await database.close();
    }
  }, 60_000);
});

describe.each(tppTestDatabaseKinds())("the TPP database on %s", (kind) => {
  let database: OpenedTppDatabase;
  beforeAll(async () => {
    database = await createTppTestDatabase(kind);
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  describe("migrations", () => {
    it("applies every migration of the journal to a fresh database, with the tables of each", async () => {
      const journal = z
        .object({ entries: z.array(z.object({ tag: z.string() })) })
        .parse(JSON.parse(await readFile(path.join("lib", "tpp", "db", "migrations", "meta", "_journal.json"), "utf8")));
      const applied = z
        .object({ rows: z.array(z.object({ n: z.number() })) })
        .parse(await database.db.execute(sql`select count(*)::int as n from drizzle.__tpp_migrations`));
      expect(applied.rows[0]?.n).toBe(journal.entries.length);
      const tables = z
        .object({ rows: z.array(z.object({ table_name: z.string() })) })
        .parse(
          await database.db.execute(
            sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
          ),
        );
      expect(tables.rows.map((row) => row.table_name)).toEqual([
        "app_sessions",
        "bank_calls",
        "bank_intents",
        "flow_legs",
        "flows",
        "held_transactions",
        "payment_status_reads",
        "payments",
        "psu_corporate_ids",
        "refresh_states",
        "shared_accounts",
        "sign_in_failures",
        "signing_baskets",
        "unattended_reads",
        "users",
      ]);
    });
  });

  describe("users", () => {
    it("stores a user, the psu-id of a success redirect and corporate ids", async () => {
      const users = createUsersRepository(database.db);
      await users.insert({ id: "u-1", username: "kari", displayName: "Kari Nordmann", passwordHash: "scrypt$x", createdAt: AT });
      expect((await users.findByUsername("kari"))?.psuId).toBeNull();
      // A plain user unless given a role; the database refuses a role that does not exist.
      expect((await users.findById("u-1"))?.role).toBe("user");
      await users.setRole("u-1", "administrator");
      expect((await users.findById("u-1"))?.role).toBe("administrator");
      await users.setRole("u-1", "user");
      await expect(database.db.execute(sql`update users set role = 'owner' where id = 'u-1'`)).rejects.toThrow();
      await users.setPsuId("u-1", "6f1b3c0e-8d1a-4a57-9a5e-3b2f0c6d7e81", AT);
      const found = await users.findById("u-1");
      expect(found?.psuId).toBe("6f1b3c0e-8d1a-4a57-9a5e-3b2f0c6d7e81");
      expect(found?.psuIdReceivedAt?.toISOString()).toBe(AT.toISOString());
      await users.rememberCorporateId("u-1", { psuCorporateId: "c-1" }, AT);
      await users.rememberCorporateId(
        "u-1",
        { psuCorporateId: "c-2", name: "Fjord AS", organisationNumber: "923609016" },
        new Date(AT.getTime() + 1000),
      );
      await users.rememberCorporateId("u-1", { psuCorporateId: "c-1", name: "Nord AS" }, new Date(AT.getTime() + 2000));
      expect((await users.listCorporateIds("u-1")).map((c) => [c.psuCorporateId, c.name])).toEqual([
        ["c-1", "Nord AS"],
        ["c-2", "Fjord AS"],
      ]);
      await expect(users.insert({ id: "u-2", username: "kari", displayName: "x", passwordHash: "x", createdAt: AT })).rejects.toThrow();
      await users.forgetCorporateIds("u-1");
      expect(await users.listCorporateIds("u-1")).toEqual([]);
      await users.forgetPsuId("u-1");
      const forgotten = await users.findById("u-1");
      expect([forgotten?.psuId, forgotten?.psuIdReceivedAt]).toEqual([null, null]);
    });

    it("keeps each user's TPP-Redirect-Preferred choice, true until changed", async () => {
      const users = createUsersRepository(database.db);
      await users.insert({ id: "u-3", username: "ola", displayName: "Ola", passwordHash: "scrypt$x", createdAt: AT });
      await users.insert({ id: "u-4", username: "siri", displayName: "Siri", passwordHash: "scrypt$x", createdAt: AT });
      expect((await users.findById("u-3"))?.redirectPreferred).toBe(true);
      await users.setRedirectPreferred("u-3", false);
      expect((await users.findById("u-3"))?.redirectPreferred).toBe(false);
      expect((await users.findById("u-4"))?.redirectPreferred).toBe(true);
      await users.setRedirectPreferred("u-3", true);
      expect((await users.findById("u-3"))?.redirectPreferred).toBe(true);
    });
  });

  describe("bank calls", () => {
    it("keeps an exchange with Cookie and Authorization redacted, and reads it back", async () => {
      const calls = createBankCallsRepository(database.db);
      const id = await calls.insert(
        exchange({
          requestHeaders: [
            ["Date", "d"],
            ["Cookie", "next-auth.session-token=secret"],
            ["Authorization", "Bearer secret"],
          ],
          responseHeaders: [["set-cookie", "x=secret"]],
        }),
      );
      const stored = await calls.get(id);
      expect(stored?.requestHeaders).toEqual([
        ["Date", "d"],
        ["Cookie", "[redacted]"],
        ["Authorization", "[redacted]"],
      ]);
      expect(stored?.responseHeaders).toEqual([["set-cookie", "[redacted]"]]);
      expect(JSON.stringify(stored)).not.toContain("secret");
      expect(stored?.path).toBe("/v1/accounts");
      expect(stored?.signatureVerdict).toBe("verified");
      expect(stored?.flowId).toBeNull();
      expect((await calls.get(await calls.insert(exchange({ flowId: "4b7e2c1a-9d3f-4e5a-8b6c-7d8e9f0a1b2c" }))))?.flowId).toBe(
        "4b7e2c1a-9d3f-4e5a-8b6c-7d8e9f0a1b2c",
      );
      expect(await calls.get(id, { userId: "someone-else" })).toBeUndefined();
      expect((await calls.get(id, { userId: "u1" }))?.id).toBe(id);
    });

    it("caps a huge response body and says so", async () => {
      const calls = createBankCallsRepository(database.db);
      const id = await calls.insert(exchange({ responseBody: "x".repeat(MAX_STORED_BODY + 10) }));
      const stored = await calls.get(id);
      expect(stored?.responseBody?.length).toBe(MAX_STORED_BODY);
      expect(stored?.responseBodyTruncated).toBe(true);
    });

    it("lists by user, method, path, status range, no reply and text, newest first, in pages", async () => {
      const database2 = await createTppTestDatabase(kind);
      try {
        const calls = createBankCallsRepository(database2.db);
        const ids: number[] = [];
        ids.push(await calls.insert(exchange({ userId: "a", url: "http://b/v1/accounts", status: 200 })));
        ids.push(
          await calls.insert(
            exchange({
              userId: "a",
              url: "http://b/v1/accounts/x1/transactions?bookingStatus=booked",
              status: 401,
              responseBody: '{"tppMessages":[{"code":"SCA_EXPIRED"}]}',
            }),
          ),
        );
        ids.push(
          await calls.insert(
            exchange({ userId: "b", method: "POST", url: "http://b/v1/consents", status: 201, requestBody: '{"100%_sure":true}' }),
          ),
        );
        ids.push(
          await calls.insert(
            exchange({
              userId: "b",
              url: "http://b/v1/accounts",
              status: undefined,
              responseBody: undefined,
              signature: undefined,
              error: "ECONNRESET: socket hang up",
            }),
          ),
        );
        ids.push(
          await calls.insert(
            exchange({
              userId: undefined,
              url: "http://b/v1/accounts/x1/balances",
              status: 429,
              signature: { status: "failed", problems: ["digest does not match (check digest.match)"] },
            }),
          ),
        );

        const idsOf = async (filter: Parameters<typeof calls.list>[0]) => (await calls.list(filter)).items.map((item) => item.id);
        const [a1, a2, b1, b2, none] = ids;
        expect(await idsOf({})).toEqual([none, b2, b1, a2, a1]);
        expect(await idsOf({ userId: "a" })).toEqual([a2, a1]);
        expect(await idsOf({ method: "post" })).toEqual([b1]);
        expect(await idsOf({ path: "/TRANSACTIONS" })).toEqual([a2]);
        expect(await idsOf({ statusFrom: 400, statusTo: 499 })).toEqual([none, a2]);
        expect(await idsOf({ statusFrom: 200, statusTo: 299 })).toEqual([b1, a1]);
        expect(await idsOf({ noReply: true })).toEqual([b2]);
        expect(await idsOf({ text: "sca_expired" })).toEqual([a2]);
        expect(await idsOf({ text: "econnreset" })).toEqual([b2]);
        // % and _ are literal characters in the search text.
        expect(await idsOf({ text: "100%_" })).toEqual([b1]);
        expect(await idsOf({ text: "1%0" })).toEqual([]);

        const first = await calls.list({ limit: 2 });
        expect(first.items.map((item) => item.id)).toEqual([none, b2]);
        const second = await calls.list({ limit: 2, before: first.nextCursor });
        expect(second.items.map((item) => item.id)).toEqual([b1, a2]);
        const third = await calls.list({ limit: 2, before: second.nextCursor });
        expect(third.items.map((item) => item.id)).toEqual([a1]);
        expect(third.nextCursor).toBeUndefined();

        const failed = await calls.get(none ?? 0);
        expect(failed?.signatureVerdict).toBe("failed");
        expect(failed?.signatureProblems).toEqual(["digest does not match (check digest.match)"]);
        expect(failed?.userId).toBeNull();
      } finally {
        await database2.close();
      }
    }, 60_000);
  });
});
