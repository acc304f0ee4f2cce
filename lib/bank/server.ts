/**
 * The sandbox bank's process: `npm run bank`. Reads its configuration, opens its database
 * (PGlite in BANK_DATA_DIR, or PostgreSQL at BANK_DATABASE_URL), builds the app (an empty
 * database gets the sandbox's known state) and listens, running the batch runs as they fall due;
 * closes cleanly on SIGTERM and SIGINT.
 */
import { readFileSync } from "node:fs";
import { buildBank } from "./app";
import { BankConfigError, loadBankConfig } from "./config";
import { openBankDatabase } from "./db/open-bank-database";

function fail(message: string): never {
  process.stderr.write(`bank: ${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadBankConfig();
  } catch (error) {
    if (error instanceof BankConfigError) fail(error.message);
    throw error;
  }

  let extraTrustAnchorsPem: string | undefined;
  if (config.trustAnchorsFile) {
    try {
      extraTrustAnchorsPem = readFileSync(config.trustAnchorsFile, "utf8");
    } catch (error) {
      fail(`BANK_TRUST_ANCHORS: cannot read ${config.trustAnchorsFile} (${(error as NodeJS.ErrnoException).code ?? "error"})`);
    }
  }

  const database = await openBankDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  ).catch((error: unknown) =>
    fail(
      `cannot open the database ${config.databaseUrl ? "at BANK_DATABASE_URL" : `in BANK_DATA_DIR ${config.dataDir}`}: ${error instanceof Error ? error.message : String(error)}`,
    ),
  );

  const app = await buildBank({
    config,
    database,
    ...(extraTrustAnchorsPem ? { extraTrustAnchorsPem } : {}),
    logger: { level: config.logLevel },
    ensureSandboxData: true,
  });

  let closing = false;
  const close = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "closing");
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, "error while closing");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => close("SIGTERM"));
  process.on("SIGINT", () => close("SIGINT"));

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await app.close();
    fail(`cannot listen on ${config.host}:${config.port}: ${error instanceof Error ? error.message : String(error)}`);
  }
  app.log.info(`sandbox bank at ${config.publicUrl} (database: ${database.kind})`);
}

await main();
