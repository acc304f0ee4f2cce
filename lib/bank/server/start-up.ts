/**
 * What every bank process does to start: read its configuration, open its database and build
 * the bank, listen; and how it says why it cannot (a line on stderr, exit code 1).
 */
import { readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import { buildBank } from "../app";
import { type BankConfig, BankConfigError, loadBankConfig } from "../config";
import { openBankDatabase, withStartLock } from "../db/open-bank-database";

/** Ends the process with a line saying why it cannot start. */
export function fail(message: string): never {
  process.stderr.write(`bank: ${message}\n`);
  process.exit(1);
}

/** The configuration from the environment; a wrong one ends the process with its message. */
export function readConfig(): BankConfig {
  try {
    return loadBankConfig();
  } catch (error) {
    if (error instanceof BankConfigError) fail(error.message);
    throw error;
  }
}

function readTrustAnchors(config: BankConfig): string | undefined {
  if (!config.trustAnchorsFile) return undefined;
  try {
    return readFileSync(config.trustAnchorsFile, "utf8");
  } catch (error) {
    fail(`BANK_TRUST_ANCHORS: cannot read ${config.trustAnchorsFile} (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
}

/** How the bank is reached, for the start-up line. */
export function describeTransport(config: BankConfig): string {
  if (!config.tls) return "plain HTTP (BANK_TLS off)";
  const clientCertificates =
    config.clientCertificate === "required"
      ? `client certificate required in the handshake (BANK_CLIENT_CERT=required); the web pages (portal, SCA) without one at ${config.publicWebUrl} (port ${config.webPort})`
      : "no client certificate asked for (BANK_CLIENT_CERT off)";
  return `HTTPS, TLS 1.2 and 1.3, server certificate from the bank's CA (GET /portal/ca.pem); ${clientCertificates}`;
}

/** Opens the database and builds the bank (not listening); `firstStart`: the sandbox's known state for an empty database. */
export async function buildFromConfig(config: BankConfig, firstStart: boolean): Promise<FastifyInstance> {
  const extraTrustAnchorsPem = readTrustAnchors(config);
  const database = await openBankDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir }).catch(
    (error: unknown) =>
      fail(
        `cannot open the database ${config.databaseUrl ? "at BANK_DATABASE_URL" : `in BANK_DATA_DIR ${config.dataDir}`}: ${error instanceof Error ? error.message : String(error)}`,
      ),
  );
  const make = () =>
    buildBank({
      config,
      database,
      ...(extraTrustAnchorsPem ? { extraTrustAnchorsPem } : {}),
      logger: { level: config.logLevel },
      ensureSandboxData: firstStart,
      batchRunIntervalMs: config.batchRunIntervalMs,
    });
  // The keys, the clock, the schedule and the sandbox data are made once: processes starting at
  // once on one PostgreSQL take turns, and each later one reads what the first made.
  return config.databaseUrl ? withStartLock(config.databaseUrl, make) : make();
}

/** Listens on the API port and, with BANK_CLIENT_CERT=required, on the web pages' port (each worker of a cluster on both). */
export async function listen(app: FastifyInstance, config: BankConfig): Promise<void> {
  let port = config.port;
  try {
    await app.listen({ host: config.host, port });
    const web = app.webServer;
    if (web !== undefined && config.webPort !== undefined) {
      port = config.webPort;
      await new Promise<void>((resolve, reject) => {
        web.once("error", reject);
        web.listen({ host: config.host, port }, () => {
          web.off("error", reject);
          resolve();
        });
      });
      const address = web.address();
      app.log.info(
        `web pages (no client certificate) listening at https://${config.host}:${typeof address === "object" && address !== null ? address.port : port}`,
      );
    }
  } catch (error) {
    await app.close();
    fail(`cannot listen on ${config.host}:${port}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
