import {
  appAccountPageVsBankCalls,
  appAccountsPageVsBankCalls,
  appHeapAfterPageViewsMb,
  appHeapGrowthMbPer1000,
  appMemoryAfterPageViewsMb,
  appMemoryAfterStartMb,
  appMemoryGrowthMbPer1000,
  appUnderLoad,
} from "./app-load.bench";
import { accountNextPageVsSlowestCall, accountPageVsSlowestCall, accountsPageVsSlowestCall } from "./app-pages.bench";
import { bankSignedReadVsCryptoFloor, bankTwoWorkersCeiling, bankTwoWorkersVsCeiling, bankTwoWorkersVsOne } from "./bank-throughput.bench";
import { deepOffsetVsFirstPage, deepPageVsFirstPage } from "./deep-page.bench";
import type { MeasureOptions } from "./measure";
import { paymentCreateVsCryptoFloor, paymentStatusVsCryptoFloor } from "./payment-throughput.bench";
import { bankMemoryAfterReads, bankMemoryAfterStart, bankMemoryGrowth } from "./bank-memory.bench";
import { signRequestVsRawSign } from "./sign-request.bench";
import { verifyWithCertificateCacheVsWithout } from "./verify-request.bench";

/**
 * Every benchmark by the name of its figure; each returns a ratio against its own baseline:
 * a throughput ratio (above 1.0 the candidate is faster), except the deep pages' costs.
 */
export const benchmarks: Record<string, (options: MeasureOptions) => Promise<number>> = {
  signRequestVsRawSign,
  verifyWithCertificateCacheVsWithout,
  bankSignedReadVsCryptoFloorPostgres: (options) => bankSignedReadVsCryptoFloor("postgres", options),
  bankSignedReadVsCryptoFloorPglite: (options) => bankSignedReadVsCryptoFloor("pglite", options),
  bankTwoWorkersVsOne,
  // These two reuse bankTwoWorkersVsOne's run (the same options object): no more banks started.
  bankTwoWorkersCeiling,
  bankTwoWorkersVsCeiling,
  deepPageVsFirstPage,
  deepOffsetVsFirstPage,
  accountsPageVsSlowestCall,
  accountPageVsSlowestCall,
  accountNextPageVsSlowestCall,
  // Both figures of a database come from one run (the same options object): one bank, one floor.
  paymentCreateVsCryptoFloorPostgres: (options) => paymentCreateVsCryptoFloor("postgres", options),
  paymentStatusVsCryptoFloorPostgres: (options) => paymentStatusVsCryptoFloor("postgres", options),
  paymentCreateVsCryptoFloorPglite: (options) => paymentCreateVsCryptoFloor("pglite", options),
  paymentStatusVsCryptoFloorPglite: (options) => paymentStatusVsCryptoFloor("pglite", options),
  // The three of a database come from one run of 10,000 reads (the same options object).
  bankMemoryAfterStartPglite: (options) => bankMemoryAfterStart("pglite", options),
  bankMemoryAfterReadsPglite: (options) => bankMemoryAfterReads("pglite", options),
  bankMemoryGrowthPglite: (options) => bankMemoryGrowth("pglite", options),
  bankMemoryAfterStartPostgres: (options) => bankMemoryAfterStart("postgres", options),
  bankMemoryAfterReadsPostgres: (options) => bankMemoryAfterReads("postgres", options),
  bankMemoryGrowthPostgres: (options) => bankMemoryGrowth("postgres", options),
  // One run of the built app (app-load.bench.ts) gives these eight.
  appUnderLoad,
  appAccountsPageVsBankCalls,
  appAccountPageVsBankCalls,
  appMemoryAfterStartMb,
  appMemoryAfterPageViewsMb,
  appMemoryGrowthMbPer1000,
  appHeapAfterPageViewsMb,
  appHeapGrowthMbPer1000,
};

/** Figures that are amounts rather than ratios, and may be zero or below (a memory growth). */
export const signedFigures: ReadonlySet<string> = new Set(["bankMemoryGrowthPglite", "bankMemoryGrowthPostgres"]);

/**
 * Figures the unit suite's quick pass (benchmarks.test.ts) leaves out: they need a build of the
 * app (`npm run build`, which `npm test` makes only after the unit suite) and minutes of load.
 */
export const notInQuickPass: ReadonlySet<string> = new Set([
  "appUnderLoad",
  "appAccountsPageVsBankCalls",
  "appAccountPageVsBankCalls",
  "appMemoryAfterStartMb",
  "appMemoryAfterPageViewsMb",
  "appMemoryGrowthMbPer1000",
  "appHeapAfterPageViewsMb",
  "appHeapGrowthMbPer1000",
]);

