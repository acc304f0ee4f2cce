/**
 * Measures the app's pages against their slowest bank call (run by app-pages.bench.ts in a process
 * of its own, under the react-server condition: lib/tpp's modules are server-only). Prints one
 * JSON object of the figures.
 *
 * The app's pages against their slowest bank call: a real sandbox bank (its own process, PGlite in
 * memory), the app's signed client recording every exchange into a TPP database as the app does
 * for its request inspector, and the pages' own loaders. Each figure is the page's time over the
 * slowest bank call it made, both measured in the same load and the call times read back from
 * the inspector's records (bank_calls.duration_ms).
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { sandboxCreatedTransactionsSchema } from "../lib/psd2/schemas";
import { createRequestSigner } from "../lib/psd2/signing";
import { loadTrustAnchors } from "../lib/psd2/x509";
import { loadAccountsOverview, loadAccountView } from "../lib/tpp/ais/load-account-pages";
import { listTransactions } from "../lib/tpp/ais/list-transactions";
import type { AspspContext } from "../lib/tpp/aspsp/aspsp-context";
import { type AspspClient, createAspspClient } from "../lib/tpp/aspsp/create-aspsp-client";
import { openTppDatabase, type OpenedTppDatabase } from "../lib/tpp/db/open-tpp-database";
import { bankCalls } from "../lib/tpp/db/schema";
import { createBankCallsRepository } from "../lib/tpp/inspector/bank-calls-repository";
import { startConsent } from "../lib/tpp/psu/start-consent";
import { createBankBrowser } from "../lib/tpp/testing/bank-sca-driver";
import { createSandboxAccount, findSandboxCustomer, readSandboxClock } from "../lib/tpp/testing/sandbox-operations";
import { type SandboxBank, startSandboxBank } from "../lib/tpp/testing/start-sandbox-bank";
import { testPki } from "../lib/tpp/testing/test-pki";

/** Ingrid Marie Haugen, the sandbox's private customer with a card account. */
const INGRID = "13039319955";
const ROWS = 1_500;
const DAYS = 90;

interface PagesWorld {
  readonly ctx: () => AspspContext;
  readonly accountId: string;
  readonly today: string;
  /** The slowest call a page's flow made, as the inspector recorded it (ms). */
  slowestCall(flowId: string): Promise<number>;
  /** A page's calls as recorded: when each started (ms after the first), how long it took, its path. */
  calls(flowId: string): Promise<string[]>;
  close(): Promise<void>;
}

function daysBefore(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - days);
  return day.toISOString().slice(0, 10);
}

/** `count` booked card-size purchases spread over the `days` days up to `today`, in chunks the sandbox takes (1,000 at most). */
async function addHistory(client: AspspClient, accountId: string, today: string, count: number, days: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => {
    const date = daysBefore(today, i % days);
    return {
      bookingStatus: "booked",
      bookingDate: date,
      valueDate: date,
      transactionAmount: { currency: "NOK", amount: `-${(10 + (i % 90)).toString()}.${String(i % 100).padStart(2, "0")}` },
      creditorName: `Butikk ${i % 37}`,
      remittanceInformationUnstructured: `Kjøp ${i}`,
    };
  });
  for (let start = 0; start < rows.length; start += 1_000) {
    await client.fetch({
      method: "POST",
      path: `/v1/sandbox/accounts/${encodeURIComponent(accountId)}/transactions`,
      body: rows.slice(start, start + 1_000),
      schema: sandboxCreatedTransactionsSchema,
      caller: {},
    });
  }
}

