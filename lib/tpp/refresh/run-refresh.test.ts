/**
 * The refresh without the PSU against a real sandbox bank, on PGlite and PostgreSQL: what it
 * reads and sends (no PSU-IP-Address, no PSU-* header), the app's own count of the bank's 4 calls
 * per account and kind a day (the 5th is never sent, and the bank agrees), a 429 that comes anyway,
 * an account unticked at the bank, the 180 days, and a refresh killed midway.
 * @see docs/interface/authentication.md#psu-present-or-absent, docs/interface/limits.md#limits-in-the-spec; docs/interface/sca-and-consent.md#sca-sessions-consent-and-context, docs/interface/limits.md#what-the-sandbox-enforces
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { balancesResponseSchema } from "../../psd2/schemas";
import type { AspspContext } from "../aspsp/aspsp-context";
import type { AspspExchange } from "../aspsp/aspsp-exchange";
import type { OpenedTppDatabase } from "../db/open-tpp-database";
import { startConsent } from "../psu/start-consent";
import { createBankBrowser } from "../testing/bank-sca-driver";
import { connectTestPsu, TEST_TPP_ID } from "../testing/connect-test-psu";
import { createTestAspspClient, type TestAspspClient } from "../testing/create-test-aspsp-client";
import { readSandboxClock } from "../testing/sandbox-operations";
import { type SandboxBank, startSandboxBank } from "../testing/start-sandbox-bank";
import { createTppTestDatabase, tppTestDatabaseKinds } from "../testing/test-database";
import { createUsersRepository, type UserRecord } from "../users/users-repository";
import { refreshUser, type RefreshDeps, type UserRefreshReport } from "./run-refresh";
import { createSharedAccountsRepository } from "./shared-accounts-repository";

const INGRID = "13039319955";
const TPP_ID = TEST_TPP_ID;

const isUnattendedRead = (exchange: AspspExchange, resourceId: string, kind: "balances" | "transactions") =>
  exchange.unattended === true && new URL(exchange.url).pathname.endsWith(`/${resourceId}/${kind}`);

function headersOf(exchange: AspspExchange): Map<string, string> {
  return new Map(exchange.requestHeaders.map(([name, value]) => [name.toLowerCase(), value]));
}

describe.each(tppTestDatabaseKinds())("the refresh without the PSU on %s", (kind) => {
  let bank: SandboxBank;
  let tpp: TestAspspClient;
  let database: OpenedTppDatabase;
  let user: UserRecord;
  let tppSessionId: string;
  let accountIds: string[];
  const bankNow = async () => new Date((await readSandboxClock(tpp.client)).now);
  const deps = (holder = "test-process"): RefreshDeps => ({ db: database.db, client: tpp.client, tppId: TPP_ID, bankNow, holder });
  const presentCtx = (): AspspContext => ({
    client: tpp.client,
    tppId: TPP_ID,
    caller: { userId: user.id, tppSessionId, flowId: randomUUID(), psuId: user.psuId ?? undefined, psu: { ipAddress: "192.0.2.10" } },
  });
  const reload = async () => {
    const found = await createUsersRepository(database.db).findById(user.id);
    if (found === undefined) throw new Error("the test user is gone");
    user = found;
  };
  const outcomeOf = (report: UserRefreshReport, resourceId: string) => report.accounts.find((a) => a.resourceId === resourceId);

  beforeAll(async () => {
    // A bank of its own: the bank counts calls without the PSU per TPP and account.
    [bank, database] = await Promise.all([startSandboxBank(), createTppTestDatabase(kind)]);
    tpp = await createTestAspspClient(bank.url);
    const connected = await connectTestPsu(bank.url, tpp.client, database.db, { customerNumber: INGRID, username: `refresh-${kind}` });
    ({ user, tppSessionId, accountIds } = { ...connected, accountIds: [...connected.accountIds] });
    expect(accountIds.length).toBeGreaterThanOrEqual(2);
  }, 120_000);

  afterAll(async () => {
    await tpp?.client.close();
    await Promise.all([bank?.close(), database?.close()]);
  });

  it("reads each shared account's balances and transactions without PSU-IP-Address or any PSU-* header", async () => {
    const before = tpp.exchanges.length;
    const report = await refreshUser(deps(), user, { trigger: "manual" });
    expect(report.skipped).toBeUndefined();
    for (const id of accountIds) {
      expect(outcomeOf(report, id)?.balances.result, id).toBe("read");
      expect(outcomeOf(report, id)?.transactions.result, id).toBe("read");
    }
    // The sandbox clock's reads (the test's bankNow) aside: the reads of accounts and card accounts.
    const sent = tpp.exchanges.slice(before).filter((e) => /^\/v1\/(card-)?accounts\//.test(new URL(e.url).pathname));
    expect(sent.length).toBeGreaterThanOrEqual(accountIds.length * 2);
    for (const exchange of sent) {
      const headers = headersOf(exchange);
      expect(exchange.status, exchange.url).toBe(200);
      expect(exchange.unattended).toBe(true);
      expect(headers.get("psu-id")).toBe(user.psuId);
      expect([...headers.keys()].filter((name) => name.startsWith("psu-") && name !== "psu-id")).toEqual([]);
    }
    // Kept: balances as read without the PSU, and the transactions of the last 90 days at most.
    const kept = await createSharedAccountsRepository(database.db).find({
      userId: user.id,
      kind: "account",
      resourceId: accountIds[0] ?? "",
    });
    expect(kept?.balancesReadWithPsu).toBe(false);
    expect(kept?.transactionsSyncedThrough).toBe((await readSandboxClock(tpp.client)).today);
    const dateFrom = new URL(sent.find((e) => isUnattendedRead(e, accountIds[0] ?? "", "transactions"))?.url ?? "").searchParams.get(
      "dateFrom",
    );
    expect(dateFrom).not.toBeNull();
    const today = (await readSandboxClock(tpp.client)).today;
    expect(Date.parse(today) - Date.parse(dateFrom ?? "")).toBeLessThanOrEqual(90 * 86_400_000);
  });

  it("never sends a 5th call in 24 hours: four refreshes reach the bank, the fifth is skipped with when the next is free, and the bank agrees", async () => {
    const id = accountIds[0] ?? "";
    for (let run = 2; run <= 5; run += 1) {
      const before = tpp.exchanges.length;
      const report = await refreshUser(deps(), user, { trigger: "manual" });
      const sent = tpp.exchanges.slice(before).filter((e) => isUnattendedRead(e, id, "balances"));
      if (run <= 4) {
        expect(outcomeOf(report, id)?.balances.result, `refresh ${run}`).toBe("read");
        expect(sent, `refresh ${run}`).toHaveLength(1);
      } else {
        const outcome = outcomeOf(report, id)?.balances;
        expect(outcome?.result).toBe("skipped");
        expect(outcome?.result === "skipped" && outcome.reason).toMatch(
          /The 4 calls without the PSU in 24 hours are used; the next is free at /,
        );
        expect(sent).toHaveLength(0);
      }
    }
    const all = tpp.exchanges.filter((e) => isUnattendedRead(e, id, "balances"));
    expect(all).toHaveLength(4);
    expect(all.every((e) => e.status === 200)).toBe(true);
    // The bank counted the same 4: a 5th call without the PSU, sent past the app, is refused.
    const past = await tpp.client
      .fetch({ method: "GET", path: `/v1/accounts/${id}/balances`, caller: { psuId: user.psuId ?? "" }, schema: balancesResponseSchema })
      .catch((error: unknown) => error);
    expect(past).toMatchObject({ status: 429, bankCode: "ACCESS_EXCEEDED" });
  });

  it("a 429 that comes anyway (another installation used the calls) stops the account's reading until the window opens, and is not retried", async () => {
    const id = accountIds[1] ?? "";
    // The refreshes above used this account's 4 transaction reads at the bank. Another installation
    // of the TPP is the same at the bank but keeps its own count: here, one that counted none.
    await database.db.execute(sql`delete from unattended_reads where resource_id = ${id} and read_kind = 'transactions'`);
    let before = tpp.exchanges.length;
    const report = await refreshUser(deps(), user, { trigger: "manual" });
    const outcome = outcomeOf(report, id)?.transactions;
    expect(outcome?.result).toBe("failed");
    expect(outcome?.result === "failed" && outcome.reason).toMatch(/429 ACCESS_EXCEEDED.*No read of it without the PSU before /);
    expect(tpp.exchanges.slice(before).filter((e) => isUnattendedRead(e, id, "transactions"))).toHaveLength(1);
    const kept = await createSharedAccountsRepository(database.db).find({ userId: user.id, kind: "account", resourceId: id });
    expect(kept?.blockedUntil?.getTime()).toBeGreaterThan(Date.now());
    expect(kept?.lastProblem).toMatch(/ACCESS_EXCEEDED/);
    // The next refresh sends nothing for it: not retried in a loop.
    await reload();
    before = tpp.exchanges.length;
    const again = await refreshUser(deps(), user, { trigger: "manual" });
    expect(outcomeOf(again, id)?.transactions).toMatchObject({ result: "skipped" });
    expect(tpp.exchanges.slice(before).filter((e) => isUnattendedRead(e, id, "transactions"))).toHaveLength(0);
  });

  it("after the 180 days of the last SCA nothing is sent, and the report says why", async () => {
    const users = createUsersRepository(database.db);
    const realLast = user.lastScaAt;
    await users.recordSca(user.id, new Date((await bankNow()).getTime() - 181 * 86_400_000));
    await reload();
    const before = tpp.exchanges.length;
    const report = await refreshUser(deps(), user, { trigger: "manual" });
    expect(report.skipped).toMatch(/reads without the PSU ended 180 days later.*Nothing is sent until the PSU renews it/);
    expect(tpp.exchanges.slice(before).filter((e) => e.unattended === true)).toHaveLength(0);
    await users.recordSca(user.id, realLast ?? new Date());
    await reload();
  });

  it("an account unticked at the bank is marked no longer shared, what was read kept, and is read no more", async () => {
    const [kept, dropped] = accountIds;
    // A new consent at the bank with one account ticked: the other is revoked (the bank tells nobody).
    const start = await startConsent(presentCtx(), {});
    await createBankBrowser(bank.url).complete(start.scaRedirect, { nationalId: INGRID, accounts: [kept ?? ""] });
    const shared = createSharedAccountsRepository(database.db);
    const before = await shared.find({ userId: user.id, kind: "account", resourceId: dropped ?? "" });
    expect(before?.balances).not.toBeNull();
    // The tests above used its reads and blocked it after the 429: free them, as the window opening would.
    await database.db.execute(sql`update shared_accounts set blocked_until = null`);
    await database.db.execute(sql`delete from unattended_reads where resource_id = ${dropped ?? ""}`);
    const found = await refreshUser(deps(), user, { trigger: "manual" });
    const outcome = outcomeOf(found, dropped ?? "")?.balances;
    expect(outcome?.result).toBe("failed");
    expect(outcome?.result === "failed" && outcome.reason).toMatch(
      /^No longer shared with this app: the bank answered 404 RESOURCE_UNKNOWN/,
    );
    const after = await shared.find({ userId: user.id, kind: "account", resourceId: dropped ?? "" });
    expect(after?.unsharedAt).not.toBeNull();
    expect(after?.balances).toEqual(before?.balances);
    // Read no more: the next refresh leaves it out.
    const next = await refreshUser(deps(), user, { trigger: "manual" });
    expect(outcomeOf(next, dropped ?? "")).toBeUndefined();
  });
});
