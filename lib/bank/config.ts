import { availableParallelism } from "node:os";
import { z } from "zod";

/** A setting that is wrong: start-up stops with one line that names the variable. */
export class BankConfigError extends Error {
  readonly code = "CONFIG_INVALID";
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = "BankConfigError";
  }
}

const booleanSetting = z
  .enum(["true", "false", "1", "0", "on", "off", "yes", "no"], {
    error: "must be one of true, false, 1, 0, on, off, yes, no",
  })
  .transform((v) => ["true", "1", "on", "yes"].includes(v));

const schema = z.object({
  BANK_HOST: z.string().min(1, "must not be empty").default("127.0.0.1"),
  BANK_PORT: z.coerce
    .number({ error: "must be a port number" })
    .int("must be a whole number")
    .min(0, "must be 0-65535")
    .max(65535, "must be 0-65535")
    .default(4000),
  BANK_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL such as http://localhost:4000" })
    .transform((url) => url.replace(/\/+$/, ""))
    .optional(),
  /** BANK_CLIENT_CERT=required: the port of the web pages (portal, SCA), served without a client certificate. */
  BANK_WEB_PORT: z.coerce
    .number({ error: "must be a port number" })
    .int("must be a whole number")
    .min(0, "must be 0-65535")
    .max(65535, "must be 0-65535")
    .optional(),
  /** BANK_CLIENT_CERT=required: the web listener's address in the links the bank hands out. */
  BANK_PUBLIC_WEB_URL: z
    .url({ protocol: /^https$/, error: "must be an https URL such as https://localhost:4001" })
    .transform((url) => url.replace(/\/+$/, ""))
    .optional(),
  /** HTTPS (TLS 1.2 and 1.3 only) with a server certificate from the bank's own CA. */
  BANK_TLS: booleanSetting.default(false),
  /** required: every /v1 request must come over a connection with a TPP's client certificate. */
  BANK_CLIENT_CERT: z.enum(["off", "required"], { error: "must be off or required" }).default("off"),
  BANK_NAME: z.string().min(1, "must not be empty").max(70, "must be at most 70 characters").default("Fjordbanken"),
  BANK_DATA_DIR: z.string().min(1, "must not be empty").default(".data/bank"),
  BANK_DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" }).optional(),
  BANK_TRUST_ANCHORS: z.string().min(1, "must name a PEM file").optional(),
  BANK_WORKERS: z.coerce
    .number({ error: "must be a whole number of processes" })
    .int("must be a whole number of processes")
    .min(1, "must be 1-64")
    .max(64, "must be 1-64")
    .optional(),
  BANK_BATCH_RUN_INTERVAL: z.coerce
    .number({ error: "must be a number of seconds" })
    .int("must be a whole number of seconds")
    .min(0, "must be 0-86400 seconds (0: only on a move of the clock or on demand)")
    .max(86_400, "must be 0-86400 seconds (0: only on a move of the clock or on demand)")
    .default(30),
  BANK_SIGNATURE_MODE: z.enum(["strict", "lenient"], { error: "must be strict or lenient" }).default("strict"),
  BANK_LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "must be one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
  /** The spec's known issue: pending transactions are not filtered by dateFrom, dateTo or limit. */
  BANK_PENDING_KNOWN_ISSUE: booleanSetting.default(true),
  /** The spec's known issue: a Norwegian domestic payment is unknown until it is approved. */
  BANK_DOMESTIC_DETAILS_KNOWN_ISSUE: booleanSetting.default(true),
  /** Certificates the developer portal issues to one client address a minute (each makes an RSA key); 0: no limit. */
  BANK_PORTAL_CERTIFICATES_PER_MINUTE: z.coerce
    .number({ error: "must be a whole number of certificates a minute" })
    .int("must be a whole number of certificates a minute")
    .min(0, "must be 0-10000 (0: no limit)")
    .max(10_000, "must be 0-10000 (0: no limit)")
    .default(20),
});

export type BankConfig = {
  host: string;
  port: number;
  /** Where the PSD2 interface (/v1) is reached. */
  publicUrl: string;
  /**
   * BANK_CLIENT_CERT=required: the port of the second listener, which serves the web pages (portal,
   * SCA, docs, health) without a client certificate (BANK_WEB_PORT, default BANK_PORT + 1);
   * undefined otherwise (one port serves everything).
   */
  webPort: number | undefined;
  /** Where the web pages are reached (the SCA links, the portal): publicUrl unless the web pages have a port of their own. */
  publicWebUrl: string;
  /** BANK_TLS: HTTPS with a server certificate from the bank's CA, TLS 1.2 and 1.3 only. */
  tls: boolean;
  /** BANK_CLIENT_CERT: "required" fails the handshake of an API connection without a trusted TPP client certificate (mutual TLS). */
  clientCertificate: "off" | "required";
  bankName: string;
  dataDir: string;
  databaseUrl: string | undefined;
  trustAnchorsFile: string | undefined;
  /** Bank processes behind the one port (node:cluster): 1 on PGlite, the machine's cores on PostgreSQL unless set. */
  workers: number;
  /** How often the listening bank runs the batch runs that fell due, in milliseconds (0: never by timer). */
  batchRunIntervalMs: number;
  signatureMode: "strict" | "lenient";
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /**
   * POST /portal/certificates a client address may make a minute (each makes an RSA key); 0: no
   * limit. Counted in each bank process: with several workers, one address may get this many from each.
   */
  portalCertificatesPerMinute: number;
  switches: {
    pendingKnownIssue: boolean;
    domesticDetailsKnownIssue: boolean;
  };
};

