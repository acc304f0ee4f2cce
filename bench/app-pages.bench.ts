/**
 * The app's pages over their slowest bank call, from the app's own request timings: a real
 * sandbox bank with an account of 1,500 booked rows in 90 days, the pages' loaders and the
 * inspector's records of every call (app-pages.world.ts, run in a process of its own under the
 * react-server condition, as lib/tpp's server-only modules need). The three figures come from
 * one run, made by whichever is asked first.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import type { MeasureOptions } from "./measure";

const repositoryRoot = fileURLToPath(new URL("../", import.meta.url));

const figuresSchema = z.object({
  accountsPageVsSlowestCall: z.number(),
  accountPageVsSlowestCall: z.number(),
  accountNextPageVsSlowestCall: z.number(),
});
type Figures = z.output<typeof figuresSchema>;

let measured: Promise<Figures> | undefined;

function measure(options: MeasureOptions): Promise<Figures> {
  measured ??= new Promise<Figures>((resolve, reject) => {
    const rounds = String(Math.max(3, options.rounds * 2 + 1));
    execFile(
      `${repositoryRoot}node_modules/.bin/tsx`,
      ["--conditions=react-server", "bench/app-pages.world.ts", rounds],
      { cwd: repositoryRoot, maxBuffer: 1 << 20, timeout: 600_000 },
      (error, stdout, stderr) => {
        // The child's own lines (what the baseline is) go with the run's.
        process.stderr.write(stderr);
        if (error !== null) {
          reject(new Error(`bench/app-pages.world.ts failed: ${error.message}`));
          return;
        }
        const line = stdout.trim().split("\n").at(-1) ?? "";
        try {
          resolve(figuresSchema.parse(JSON.parse(line)));
        } catch (problem) {
          reject(new Error(`bench/app-pages.world.ts printed no figures (${String(problem)}): ${stdout}`));
        }
      },
    );
  });
  return measured;
}

/**
 * accountsPageVsSlowestCall: the accounts page's loads (GET /v1/accounts and /v1/card-accounts,
 * both withBalance) over the slowest of its calls; aim at 1.5 or less.
 */
export async function accountsPageVsSlowestCall(options: MeasureOptions): Promise<number> {
  return (await measure(options)).accountsPageVsSlowestCall;
}

/**
 * accountPageVsSlowestCall: a first view of an account with 1,500 booked rows in 90 days (the
 * account, its balances, the chart's 90 days and the page of transactions) over its slowest bank
 * call; aim at 3 or less.
 */
export async function accountPageVsSlowestCall(options: MeasureOptions): Promise<number> {
  return (await measure(options)).accountPageVsSlowestCall;
}

/** accountNextPageVsSlowestCall: a "Next" page of that account over its one bank call; aim at 1.5 or less. */
export async function accountNextPageVsSlowestCall(options: MeasureOptions): Promise<number> {
  return (await measure(options)).accountNextPageVsSlowestCall;
}