/** What each figure measures, as "candidate / baseline" (printed with the figures). */
export const baselines: Record<string, string> = {
  signRequestVsRawSign:
    "signing a typical payment request (digest, signing string, RSA, header) / a bare crypto.sign of the same bytes with the same key",
  verifyWithCertificateCacheVsWithout:
    "the bank's strict verification with its certificate cache / the same parsing and checking the certificate every time",
  bankSignedReadVsCryptoFloorPostgres:
    "signed PSU-present balances reads through the bank (one process, PostgreSQL), 16 in flight / a bare Fastify server verifying the same request signature and sealing the same reply",
  bankSignedReadVsCryptoFloorPglite: "the same on PGlite / the same crypto floor",
  bankTwoWorkersVsOne: "the same reads through the bank with BANK_WORKERS=2 / with BANK_WORKERS=1, PostgreSQL",
  bankTwoWorkersCeiling:
    "the most bankTwoWorkersVsOne can be on this machine, from the CPU per request in its one-worker slices (bank X, PostgreSQL's backends Y, the load generator Z, from /proc) / 1: min(2, cores·X/(X+Y+Z)), 2X/(X+Y+Z) on 2 cores",
  bankTwoWorkersVsCeiling: "bankTwoWorkersVsOne / bankTwoWorkersCeiling, the same run: how much of what the machine allows two workers get",
  deepPageVsFirstPage:
    "the time of a signed read of the page `next` leads to near the end of 150,000 rows / of the first page (PostgreSQL, 16 in flight; a cost: at most 1.3 is the aim)",
  deepOffsetVsFirstPage: "the time of the same depth asked by a bare `offset` / of the first page (a cost)",
  accountsPageVsSlowestCall: "the app's accounts page / its slowest bank call",
  accountPageVsSlowestCall: "the app's account page (1,500 rows), first view / its slowest bank call",
  accountNextPageVsSlowestCall: "the account page's Next / its one bank call",
  paymentCreateVsCryptoFloorPostgres:
    "signed PSU-present Norwegian domestic payment creations through the bank (one process, PostgreSQL), 16 in flight, each a payment of its own / a bare Fastify server verifying the same request signature and Digest and sealing the bank's same 201 reply",
  paymentStatusVsCryptoFloorPostgres:
    "signed GET .../status of a payment through the bank (PostgreSQL), 16 in flight / the same crypto floor sealing the same reply",
  paymentCreateVsCryptoFloorPglite: "the same creations on PGlite / the same crypto floor",
  paymentStatusVsCryptoFloorPglite: "the same status reads on PGlite / the same crypto floor",
  bankMemoryAfterStartPglite:
    "the resident memory (VmRSS) of a bank process (one worker, PGlite) right after its start, in MB / 1 MB (aim: under 250)",
  bankMemoryAfterReadsPglite: "the same after 10,000 signed PSU-present balances reads at 16 in flight, in MB / 1 MB (aim: under 250)",
  bankMemoryGrowthPglite:
    "its growth over the second half of those reads (least-squares slope of a sample every 1,000), in MB per 1,000 reads / 1 (aim: noise, near 0)",
  bankMemoryAfterStartPostgres: "the resident memory of a bank process (one worker, PostgreSQL) right after its start, in MB / 1 MB",
  bankMemoryAfterReadsPostgres: "the same after 10,000 signed reads, in MB / 1 MB",
  bankMemoryGrowthPostgres: "its growth over the second half of those reads, in MB per 1,000 reads / 1 (aim: noise, near 0)",
  appUnderLoad:
    "the built app (next start, PostgreSQL) with 50 signed-in PSUs browsing and paying at once, each with a think time before each page (BENCH_APP_THINK_MS, by default uniform 5-15 s, as people read pages; the run's log names the one used): the p99 time of a kind of page / its median with one PSU alone, the largest over the kinds (a cost: at most 3 is the aim); no error, no payment lost or doubled, or no figure",
  appAccountsPageVsBankCalls:
    "the accounts page served to 16 signed-in PSUs at once / the bank alone serving the same bank calls (the same URLs, headers and signatures, as the request inspector recorded them) at the same concurrency",
  appAccountPageVsBankCalls: "the account page with its chart, likewise / the bank alone serving its calls",
  appMemoryAfterStartMb: "the app's resident memory (MB) once it answered its first page / 1 MB",
  appMemoryAfterPageViewsMb:
    "the same after the PSUs signed in and connected and 1,000 page views (accounts and account pages, 16 in flight) / 1 MB",
  appMemoryGrowthMbPer1000: "the growth of the app's resident memory over the second 500 of those views, per 1,000 page views / 1 MB",
  appHeapAfterPageViewsMb:
    "the app's live V8 heap after a full garbage collection (through its inspector) at the end of those views (MB) / 1 MB",
  appHeapGrowthMbPer1000: "the growth of that live heap over the second 500 views, per 1,000 page views / 1 MB (a leak shows here)",
};
