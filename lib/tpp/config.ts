import "server-only";
import path from "node:path";
import { z } from "zod";
import { loadTrustAnchors, type TrustAnchor } from "../psd2/x509";
import { APP_LINKS_ENVIRONMENT, type AppLinksConfig, readAppLinksConfig } from "./app-links/app-links-config";
import { DEFAULT_ASPSP_TIMEOUT_MS, MAX_ASPSP_TIMEOUT_MS, MIN_ASPSP_TIMEOUT_MS } from "./aspsp/aspsp-timeout";
import { readConfigFile } from "./credentials/read-config-file";
import { readSigningCredentials, type SigningCredentials } from "./credentials/read-signing-credentials";
import { readTlsSetting, type TlsSetting } from "./credentials/read-tls-credentials";
import { TppError } from "./errors";
import { DEFAULT_REFRESH_SCHEDULE, parseRefreshSchedule, REFRESH_SCHEDULE_RULE, type RefreshSchedule } from "./refresh/refresh-schedule";
import { loadSandboxSecrets } from "./secrets/load-sandbox-secrets";

/** sandbox: the local sandbox bank (or a bank's test platform); production: real PSU data. */
export const ASPSP_ENVIRONMENTS = ["sandbox", "production"] as const;
export type AspspEnvironment = (typeof ASPSP_ENVIRONMENTS)[number];

/** Where the signing certificate comes from. */
export type SigningSource =
  | { readonly kind: "files"; readonly variable: "TPP_CERT_FILE" | "TPP_P12_FILE"; readonly credentials: SigningCredentials }
  /** The local sandbox's developer portal issues one on first start; it is kept in `directory`. */
  | { readonly kind: "sandbox-portal"; readonly directory: string };

/** What response signatures are checked against. */
export type TrustAnchorSource =
  | { readonly kind: "file"; readonly file: string; readonly anchors: readonly TrustAnchor[] }
  /** The local sandbox's CA, from its portal (GET /portal/ca.pem). */
  | { readonly kind: "sandbox-portal"; readonly directory: string }
  | { readonly kind: "none" };

export type DatabaseSetting = { readonly kind: "postgres"; readonly url: string } | { readonly kind: "pglite"; readonly dataDir: string };

/** The TPP app's configuration, read once. */
export interface TppConfig {
  readonly environment: AspspEnvironment;
  /** ASPSP_BASE_URL without a trailing slash: every relative link resolves against it. */
  readonly aspspBaseUrl: string;
  /**
   * ASPSP_PORTAL_URL: where the local sandbox bank's developer portal is (its CA and the sandbox
   * certificates); unset: ASPSP_BASE_URL, or over HTTPS its port + 1, where a bank that requires a
   * client certificate serves its web pages (provision-sandbox-credentials.ts).
   */
  readonly sandboxPortalUrl: string | undefined;
  /** TPP_REDIRECT_URI as configured (percent-encoded when sent). */
  readonly redirectUri: string;
  /** NEXTAUTH_URL: the app's own origin (and base path), without a trailing slash. */
  readonly appUrl: string;
  /** TPP_DATA_DIR, absolute. */
  readonly dataDir: string;
  readonly database: DatabaseSetting;
  readonly sessionSecret: string;
  readonly nextAuthSecret: string;
  readonly signing: SigningSource;
  /** The TLS client certificate and the CAs of the bank's server certificate (read-tls-credentials.ts). */
  readonly tls: TlsSetting;
  readonly trustAnchors: TrustAnchorSource;
  readonly requireSignedResponses: boolean;
  /**
   * TPP_TRUSTED_PROXIES: how many reverse proxies stand in front of the app; the client's address
   * (for the sign-in throttle) is then read from X-Forwarded-For as the outermost of them saw it.
   * 0: the socket's address, and X-Forwarded-For is never trusted.
   */
  readonly trustedProxies: number;
  /**
   * TPP_RECORD_RETENTION_DAYS: how many days the request inspector's calls (bank_calls) and the
   * flow diagrams (flows, flow_legs) are kept, counted from when each started; older ones are
   * deleted by the app (lib/tpp/retention).
   */
  readonly recordRetentionDays: number;
  /**
   * TPP_REFRESH_SCHEDULE: when the app reads every connected user's accounts without the PSU
   * (Oslo wall-clock times on the bank's clock), or off; default four times a day.
   */
  readonly refreshSchedule: RefreshSchedule;
  /** The application-site bindings published under /.well-known (lib/tpp/app-links). */
  readonly appLinks: AppLinksConfig;
  /**
   * ASPSP_TIMEOUT_MS: the longest one attempt of a call to the bank may take, reply included
   * (default DEFAULT_ASPSP_TIMEOUT_MS); a slower bank is ASPSP_TIMEOUT.
   */
  readonly aspspTimeoutMs: number;
  /** The settings that were generated in this data directory (sandbox only), for a log line. */
  readonly generated: readonly string[];
}

