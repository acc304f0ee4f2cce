import { readFileSync } from "node:fs";
import { createServer as createHttpsServer, type Server as HttpsServer } from "node:https";
import type { TLSSocket } from "node:tls";
import fastifyCookie from "@fastify/cookie";
import fastifyFormbody from "@fastify/formbody";
import fastifySwagger from "@fastify/swagger";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { BankConfig } from "./config";
import type { BankDatabase, OpenedBankDatabase } from "./db/open-bank-database";
import { answerClientError, createRouterErrorHandler } from "./plugins/client-errors";
import { registerJsonBody } from "./plugins/json-body";
import { registerRequestChecks } from "./plugins/request-checks";
import { registerResponseSigning } from "./plugins/response-signing";
import { registerRouteValidation } from "./plugins/route-validation";
import { markWebListener, registerClientCertificateCheck, registerWebListenerRefusal } from "./plugins/client-certificate";
import { registerSecurityGate } from "./plugins/security-gate";
import { createBankTlsOptions } from "./services/pki/bank-tls";
import { collectOperations, requireOperationPolicies, type RegisteredOperation } from "./openapi/collect-operations";
import { openApiOptions } from "./openapi/openapi-options";
import { registerV1Errors } from "./plugins/v1-errors";
import { createSettingsRepository } from "./repositories/settings-repository";
import { registerV1Routes } from "./routes/v1";
import { registerWebRoutes } from "./routes/web";
import { type BankPki, loadBankPki } from "./services/pki/bank-pki";
import { BatchRunner } from "./services/clock/batch-runs";
import { registerPaymentProcessors } from "./services/payments/register-payment-processors";
import { SandboxClock } from "./services/clock/sandbox-clock";
import { ensureSandboxData } from "./services/sandbox/initialize-sandbox";

/** What every part of the bank shares: configuration, database, clock and keys. */
export type BankContext = {
  config: BankConfig;
  db: BankDatabase;
  databaseKind: OpenedBankDatabase["kind"];
  clock: SandboxClock;
  pki: BankPki;
  /** The payment batch processing on the sandbox clock; processors register on it. */
  batchRuns: BatchRunner;
  /** Every route of the /v1 scope as registered, with its policy: the 405's Allow reads it. */
  v1Operations: readonly RegisteredOperation[];
};

