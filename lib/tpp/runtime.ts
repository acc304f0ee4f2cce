import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { readCertificateInfo } from "../psd2/certificates";
import { createRequestSigner } from "../psd2/signing";
import { ACCEPT_FIX_VALUES } from "../psd2/validation";
import { loadTrustAnchors, type TrustAnchor } from "../psd2/x509";
import { type AspspClient, type AspspTlsOptions, createAspspClient } from "./aspsp/create-aspsp-client";
import { ensureDemoUser } from "./auth/demo-user";
import { createSignInFailuresRepository, type SignInFailuresRepository } from "./auth/sign-in-failures-repository";
import { type TppConfig, getTppConfig } from "./config";
import { fetchSandboxCa, provisionSandboxCredentials } from "./credentials/provision-sandbox-credentials";
import type { SigningCredentials } from "./credentials/read-signing-credentials";
import type { TlsCredentials } from "./credentials/read-tls-credentials";
import { type OpenedTppDatabase, openTppDatabase } from "./db/open-tpp-database";
import { TppError } from "./errors";
import { createFlowsRepository, type FlowsRepository } from "./flow-diagrams/flows-repository";
import { type BankCallsRepository, createBankCallsRepository } from "./inspector/bank-calls-repository";
import { type BankIntentsRepository, createBankIntentsRepository } from "./payments/bank-intents";
import { type BasketsRepository, createBasketsRepository } from "./payments/baskets-repository";
import { type IntentSettler, startIntentSettler } from "./payments/intent-settler";
import { createPaymentsRepository, type PaymentsRepository } from "./payments/payments-repository";
import { createSharedAccountsRepository, type SharedAccountsRepository } from "./refresh/shared-accounts-repository";
import { type RecordPruner, startRecordPruner } from "./retention/record-pruner";
import { createUsersRepository, type UsersRepository } from "./users/users-repository";

/** What the app's server shares: configuration, database and repositories. */
export interface TppRuntime {
  readonly config: TppConfig;
  readonly database: OpenedTppDatabase;
  readonly users: UsersRepository;
  /** Failed sign-ins per user name and client address (the sign-in throttle). */
  readonly signInFailures: SignInFailuresRepository;
  readonly bankCalls: BankCallsRepository;
  readonly payments: PaymentsRepository;
  readonly baskets: BasketsRepository;
  /** Payments and baskets written down before their request leaves (bank_intents). */
  readonly intents: BankIntentsRepository;
  readonly flows: FlowsRepository;
  /** The accounts each user shares, what was read of them, and the transactions a refresh read. */
  readonly sharedAccounts: SharedAccountsRepository;
}

/** The connection to the bank: the signed client and who the TPP is to the bank. */
export interface AspspConnection {
  readonly client: AspspClient;
  /** The TPP's id at the bank: its certificate's organizationIdentifier (e.g. PSDNO-FSA-123456). */
  readonly tppId: string;
  readonly organisationName: string;
  readonly roles: readonly string[];
  /** Where the certificate came from: configured files, or the sandbox portal (issued now or kept). */
  readonly certificateSource: "files" | "sandbox-portal";
  /** Whether replies' signatures can be checked (trust anchors known). */
  readonly verifiesResponses: boolean;
}

// On globalThis: Next loads instrumentation, proxy and routes as separate bundles, each with its
// own copy of this module, and PGlite allows one instance per data directory per process.
declare global {
  var __psd2TppRuntime: Promise<TppRuntime> | undefined;
  var __psd2TppConnection: Promise<AspspConnection> | undefined;
  var __psd2TppRecordPruner: RecordPruner | undefined;
  var __psd2TppIntentSettler: IntentSettler | undefined;
}

