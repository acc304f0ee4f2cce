/**
 * The built app under load, its own cost over the bank calls behind its pages, and its memory:
 * one run of bench/app-load.world.ts (a process of its own under the react-server condition, as
 * lib/tpp's server-only modules need), made by whichever of its figures is asked first. It needs
 * a build of the app (`npm run build`) and the PostgreSQL server of the benchmarks.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import type { MeasureOptions } from "./measure";

const repositoryRoot = fileURLToPath(new URL("../", import.meta.url));

const figuresSchema = z.object({
  appUnderLoad: z.number(),
  appAccountsPageVsBankCalls: z.number(),
  appAccountPageVsBankCalls: z.number(),
  appMemoryAfterStartMb: z.number(),
  appMemoryAfterPageViewsMb: z.number(),
  appMemoryGrowthMbPer1000: z.number(),
  appHeapAfterPageViewsMb: z.number(),
  appHeapGrowthMbPer1000: z.number(),
});
type Figures = z.output<typeof figuresSchema>;

/** PSUs browsing and paying at once (issue 22: 50); BENCH_APP_PSUS sets another number. */
const LOAD_PSUS = 50;
/** PSUs of the page-cost comparison, each its own session, as many as the load figures' requests in flight. */
const COST_PSUS = 16;
/** Page views of the memory run. */
const PAGE_VIEWS = 1_000;

let measured: Promise<Figures> | undefined;

function measure(options: MeasureOptions): Promise<Figures> {
  const quick = options.quick === true;
  const world = {
    psus: Number(process.env.BENCH_APP_PSUS ?? (quick ? 4 : LOAD_PSUS)),
    loadRounds: quick ? 1 : 2,
    unloadedRounds: quick ? 1 : 3,
    costPsus: quick ? 4 : COST_PSUS,
    costRounds: options.loadRounds,
    costSeconds: options.loadSeconds,
    pageViews: quick ? 40 : PAGE_VIEWS,
  };
  measured ??= new Promise<Figures>((resolve, reject) => {
    execFile(
      `${repositoryRoot}node_modules/.bin/tsx`,
      ["--conditions=react-server", "bench/app-load.world.ts", JSON.stringify(world)],
      { cwd: repositoryRoot, maxBuffer: 1 << 22, timeout: 1_800_000 },
      (error, stdout, stderr) => {
        process.stderr.write(stderr);
        if (error !== null) {
          reject(new Error(`bench/app-load.world.ts failed: ${error.message}`));
          return;
        }
        const line = stdout.trim().split("\n").at(-1) ?? "";
        try {
          resolve(figuresSchema.parse(JSON.parse(line)));
        } catch (problem) {
          reject(new Error(`bench/app-load.world.ts printed no figures (${String(problem)}): ${stdout}`));
        }
      },
    );
  });
  return measured;
}

/**
 * appUnderLoad (issue 22): 50 signed-in PSUs browsing accounts and paying at once through the
 * built app against the sandbox bank; the largest p99 / unloaded median over the kinds of page.
 * Any error, or a payment lost or doubled (the bank's database against the app's and each PSU's
 * list), fails the figure. Aim: 3 or less.
 */
export async function appUnderLoad(options: MeasureOptions): Promise<number> {
  return (await measure(options)).appUnderLoad;
}

/** appAccountsPageVsBankCalls (issue 25): the accounts page at 16 PSUs over the bank alone serving its calls; aim 0.5 or more. */
export async function appAccountsPageVsBankCalls(options: MeasureOptions): Promise<number> {
  return (await measure(options)).appAccountsPageVsBankCalls;
}

/** appAccountPageVsBankCalls: the same for an account's page with its chart. */
export async function appAccountPageVsBankCalls(options: MeasureOptions): Promise<number> {
  return (await measure(options)).appAccountPageVsBankCalls;
}

/** appMemoryAfterStartMb: the app's resident memory once it answered its first page; aim under 300. */
export async function appMemoryAfterStartMb(options: MeasureOptions): Promise<number> {
  return (await measure(options)).appMemoryAfterStartMb;
}

/** appMemoryAfterPageViewsMb: the same after 1,000 page views (the PSUs signed in and connected first). */
export async function appMemoryAfterPageViewsMb(options: MeasureOptions): Promise<number> {
  return (await measure(options)).appMemoryAfterPageViewsMb;
}

/** appMemoryGrowthMbPer1000: the growth over the second half of those views, MB per 1,000 page views. */
export async function appMemoryGrowthMbPer1000(options: MeasureOptions): Promise<number> {
  return (await measure(options)).appMemoryGrowthMbPer1000;
}

/** appHeapAfterPageViewsMb: the app's live V8 heap after a full GC at the end of those views (what it keeps). */
export async function appHeapAfterPageViewsMb(options: MeasureOptions): Promise<number> {
  return (await measure(options)).appHeapAfterPageViewsMb;
}

/** appHeapGrowthMbPer1000: the live heap's growth over the second half, MB per 1,000 page views; aim: noise (a leak shows here). */
export async function appHeapGrowthMbPer1000(options: MeasureOptions): Promise<number> {
  return (await measure(options)).appHeapGrowthMbPer1000;
}