declare module "fastify" {
  interface FastifyInstance {
    bank: BankContext;
    /**
     * BANK_CLIENT_CERT=required: the web pages' HTTPS server (no client certificate asked for),
     * answered by this same instance; not listening until the caller has it listen on
     * config.webPort. It closes with the instance. undefined otherwise.
     */
    webServer: HttpsServer | undefined;
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
  /**
   * First start: an empty database (no customers) gets the sandbox's known state (
   * docs/interface/sandbox-operations.md#sandbox-operations); a database with data is left alone. The server sets it; tests that seed their own
   * database, or need none, leave it off.
   */
  ensureSandboxData?: boolean;
  /**
   * Registered first in the /v1 scope, before its routes: the tests' check of every reply against
   * /openapi.json (lib/bank/testing/reply-check.ts). The server passes none.
   */
  instrumentV1?: (v1: FastifyInstance) => void;
  /** How often the listening server runs the batch runs that fell due (default 30 s; 0: never). */
  batchRunIntervalMs?: number;
};

const DEFAULT_BATCH_RUN_INTERVAL_MS = 30_000;
/** Longer than any request line Node reads (its headers are at most 16 KB). */
const MAX_PARAM_LENGTH = 16 * 1024;

const stylesheet = readFileSync(new URL("./web/bank.css", import.meta.url), "utf8");

/**
 * Builds the sandbox bank: a Fastify instance with its plugins in order (context, /v1 with its
 * body parser, error handler, security gate and response signing; the bank's own pages), not
 * yet listening. `server.ts` listens; tests use `inject()`.
 */
export async function buildBank(options: BuildBankOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const realNow = options.realNow ?? (() => new Date());
  const settings = createSettingsRepository(database.db);
  const clock = await SandboxClock.load(settings, realNow);
  const pki = await loadBankPki({
    settings,
    bankName: config.bankName,
    now: realNow(),
    ...(options.extraTrustAnchorsPem ? { extraTrustAnchorsPem: options.extraTrustAnchorsPem } : {}),
  });
  // The router's refusals are signed with the seal.
  const seal: { signer?: BankPki["sealSigner"] } = { signer: pki.sealSigner };
  const https = config.tls
    ? await createBankTlsOptions({
        config,
        pki,
        now: realNow(),
        ...(options.extraTrustAnchorsPem ? { extraTrustAnchorsPem: options.extraTrustAnchorsPem } : {}),
      })
    : undefined;
  // With BANK_TLS the server is node:https's (same request and reply objects as node:http's).
  const app = Fastify({
    ...(https === undefined ? {} : { https: https.api }),
    logger: options.logger ?? false,
    // Ids in paths are opaque; the bank answers unknown routes itself. Any id the request line
    // can carry reaches the routes, which answer one that cannot exist with 404 RESOURCE_UNKNOWN.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    bodyLimit: 1024 * 1024,
    // What the router and Node's HTTP parser refuse is answered with the interface's body too.
    frameworkErrors: createRouterErrorHandler(() => seal.signer),
    clientErrorHandler: answerClientError,
  }) as unknown as FastifyInstance;

  const batchRuns = await BatchRunner.load({ db: database.db, clock, log: app.log });
  registerPaymentProcessors(batchRuns);
  // Every move of the sandbox clock runs the scheduled batch runs it passes (docs/interface/payments.md#payments-in-the-sandbox).
  clock.onChange(async (change) => {
    await batchRuns.handleClockChange(change);
  });
  const v1Operations: RegisteredOperation[] = [];
  app.decorate("bank", { config, db: database.db, databaseKind: database.kind, clock, pki, batchRuns, v1Operations });
  app.addHook("onClose", async () => {
    await database.close();
  });

  // BANK_CLIENT_CERT=required: the API port fails a handshake without a trusted client
  // certificate, so the pages a browser or a TPP without one needs have a listener of their own,
  // answered by the same routes (its /v1 refuses, naming the API's address).
  const webServer =
    https !== undefined && config.clientCertificate === "required"
      ? createHttpsServer(https.web, (request, response) => app.routing(request, response))
      : undefined;
  app.decorate("webServer", webServer);
  if (config.tls && config.clientCertificate === "required") {
    // The client is told only by an alert, or the connection's end; the bank's log says why: no
    // certificate (OpenSSL's error), or the verification's code for one that does not chain to a
    // trust anchor (Node ends that connection once the handshake is done, before any request).
    app.server.on("tlsClientError", (error: NodeJS.ErrnoException, socket: Partial<TLSSocket>) => {
      const refused = typeof socket.authorizationError === "string" ? socket.authorizationError : error.code;
      app.log.info({ refused, error: error.message, remoteAddress: socket.remoteAddress }, "TLS handshake refused");
    });
  }
  if (webServer !== undefined) {
    markWebListener(webServer);
    webServer.on("clientError", answerClientError);
    webServer.keepAliveTimeout = app.server.keepAliveTimeout;
    webServer.requestTimeout = app.server.requestTimeout;
    app.addHook("preClose", async () => {
      if (!webServer.listening) return;
      await new Promise<void>((resolve) => {
        webServer.close(() => resolve());
        webServer.closeIdleConnections();
      });
    });
  }

  if (options.ensureSandboxData) {
    const initialised = await ensureSandboxData({ db: database.db, clock: clock });
    if (initialised) app.log.info(initialised, "sandbox initialised");
  }

  // The running server catches up with the batch schedule on start, then every interval; a
  // bank under inject() never listens, so its tests move the clock or call the runner instead.
  const interval = options.batchRunIntervalMs ?? DEFAULT_BATCH_RUN_INTERVAL_MS;
  let batchTimer: NodeJS.Timeout | undefined;
  const runDueBatches = () => {
    batchRuns.runDue().then(
      (outcome) => {
        if (outcome.ran > 0 || outcome.skipped > 0)
          app.log.info({ ran: outcome.ran, failed: outcome.failed, skipped: outcome.skipped }, "batch runs");
      },
      (error: unknown) => app.log.error({ err: error }, "batch runs failed"),
    );
  };
  app.addHook("onListen", async () => {
    if (interval <= 0 || batchTimer) return;
    runDueBatches();
    batchTimer = setInterval(runDueBatches, interval);
    batchTimer.unref();
  });
  app.addHook("preClose", async () => {
    clearInterval(batchTimer);
    await batchRuns.idle();
  });

  // /openapi.json: generated from the /v1 routes' schemas as they register.
  await app.register(fastifySwagger, openApiOptions({ bankName: config.bankName, publicUrl: config.publicUrl }));

  // The PSD2 interface: signed JSON, answered with tppMessages on error.
  await app.register(
    async (v1) => {
      options.instrumentV1?.(v1);
      registerJsonBody(v1, { bodyLimit: 1024 * 1024 });
      registerV1Errors(v1, { operations: v1Operations });
      // Before the gate: a /v1 request on the web pages' port is told where the API is.
      if (webServer !== undefined) registerWebListenerRefusal(v1, { apiUrl: config.publicUrl });
      registerSecurityGate(v1, { mode: config.signatureMode, trustAnchors: pki.trustAnchors, clock });
      // After the gate: the client certificate's identity is compared with the signing certificate's.
      if (config.clientCertificate === "required") registerClientCertificateCheck(v1);
      registerRequestChecks(v1);
      // After the gate's and the request checks' hooks: input is judged once the request passed them.
      registerRouteValidation(v1);
      registerResponseSigning(v1, { signer: pki.sealSigner, now: () => new Date() });
      collectOperations(v1, v1Operations);
      await registerV1Routes(v1);
      // The gate fails closed, and a route without its policy does not even start.
      requireOperationPolicies(v1Operations);
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