const booleanSetting = z
  .enum(["true", "false", "1", "0", "on", "off", "yes", "no"], { error: "must be one of true, false, 1, 0, on, off, yes, no" })
  .transform((value) => ["true", "1", "on", "yes"].includes(value));

const httpUrl = (example: string) =>
  z.url({ protocol: /^https?$/, error: `must be an absolute http(s) URL such as ${example}` }).check((payload) => {
    // zod runs this check after a failed format check too: only a URL is looked into.
    if (!URL.canParse(payload.value)) return;
    const url = new URL(payload.value);
    if (url.username !== "" || url.password !== "") {
      payload.issues.push({ code: "custom", message: "must not carry a user name or password", input: payload.value });
    }
  });

/** How long the request inspector's calls and the flows are kept when TPP_RECORD_RETENTION_DAYS is unset. */
export const DEFAULT_RECORD_RETENTION_DAYS = 30;
const MAX_RECORD_RETENTION_DAYS = 3650;
const RETENTION_DAYS_RULE = `must be a whole number of days from 1 to ${MAX_RECORD_RETENTION_DAYS} (how long the request inspector's calls and the flows are kept)`;

const secret = z.string().min(32, "must be at least 32 characters (e.g. openssl rand -base64 32)");
const fileName = z.string().min(1, "must name a file");

const ASPSP_TIMEOUT_RULE = `must be a whole number of milliseconds from ${MIN_ASPSP_TIMEOUT_MS} to ${MAX_ASPSP_TIMEOUT_MS} (how long the app waits for the bank's reply)`;