/** The URL with another port (the web listener's default address: the public URL's host, its port). */
function withPort(url: string, port: number): string {
  const parsed = new URL(url);
  parsed.port = String(port);
  return parsed.toString().replace(/\/+$/, "");
}

/**
 * Reads the bank's configuration once, through a schema; a wrong value throws BankConfigError.
 * `cores` is the default of BANK_WORKERS on PostgreSQL (the machine's).
 */
export function loadBankConfig(
  env: Record<string, string | undefined> = process.env,
  { cores = availableParallelism() }: { cores?: number } = {},
): BankConfig {
  // An empty variable counts as unset, as in most shells' `VAR= command`.
  const present = Object.fromEntries(
    Object.keys(schema.shape).flatMap((key) => {
      const value = env[key];
      return value === undefined || value === "" ? [] : [[key, value]];
    }),
  );
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? "configuration");
    throw new BankConfigError(variable, `${issue?.message ?? "is invalid"} (got ${JSON.stringify(env[variable])})`);
  }
  const c = parsed.data;
  // PGlite is a database inside one process: a second process cannot open it.
  if (c.BANK_DATABASE_URL === undefined && c.BANK_WORKERS !== undefined && c.BANK_WORKERS > 1) {
    throw new BankConfigError(
      "BANK_WORKERS",
      `must be 1 with PGlite (BANK_DATA_DIR), whose database only one process can open; set BANK_DATABASE_URL to run several workers on PostgreSQL (got ${JSON.stringify(env.BANK_WORKERS)})`,
    );
  }
  if (c.BANK_CLIENT_CERT === "required" && !c.BANK_TLS) {
    throw new BankConfigError(
      "BANK_CLIENT_CERT",
      `required needs BANK_TLS=on: a client certificate is presented on a TLS connection (got ${JSON.stringify(env.BANK_CLIENT_CERT)})`,
    );
  }
  if (c.BANK_TLS && c.BANK_PUBLIC_URL !== undefined && !c.BANK_PUBLIC_URL.startsWith("https://")) {
    throw new BankConfigError(
      "BANK_PUBLIC_URL",
      `must be an https:// URL when BANK_TLS is on: the bank's links and SCA pages are served over HTTPS (got ${JSON.stringify(env.BANK_PUBLIC_URL)})`,
    );
  }
  const separateWeb = c.BANK_CLIENT_CERT === "required";
  for (const variable of ["BANK_WEB_PORT", "BANK_PUBLIC_WEB_URL"] as const) {
    if (!separateWeb && c[variable] !== undefined) {
      throw new BankConfigError(
        variable,
        `is only used with BANK_CLIENT_CERT=required, whose web pages have a port of their own; without it one port serves everything (got ${JSON.stringify(env[variable])})`,
      );
    }
  }
  const publicUrl = c.BANK_PUBLIC_URL ?? (c.BANK_TLS ? "https://localhost:4000" : "http://localhost:4000");
  // Port 0 (any free port, as tests ask) has no "next" port: the web listener takes any free one too.
  const webPort = separateWeb ? (c.BANK_WEB_PORT ?? (c.BANK_PORT === 0 ? 0 : c.BANK_PORT + 1)) : undefined;
  if (webPort !== undefined && webPort !== 0 && webPort === c.BANK_PORT) {
    throw new BankConfigError(
      "BANK_WEB_PORT",
      `must differ from BANK_PORT (${c.BANK_PORT}): the API port requires a client certificate, the web pages' port does not (got ${JSON.stringify(env.BANK_WEB_PORT ?? String(webPort))})`,
    );
  }
  if (webPort !== undefined && webPort > 65535) {
    throw new BankConfigError(
      "BANK_WEB_PORT",
      `must be set when BANK_PORT is 65535: the default is BANK_PORT + 1 (got ${JSON.stringify(env.BANK_WEB_PORT)})`,
    );
  }
  return {
    host: c.BANK_HOST,
    port: c.BANK_PORT,
    publicUrl,
    webPort,
    publicWebUrl: webPort === undefined ? publicUrl : (c.BANK_PUBLIC_WEB_URL ?? withPort(publicUrl, webPort)),
    tls: c.BANK_TLS,
    clientCertificate: c.BANK_CLIENT_CERT,
    bankName: c.BANK_NAME,
    dataDir: c.BANK_DATA_DIR,
    databaseUrl: c.BANK_DATABASE_URL,
    trustAnchorsFile: c.BANK_TRUST_ANCHORS,
    workers: c.BANK_WORKERS ?? (c.BANK_DATABASE_URL === undefined ? 1 : Math.max(1, Math.min(64, cores))),
    batchRunIntervalMs: c.BANK_BATCH_RUN_INTERVAL * 1000,
    signatureMode: c.BANK_SIGNATURE_MODE,
    logLevel: c.BANK_LOG_LEVEL,
    portalCertificatesPerMinute: c.BANK_PORTAL_CERTIFICATES_PER_MINUTE,
    switches: {
      pendingKnownIssue: c.BANK_PENDING_KNOWN_ISSUE,
      domesticDetailsKnownIssue: c.BANK_DOMESTIC_DETAILS_KNOWN_ISSUE,
    },
  };
}