async function createRuntime(config: TppConfig): Promise<TppRuntime> {
  let database: OpenedTppDatabase;
  try {
    database = await openTppDatabase(
      config.database.kind === "postgres" ? { url: config.database.url } : { dataDir: config.database.dataDir },
    );
  } catch (error) {
    const variable = config.database.kind === "postgres" ? "DATABASE_URL" : "TPP_DATA_DIR";
    const where = config.database.kind === "postgres" ? "at DATABASE_URL" : `in ${config.database.dataDir}`;
    throw new TppError(
      "CONFIG_INVALID",
      `${variable}: cannot open the database ${where} (${error instanceof Error ? error.message : String(error)})`,
      {
        variable,
        cause: error,
      },
    );
  }
  const users = createUsersRepository(database.db);
  if (config.environment === "sandbox") await ensureDemoUser(users, config.dataDir, new Date());
  return {
    config,
    database,
    users,
    signInFailures: createSignInFailuresRepository(database.db),
    bankCalls: createBankCallsRepository(database.db),
    payments: createPaymentsRepository(database.db),
    baskets: createBasketsRepository(database.db),
    intents: createBankIntentsRepository(database.db),
    flows: createFlowsRepository(database.db),
    sharedAccounts: createSharedAccountsRepository(database.db),
  };
}

/**
 * The app's runtime, made once per process: the database opened and migrated, and in the sandbox
 * the demo user. A failure is not kept: the next call tries again.
 */
export function getTppRuntime(): Promise<TppRuntime> {
  globalThis.__psd2TppRuntime ??= createRuntime(getTppConfig()).catch((error: unknown) => {
    globalThis.__psd2TppRuntime = undefined;
    throw error;
  });
  return globalThis.__psd2TppRuntime;
}

async function signingCredentialsOf(
  config: TppConfig,
): Promise<{ credentials: SigningCredentials; sandboxCa?: string; sandboxTls?: TlsCredentials | undefined }> {
  if (config.signing.kind === "files") return { credentials: config.signing.credentials };
  const sandbox = await provisionSandboxCredentials({
    bankUrl: config.aspspBaseUrl,
    ...(config.sandboxPortalUrl === undefined ? {} : { portalUrl: config.sandboxPortalUrl }),
    directory: config.signing.directory,
  });
  return { credentials: sandbox, sandboxCa: sandbox.caCertificatePem, sandboxTls: sandbox.tls };
}

/** The client's TLS options from the configuration (and, for the local sandbox, what its portal gave). */
function tlsOptionsOf(
  config: TppConfig,
  sandbox: { sandboxCa?: string; sandboxTls?: TlsCredentials | undefined },
): AspspTlsOptions | undefined {
  const { clientCertificate, serverCa } = config.tls;
  const client =
    clientCertificate.kind === "files"
      ? clientCertificate.credentials
      : clientCertificate.kind === "sandbox-portal"
        ? sandbox.sandboxTls
        : undefined;
  const caPem = serverCa.kind === "file" ? serverCa.pem : serverCa.kind === "sandbox-portal" ? sandbox.sandboxCa : undefined;
  if (client === undefined && caPem === undefined) return undefined;
  return { ...(client ?? {}), ...(caPem === undefined ? {} : { caPem }) };
}

async function trustAnchorsOf(config: TppConfig, sandboxCa: string | undefined): Promise<readonly TrustAnchor[] | undefined> {
  const source = config.trustAnchors;
  if (source.kind === "file") return source.anchors;
  if (source.kind === "none") return undefined;
  const pem =
    sandboxCa ??
    (await fetchSandboxCa(config.aspspBaseUrl, config.sandboxPortalUrl)) ??
    (await readFile(path.join(source.directory, "aspsp-ca.pem"), "utf8").catch(() => undefined));
  return pem === undefined ? undefined : loadTrustAnchors(pem);
}