async function startPagesWorld(): Promise<PagesWorld> {
  const bank: SandboxBank = await startSandboxBank();
  let database: OpenedTppDatabase | undefined;
  let client: AspspClient | undefined;
  try {
    const trustAnchors = loadTrustAnchors(await (await fetch(`${bank.url}/portal/ca.pem`)).text());
    database = await openTppDatabase({ dataDir: "memory" });
    const repository = createBankCallsRepository(database.db);
    const redirectUri = "http://127.0.0.1:3999/callback";
    // The app's client as lib/tpp/runtime makes it: every exchange kept for the inspector. The
    // writes are tracked so that a page's calls are read back once all are written.
    const writing = new Set<Promise<number>>();
    client = createAspspClient({
      baseUrl: bank.url,
      signer: createRequestSigner({ privateKeyPem: testPki.tppKeyPem, certificatePem: testPki.tppCertificatePem }),
      redirectUri,
      brand: "Bench TPP",
      trustAnchors,
      requireSignedResponses: true,
      recorder: async (exchange) => {
        const write = repository.insert(exchange);
        writing.add(write);
        try {
          await write;
        } finally {
          writing.delete(write);
        }
      },
    });
    const { today } = await readSandboxClock(client);
    const customer = await findSandboxCustomer(client, INGRID);
    const account = await createSandboxAccount(client, {
      customerId: customer.customerId,
      name: "Historikk",
      balance: { currency: "NOK", amount: "900000.00" },
    });
    await addHistory(client, account.resourceId, today, ROWS, DAYS);

    // The PSU's consent to every account (the new one too), as the app's connect flow gets it.
    const tppSessionId = randomUUID();
    const psu = { ipAddress: "192.0.2.10", userAgent: "Mozilla/5.0 (bench)", acceptLanguage: "nb-NO", httpMethod: "GET" } as const;
    const start = await startConsent(
      { client, tppId: "PSDNO-FSA-123456", caller: { tppSessionId, flowId: randomUUID(), psu } },
      { newPsu: true },
    );
    const outcome = await createBankBrowser(bank.url).complete(start.scaRedirect, { nationalId: INGRID, accounts: "all" });
    const psuId = outcome.redirect.searchParams.get("psu-id") ?? undefined;
    if (psuId === undefined) throw new Error(`the consent did not end with a psu-id: ${outcome.redirect.href}`);

    const db = database;
    const opened = client;
    return {
      accountId: account.resourceId,
      today,
      ctx: () => ({
        client: opened,
        tppId: "PSDNO-FSA-123456",
        caller: { userId: "bench", tppSessionId, flowId: randomUUID(), psuId, psu },
      }),
      async slowestCall(flowId) {
        await Promise.all(writing);
        const rows = await db.db
          .select({ durationMs: bankCalls.durationMs, status: bankCalls.status })
          .from(bankCalls)
          .where(eq(bankCalls.flowId, flowId));
        if (rows.length === 0) throw new Error(`no bank call was recorded for the flow ${flowId}`);
        const failed = rows.find((row) => row.status === null || row.status >= 400);
        if (failed !== undefined) throw new Error(`a bank call of the page failed (status ${failed.status})`);
        return Math.max(...rows.map((row) => row.durationMs));
      },
      async calls(flowId) {
        await Promise.all(writing);
        const rows = await db.db
          .select({ url: bankCalls.url, startedAt: bankCalls.startedAt, durationMs: bankCalls.durationMs })
          .from(bankCalls)
          .where(eq(bankCalls.flowId, flowId));
        const first = Math.min(...rows.map((row) => row.startedAt.getTime()));
        return rows.map(
          (row) =>
            `+${row.startedAt.getTime() - first} ms ${row.durationMs} ms ${new URL(row.url).pathname.replace(/^\/v1\/accounts\/[^/]+/, "/v1/accounts/{id}")}`,
        );
      },
      async close() {
        await opened.close();
        await db.close();
        await bank.close();
      },
    };
  } catch (error) {
    await client?.close();
    await database?.close();
    await bank.close();
    throw error;
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

/** Runs a page's loads `rounds` times (after one warm-up) and gives the median of page time over its slowest call. */
async function pageVsSlowestCall(world: PagesWorld, rounds: number, load: (ctx: AspspContext) => Promise<unknown>): Promise<number> {
  const ratios: number[] = [];
  for (let round = 0; round <= rounds; round++) {
    const ctx = world.ctx();
    const started = performance.now();
    await load(ctx);
    const pageMs = performance.now() - started;
    const slowest = await world.slowestCall(ctx.caller.flowId ?? "");
    if (round > 0) ratios.push(pageMs / Math.max(slowest, 1));
    // BENCH_DETAIL=1: each load's time and its calls, to see what waits for what.
    if (process.env.BENCH_DETAIL !== undefined)
      process.stderr.write(
        `page ${pageMs.toFixed(0)} ms, slowest call ${slowest} ms: ${(await world.calls(ctx.caller.flowId ?? "")).join("; ")}\n`,
      );
  }
  return Math.round(median(ratios) * 100) / 100;
}

const rounds = Math.max(3, Number(process.argv[2] ?? "7"));
const world = await startPagesWorld();
try {
  const accountsPageVsSlowestCall = await pageVsSlowestCall(world, rounds, (ctx) => loadAccountsOverview(ctx));
  const accountPageVsSlowestCall = await pageVsSlowestCall(world, rounds, (ctx) =>
    Promise.all([
      loadAccountView(ctx, world.accountId, { today: world.today }),
      listTransactions(ctx, world.accountId, { bookingStatus: "both" }),
    ]),
  );
  const first = await listTransactions(world.ctx(), world.accountId, { bookingStatus: "both" });
  const next = first.pages.next;
  if (next === undefined) throw new Error("the account's first page of transactions has no next link");
  const accountNextPageVsSlowestCall = await pageVsSlowestCall(world, rounds, (ctx) =>
    listTransactions(ctx, world.accountId, { bookingStatus: "both", page: next }),
  );
  process.stderr.write(
    "bench: accountsPageVsSlowestCall, accountPageVsSlowestCall, accountNextPageVsSlowestCall: the page's loads over the slowest bank call they made, as the request inspector recorded it in the same load (median of " +
      `${rounds} loads; 1,500 booked rows in ${DAYS} days)\n`,
  );
  process.stdout.write(`${JSON.stringify({ accountsPageVsSlowestCall, accountPageVsSlowestCall, accountNextPageVsSlowestCall })}\n`);
} finally {
  await world.close();
}
