/**
 * The sandbox bank's process: `npm run bank`. Reads its configuration, opens its database
 * (PGlite in BANK_DATA_DIR, or PostgreSQL at BANK_DATABASE_URL), builds the app (an empty
 * database gets the sandbox's known state) and listens, running the batch runs as they fall due;
 * closes cleanly on SIGTERM and SIGINT. With BANK_WORKERS above 1 (PostgreSQL only) it is the
 * primary of a node:cluster (server/cluster.ts); the sandbox clock is kept the same across
 * processes by server/clock-broadcast.ts.
 */
import cluster from "node:cluster";
import type { BankConfig } from "./config";
import { shareClockMoves } from "./server/clock-broadcast";
import { runPrimary, runWorker } from "./server/cluster";
import { closeOnSignals } from "./server/signals";
import { buildFromConfig, describeTransport, listen, readConfig } from "./server/start-up";

/** One process: the bank as it always was. */
async function runSingle(config: BankConfig): Promise<void> {
  const app = await buildFromConfig(config, true);
  closeOnSignals(app, config.databaseUrl ? shareClockMoves(app, config.databaseUrl) : undefined);
  await listen(app, config);
  app.log.info(`sandbox bank at ${config.publicUrl} (database: ${app.bank.databaseKind}; ${describeTransport(config)})`);
}

const config = readConfig();
if (cluster.isWorker) await runWorker(config);
else if (config.workers > 1) await runPrimary(config);
else await runSingle(config);