async function createConnection(): Promise<AspspConnection> {
  const config = getTppConfig();
  const runtime = await getTppRuntime();
  const sandbox = await signingCredentialsOf(config);
  const { credentials, sandboxCa } = sandbox;
  const tls = tlsOptionsOf(config, sandbox);
  const trustAnchors = await trustAnchorsOf(config, sandboxCa);
  if (config.requireSignedResponses && (trustAnchors === undefined || trustAnchors.length === 0)) {
    throw new TppError(
      "CREDENTIALS_UNAVAILABLE",
      "ASPSP_REQUIRE_SIGNED_RESPONSES is on, but the bank's CA could not be obtained from its portal",
    );
  }
  const signer = createRequestSigner({ privateKeyPem: credentials.privateKeyPem, certificatePem: credentials.certificatePem });
  const info = readCertificateInfo(signer.certificate);
  const brand = info.organizationName ?? info.commonName ?? undefined;
  const client = createAspspClient({
    baseUrl: config.aspspBaseUrl,
    signer,
    redirectUri: config.redirectUri,
    ...(brand === undefined ? {} : { brand }),
    acceptFix: ACCEPT_FIX_VALUES.join(","),
    ...(trustAnchors === undefined ? {} : { trustAnchors }),
    requireSignedResponses: config.requireSignedResponses,
    ...(tls === undefined ? {} : { tls }),
    timeoutMs: config.aspspTimeoutMs,
    recorder: async (exchange) => {
      await runtime.bankCalls.insert(exchange);
    },
  });
  return {
    client,
    tppId: info.organizationIdentifier ?? "",
    organisationName: brand ?? "",
    roles: info.roles,
    certificateSource: config.signing.kind === "files" ? "files" : "sandbox-portal",
    verifiesResponses: trustAnchors !== undefined && trustAnchors.length > 0,
  };
}

/**
 * The signed connection to the bank, made once per process. In the local sandbox without a
 * configured certificate, the first call obtains one from the bank's portal; if the bank is not
 * up yet, the call fails with CREDENTIALS_UNAVAILABLE and the next one tries again.
 */
export function getAspspConnection(): Promise<AspspConnection> {
  globalThis.__psd2TppConnection ??= createConnection().catch((error: unknown) => {
    globalThis.__psd2TppConnection = undefined;
    throw error;
  });
  return globalThis.__psd2TppConnection;
}

/**
 * Starts deleting the request inspector's calls and the flows older than TPP_RECORD_RETENTION_DAYS:
 * now, then every hour, in this process (once, however often it is called). The server's start
 * calls it; scripts that open the runtime do not.
 */
export async function startRecordRetention(): Promise<void> {
  if (globalThis.__psd2TppRecordPruner !== undefined) return;
  const runtime = await getTppRuntime();
  globalThis.__psd2TppRecordPruner ??= startRecordPruner({ db: runtime.database.db, retentionDays: runtime.config.recordRetentionDays });
}

/**
 * Starts settling the payments and baskets whose requests were sent but whose outcome was never
 * kept (the app stopped in between): now, then every minute, in this process (once). The server's
 * start calls it.
 */
export async function startIntentSettlement(): Promise<void> {
  if (globalThis.__psd2TppIntentSettler !== undefined) return;
  const runtime = await getTppRuntime();
  globalThis.__psd2TppIntentSettler ??= startIntentSettler({ db: runtime.database.db, aspspTimeoutMs: runtime.config.aspspTimeoutMs });
}

/** Closes the bank connections and the database (on SIGTERM/SIGINT: PGlite must be closed cleanly). */
export async function closeTppRuntime(): Promise<void> {
  const connection = globalThis.__psd2TppConnection;
  const runtime = globalThis.__psd2TppRuntime;
  const pruner = globalThis.__psd2TppRecordPruner;
  const settler = globalThis.__psd2TppIntentSettler;
  globalThis.__psd2TppConnection = undefined;
  globalThis.__psd2TppRuntime = undefined;
  globalThis.__psd2TppRecordPruner = undefined;
  globalThis.__psd2TppIntentSettler = undefined;
  // A batch of deletes in progress ends (commits) before the database closes.
  await Promise.all([pruner?.stop(), settler?.stop()]);
  await Promise.allSettled([connection?.then((c) => c.client.close()), runtime?.then((r) => r.database.close())]);
}
