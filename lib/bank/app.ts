import { readFileSync } from "node:fs";
import fastifyCookie from "@fastify/cookie";
import fastifyFormbody from "@fastify/formbody";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { BankConfig } from "./config";
import type { BankDatabase, OpenedBankDatabase } from "./db/open-bank-database";
import { registerJsonBody } from "./plugins/json-body";
import { registerResponseSigning } from "./plugins/response-signing";
import { registerSecurityGate } from "./plugins/security-gate";
import { registerV1Errors } from "./plugins/v1-errors";
import { createSettingsRepository } from "./repositories/settings-repository";
import { registerV1Routes } from "./routes/v1";
import { registerWebRoutes } from "./routes/web";
import { type BankPki, loadBankPki } from "./services/bank-pki";
import { SandboxClock } from "./services/sandbox-clock";

/** What every part of the bank shares: configuration, database, clock and keys. */
export type BankContext = {
  config: BankConfig;
  db: BankDatabase;
  databaseKind: OpenedBankDatabase["kind"];
  clock: SandboxClock;
  pki: BankPki;
};

declare module "fastify" {
  interface FastifyInstance {
    bank: BankContext;
  }
}

export type BuildBankOptions = {
  config: BankConfig;
  /** The opened database; the bank closes it when it closes. */
  database: OpenedBankDatabase;
  /** The contents of BANK_TRUST_ANCHORS (the caller reads the file). */
  extraTrustAnchorsPem?: string;
  /** The real time under the sandbox clock (tests pass a fixed one). */
  realNow?: () => Date;
  logger?: FastifyServerOptions["logger"];
};

const stylesheet = readFileSync(new URL("./web/bank.css", import.meta.url), "utf8");

/**
 * Builds the sandbox bank: a Fastify instance with its plugins in order (context, /v1 with its
 * body parser, error handler, security gate and response signing; the bank's own pages), not
 * yet listening. `server.ts` listens; tests use `inject()`.
 */
export async function buildBank(options: BuildBankOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const realNow = options.realNow ?? (() => new Date());
  const app = Fastify({
    logger: options.logger ?? false,
    // Ids in paths are opaque; the bank answers unknown routes itself.
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    disableRequestLogging: false,
  });

  const settings = createSettingsRepository(database.db);
  const clock = await SandboxClock.load(settings, realNow);
  const pki = await loadBankPki({
    settings,
    bankName: config.bankName,
    now: realNow(),
    ...(options.extraTrustAnchorsPem ? { extraTrustAnchorsPem: options.extraTrustAnchorsPem } : {}),
  });
  app.decorate("bank", { config, db: database.db, databaseKind: database.kind, clock, pki });
  app.addHook("onClose", async () => {
    await database.close();
  });

  // The PSD2 interface: signed JSON, answered with tppMessages on error.
  await app.register(
    async (v1) => {
      registerJsonBody(v1, { bodyLimit: 1024 * 1024 });
      registerV1Errors(v1);
      registerSecurityGate(v1, { mode: config.signatureMode, trustAnchors: pki.trustAnchors, clock });
      registerResponseSigning(v1, { signer: pki.sealSigner, now: () => new Date() });
      await registerV1Routes(v1);
    },
    { prefix: "/v1" },
  );

  // The bank's own pages: SCA, consent, developer portal.
  await app.register(async (web) => {
    await web.register(fastifyCookie);
    await web.register(fastifyFormbody);
    web.get("/assets/bank.css", async (_request, reply) =>
      reply.type("text/css; charset=utf-8").header("Cache-Control", "public, max-age=3600").send(stylesheet),
    );
    web.get("/health", async () => ({ status: "ok", clock: clock.describe() }));
    await registerWebRoutes(web);
  });

  return app;
}