/** Every variable the app reads, with its rule. Empty values count as unset, as in most shells. */
const environmentSchema = z.object({
  ASPSP_BASE_URL: httpUrl("http://localhost:4000").optional(),
  ASPSP_PORTAL_URL: httpUrl("https://localhost:4001").optional(),
  ASPSP_ENVIRONMENT: z.enum(ASPSP_ENVIRONMENTS, { error: "must be sandbox or production" }).default("sandbox"),
  TPP_CERT_FILE: fileName.optional(),
  TPP_KEY_FILE: fileName.optional(),
  TPP_P12_FILE: fileName.optional(),
  TPP_P12_PASSWORD: z.string().optional(),
  TPP_TLS_CERT_FILE: fileName.optional(),
  TPP_TLS_KEY_FILE: fileName.optional(),
  TPP_TLS_P12_FILE: fileName.optional(),
  TPP_TLS_P12_PASSWORD: z.string().optional(),
  ASPSP_TLS_CA_FILE: fileName.optional(),
  TPP_REDIRECT_URI: httpUrl("http://localhost:3000/callback").optional(),
  TPP_DATA_DIR: z.string().min(1, "must name a directory").default(".data/tpp"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" }).optional(),
  SESSION_SECRET: secret.optional(),
  NEXTAUTH_SECRET: secret.optional(),
  NEXTAUTH_URL: httpUrl("http://localhost:3000").optional(),
  ASPSP_TRUST_ANCHORS: fileName.optional(),
  ASPSP_REQUIRE_SIGNED_RESPONSES: booleanSetting.default(false),
  TPP_TRUSTED_PROXIES: z
    .string()
    .regex(/^(?:[0-9]|10)$/, "must be a whole number from 0 to 10 (the reverse proxies in front of the app)")
    .transform(Number)
    .default(0),
  TPP_RECORD_RETENTION_DAYS: z
    .string()
    .regex(/^[1-9][0-9]{0,3}$/, RETENTION_DAYS_RULE)
    .transform(Number)
    .refine((days) => days <= MAX_RECORD_RETENTION_DAYS, RETENTION_DAYS_RULE)
    .default(DEFAULT_RECORD_RETENTION_DAYS),
  TPP_REFRESH_SCHEDULE: z
    .string()
    .transform((text, context) => {
      try {
        return parseRefreshSchedule(text);
      } catch (error) {
        context.addIssue({ code: "custom", message: error instanceof Error ? error.message : REFRESH_SCHEDULE_RULE });
        return z.NEVER;
      }
    })
    .default(parseRefreshSchedule(DEFAULT_REFRESH_SCHEDULE)),
  ...APP_LINKS_ENVIRONMENT,
  ASPSP_TIMEOUT_MS: z
    .string()
    .regex(/^[1-9][0-9]{3,5}$/, ASPSP_TIMEOUT_RULE)
    .transform(Number)
    .refine((ms) => ms >= MIN_ASPSP_TIMEOUT_MS && ms <= MAX_ASPSP_TIMEOUT_MS, ASPSP_TIMEOUT_RULE)
    .default(DEFAULT_ASPSP_TIMEOUT_MS),
});

/** Variables whose values never appear in a message. */
const SECRET_VARIABLES = new Set(["SESSION_SECRET", "NEXTAUTH_SECRET", "TPP_P12_PASSWORD", "TPP_TLS_P12_PASSWORD", "DATABASE_URL"]);

export const TPP_CONFIG_VARIABLES: readonly string[] = Object.keys(environmentSchema.shape);

const DEFAULT_ASPSP_BASE_URL = "http://localhost:4000";
const DEFAULT_REDIRECT_URI = "http://localhost:3000/callback";

function configError(variable: string, message: string): TppError {
  return new TppError("CONFIG_INVALID", `${variable}: ${message}`, { variable });
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

/** Whether a URL names this machine: only then may the sandbox portal hand out a certificate. */
export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host.endsWith(".localhost") || host === "127.0.0.1" || host === "[::1]";
}

function readEnvironment(env: Readonly<Record<string, string | undefined>>) {
  const present = Object.fromEntries(
    TPP_CONFIG_VARIABLES.flatMap((name) => {
      const value = env[name];
      return value === undefined || value === "" ? [] : [[name, value]];
    }),
  );
  const parsed = environmentSchema.safeParse(present);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const variable = String(issue?.path[0] ?? "configuration");
  const shown = SECRET_VARIABLES.has(variable) ? "" : ` (got ${JSON.stringify(env[variable])})`;
  throw configError(variable, `${issue?.message ?? "is invalid"}${shown}`);
}

type Environment = ReturnType<typeof readEnvironment>;

/** Pairs of variables that go together, and the choice between PEM files and PKCS#12. */
function checkPairs(e: Environment): void {
  if (e.TPP_CERT_FILE !== undefined && e.TPP_KEY_FILE === undefined) throw configError("TPP_KEY_FILE", "is required with TPP_CERT_FILE");
  if (e.TPP_KEY_FILE !== undefined && e.TPP_CERT_FILE === undefined) throw configError("TPP_CERT_FILE", "is required with TPP_KEY_FILE");
  if (e.TPP_P12_FILE !== undefined && e.TPP_CERT_FILE !== undefined) {
    throw configError("TPP_P12_FILE", "give either TPP_P12_FILE or TPP_CERT_FILE with TPP_KEY_FILE, not both");
  }
  if (e.TPP_P12_PASSWORD !== undefined && e.TPP_P12_FILE === undefined)
    throw configError("TPP_P12_FILE", "is required with TPP_P12_PASSWORD");
  if (e.TPP_TLS_CERT_FILE !== undefined && e.TPP_TLS_KEY_FILE === undefined)
    throw configError("TPP_TLS_KEY_FILE", "is required with TPP_TLS_CERT_FILE");
  if (e.TPP_TLS_KEY_FILE !== undefined && e.TPP_TLS_CERT_FILE === undefined)
    throw configError("TPP_TLS_CERT_FILE", "is required with TPP_TLS_KEY_FILE");
}

/** In production nothing is generated or assumed: each of these must be set. */
function checkProduction(e: Environment): void {
  const required: readonly (keyof Environment)[] = [
    "ASPSP_BASE_URL",
    "TPP_REDIRECT_URI",
    "NEXTAUTH_URL",
    "SESSION_SECRET",
    "NEXTAUTH_SECRET",
  ];
  for (const name of required) {
    if (e[name] === undefined) throw configError(name, "is required when ASPSP_ENVIRONMENT is production");
  }
  if (e.TPP_CERT_FILE === undefined && e.TPP_P12_FILE === undefined) {
    throw configError("TPP_CERT_FILE", "is required when ASPSP_ENVIRONMENT is production (or TPP_P12_FILE with TPP_P12_PASSWORD)");
  }
}

export interface LoadTppConfigOptions {
  /** The directory relative paths are read from; default process.cwd(). */
  readonly cwd?: string;
  /** The time certificates must be valid at; default now. */
  readonly now?: Date;
}

/**
 * Reads and checks the whole configuration: values, pairs of variables, the production rules,
 * the certificate files; in the sandbox, the secrets that are not set are read from (or generated
 * once into) TPP_DATA_DIR. A wrong or missing setting throws a CONFIG_INVALID TppError whose
 * message is one line naming the variable.
 */
export function loadTppConfig(env: Readonly<Record<string, string | undefined>>, options: LoadTppConfigOptions = {}): TppConfig {
  const cwd = options.cwd ?? process.cwd();
  const now = options.now ?? new Date();
  const e = readEnvironment(env);
  checkPairs(e);
  const environment = e.ASPSP_ENVIRONMENT;
  if (environment === "production") checkProduction(e);

  const aspspBaseUrl = withoutTrailingSlash(e.ASPSP_BASE_URL ?? DEFAULT_ASPSP_BASE_URL);
  const redirectUri = e.TPP_REDIRECT_URI ?? DEFAULT_REDIRECT_URI;
  const appUrl = withoutTrailingSlash(e.NEXTAUTH_URL ?? new URL(redirectUri).origin);
  // The bank sends the PSU back to TPP_REDIRECT_URI; the sign-in and PSU session cookies are
  // per host, so the callback only sees them on the app's own host.
  if (new URL(redirectUri).host !== new URL(appUrl).host) {
    throw configError(
      "TPP_REDIRECT_URI",
      `its host (${new URL(redirectUri).host}) must be the app's host in NEXTAUTH_URL (${new URL(appUrl).host}): the browser's cookies are per host`,
    );
  }
  const dataDir = path.resolve(cwd, e.TPP_DATA_DIR);
  const appLinks = readAppLinksConfig(e, redirectUri);

  let signing: SigningSource;
  if (e.TPP_CERT_FILE !== undefined && e.TPP_KEY_FILE !== undefined) {
    signing = {
      kind: "files",
      variable: "TPP_CERT_FILE",
      credentials: readSigningCredentials({ kind: "pem", certFile: e.TPP_CERT_FILE, keyFile: e.TPP_KEY_FILE }, { cwd, now }),
    };
  } else if (e.TPP_P12_FILE !== undefined) {
    signing = {
      kind: "files",
      variable: "TPP_P12_FILE",
      credentials: readSigningCredentials({ kind: "p12", p12File: e.TPP_P12_FILE, password: e.TPP_P12_PASSWORD ?? "" }, { cwd, now }),
    };
  } else if (isLocalUrl(aspspBaseUrl)) {
    signing = { kind: "sandbox-portal", directory: path.join(dataDir, "credentials") };
  } else {
    throw configError(
      "TPP_CERT_FILE",
      `is required when ASPSP_BASE_URL (${aspspBaseUrl}) is not the local sandbox bank: only the local sandbox's portal issues a certificate on first start (or set TPP_P12_FILE)`,
    );
  }

  const tls = readTlsSetting(e, { cwd, aspspBaseUrl, sandboxPortal: signing.kind === "sandbox-portal" });

  let trustAnchors: TrustAnchorSource;
  if (e.ASPSP_TRUST_ANCHORS !== undefined) {
    const text = readConfigFile("ASPSP_TRUST_ANCHORS", e.ASPSP_TRUST_ANCHORS, cwd).toString("utf8");
    try {
      trustAnchors = { kind: "file", file: e.ASPSP_TRUST_ANCHORS, anchors: loadTrustAnchors(text) };
    } catch (error) {
      throw configError(
        "ASPSP_TRUST_ANCHORS",
        `${e.ASPSP_TRUST_ANCHORS} is not a PEM bundle of CA certificates (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  } else if (environment === "sandbox" && isLocalUrl(aspspBaseUrl)) {
    trustAnchors = { kind: "sandbox-portal", directory: path.join(dataDir, "credentials") };
  } else {
    trustAnchors = { kind: "none" };
  }
  if (e.ASPSP_REQUIRE_SIGNED_RESPONSES && trustAnchors.kind === "none") {
    throw configError(
      "ASPSP_TRUST_ANCHORS",
      "is required when ASPSP_REQUIRE_SIGNED_RESPONSES is on: responses are verified against these CAs",
    );
  }

  const generated: string[] = [];
  let sessionSecret = e.SESSION_SECRET;
  let nextAuthSecret = e.NEXTAUTH_SECRET;
  if (sessionSecret === undefined || nextAuthSecret === undefined) {
    // Only reached in the sandbox: checkProduction requires both in production.
    const secrets = loadSandboxSecrets(dataDir);
    if (sessionSecret === undefined) {
      sessionSecret = secrets.sessionSecret;
      generated.push("SESSION_SECRET");
    }
    if (nextAuthSecret === undefined) {
      nextAuthSecret = secrets.nextAuthSecret;
      generated.push("NEXTAUTH_SECRET");
    }
  }

  return {
    environment,
    aspspBaseUrl,
    sandboxPortalUrl: e.ASPSP_PORTAL_URL === undefined ? undefined : withoutTrailingSlash(e.ASPSP_PORTAL_URL),
    redirectUri,
    appUrl,
    dataDir,
    database:
      e.DATABASE_URL === undefined ? { kind: "pglite", dataDir: path.join(dataDir, "db") } : { kind: "postgres", url: e.DATABASE_URL },
    sessionSecret,
    nextAuthSecret,
    signing,
    tls,
    trustAnchors,
    requireSignedResponses: e.ASPSP_REQUIRE_SIGNED_RESPONSES,
    trustedProxies: e.TPP_TRUSTED_PROXIES,
    recordRetentionDays: e.TPP_RECORD_RETENTION_DAYS,
    refreshSchedule: e.TPP_REFRESH_SCHEDULE,
    appLinks,
    aspspTimeoutMs: e.ASPSP_TIMEOUT_MS,
    generated,
  };
}

// Kept on globalThis: Next bundles instrumentation, proxy and routes separately, and each bundle
// has its own copy of this module; the configuration must still be read once per process.
declare global {
  var __psd2TppConfig: TppConfig | undefined;
}

/**
 * The configuration of this process, read once from process.env. It also sets NEXTAUTH_URL and
 * NEXTAUTH_SECRET in process.env when they were defaulted or generated, because next-auth reads
 * them from there.
 */
export function getTppConfig(): TppConfig {
  const cached = globalThis.__psd2TppConfig;
  if (cached !== undefined) return cached;
  const config = loadTppConfig(process.env);
  process.env.NEXTAUTH_URL ??= config.appUrl;
  process.env.NEXTAUTH_SECRET ??= config.nextAuthSecret;
  globalThis.__psd2TppConfig = config;
  return config;
}
