import "server-only";
import { Agent, type Dispatcher, request } from "undici";
import type { z } from "zod";
import { errorResponseSchema, parseResponseBody, type TppMessage } from "../../psd2/schemas";
import { type CertificateCache, createCertificateCache, createRequestId, formatHttpDate, type RequestSigner } from "../../psd2/signing";
import type { ParsedCertificate, TrustAnchor } from "../../psd2/x509";
import { AspspError, type ResolvedLink, TppError, type TppErrorCode } from "../errors";
import type { AspspCaller } from "./aspsp-caller";
import type { AspspExchange, HeaderPair } from "./aspsp-exchange";
import { DEFAULT_ASPSP_TIMEOUT_MS } from "./aspsp-timeout";
import { buildRequestHeaders } from "./build-request-headers";
import { encodeRedirectUri } from "./encode-redirect-uri";
import { resolveAspspUrl, resolveLinkForBrowser } from "./resolve-aspsp-url";
import { type ResponseSignatureVerdict, verifyResponseSignature } from "./verify-response-signature";

export type AspspMethod = "GET" | "POST" | "PUT" | "DELETE";

/** One call to the bank: where, what, for whom, and the schema its 2xx body must match. */
export interface AspspCall<S extends z.ZodType> {
  readonly method: AspspMethod;
  /** A path of the interface (`/v1/accounts`) or the href of a link in an earlier reply. */
  readonly path: string;
  /** Query parameters added to the path's own (undefined values are left out). */
  readonly query?: Readonly<Record<string, string | undefined>>;
  /** A JSON body: serialised once; the same octets are hashed, signed and sent. */
  readonly body?: unknown;
  /** The schema of the 2xx reply; an empty body is parsed as undefined. */
  readonly schema: S;
  readonly caller: AspspCaller;
  /**
   * The X-Request-ID to send, when the caller wrote it down before the request leaves (a durable
   * intent, lib/tpp/payments/bank-intents.ts); default a new one. Only a call sent once (a POST,
   * PUT or DELETE) may name it: a GET's retry needs a fresh one.
   */
  readonly requestId?: string;
}

/** A 2xx reply, parsed. */
export interface AspspReply<T> {
  readonly status: number;
  readonly value: T;
  readonly requestId: string;
  /** The Location header of a 201, resolved. */
  readonly location: string | undefined;
  readonly signature: ResponseSignatureVerdict;
}

export interface AspspTlsOptions {
  /** The QWAC (the chain may follow it) and its key, presented to the bank (mutual TLS); none when both are absent. */
  readonly certificatePem?: string;
  readonly privateKeyPem?: string;
  /** CAs for the bank's server certificate, when not the system's (tests, private CAs). */
  readonly caPem?: string;
}

export interface AspspClientOptions {
  /** The bank's base URL: paths and relative links resolve against it. */
  readonly baseUrl: string;
  /** Made once from the TPP's key and certificate (createRequestSigner). */
  readonly signer: RequestSigner;
  /** TPP-Redirect-URI as configured; sent percent-encoded. */
  readonly redirectUri: string;
  /** TPP-Brand-Logging-Information. */
  readonly brand?: string;
  /** x-accept-fix: comma-separated fixes opted into. */
  readonly acceptFix?: string;
  /** The CAs the bank's response seal must chain to; undefined: signatures are not checked. */
  readonly trustAnchors?: readonly TrustAnchor[];
  /** Refuse replies whose signature is not verified (ASPSP_REQUIRE_SIGNED_RESPONSES). */
  readonly requireSignedResponses?: boolean;
  readonly tls?: AspspTlsOptions;
  readonly timeouts?: { readonly connectMs?: number; readonly headersMs?: number; readonly bodyMs?: number };
  /**
   * The longest one attempt may take, from sending to the last octet of the reply
   * (ASPSP_TIMEOUT_MS); default DEFAULT_ASPSP_TIMEOUT_MS. A reply slower than this is
   * ASPSP_TIMEOUT.
   */
  readonly timeoutMs?: number;
  /** Where a call that failed (no reply, a reply cut off, 5xx, unreadable, refused signature) is told in one line; default console.error. */
  readonly log?: (line: string) => void;
  /**
   * Receives every exchange (each attempt), for the request inspector. The 2xx reply to a GET is
   * not held back while a returned promise settles (close() waits for those); every other
   * exchange is recorded before the call returns or throws. A failure is logged, never thrown
   * into the call.
   */
  readonly recorder?: (exchange: AspspExchange) => void | Promise<void>;
  readonly now?: () => Date;
  readonly createRequestId?: () => string;
  /** Replaces the client's own keep-alive Agent (its TLS and timeout options then do not apply). */
  readonly dispatcher?: Dispatcher;
}

export interface AspspClient {
  readonly baseUrl: string;
  /** The keyId of the signing certificate. */
  readonly keyId: string;
  readonly certificate: ParsedCertificate;
  /**
   * The one way to call the bank: signs, sends, verifies the reply's signature, parses the body
   * with the call's schema, and throws AspspError for a non-2xx reply.
   */
  fetch<S extends z.ZodType>(call: AspspCall<S>): Promise<AspspReply<z.output<S>>>;
  /** Lets the recorder's writes finish, then closes the keep-alive connections (once; later calls wait for the same). */
  close(): Promise<void>;
}

/** The undici Agent options the client uses: keep-alive, timeouts, and mutual TLS when given. */
export function createAspspAgentOptions(options: Pick<AspspClientOptions, "tls" | "timeouts" | "timeoutMs">): Agent.Options {
  const tls = options.tls;
  const total = options.timeoutMs ?? DEFAULT_ASPSP_TIMEOUT_MS;
  return {
    connect: {
      timeout: Math.min(options.timeouts?.connectMs ?? 5_000, total),
      // TLS 1.2 or higher on every call (docs/interface/authentication.md#transport-security).
      minVersion: "TLSv1.2",
      ...(tls?.certificatePem === undefined || tls.privateKeyPem === undefined ? {} : { cert: tls.certificatePem, key: tls.privateKeyPem }),
      ...(tls?.caPem === undefined ? {} : { ca: tls.caPem }),
    },
    headersTimeout: Math.min(options.timeouts?.headersMs ?? 20_000, total),
    bodyTimeout: Math.min(options.timeouts?.bodyMs ?? 30_000, total),
    keepAliveTimeout: 10_000,
    keepAliveMaxTimeout: 60_000,
    connections: 16,
  };
}

/** The dispatcher given, or the client's own keep-alive Agent (which close() closes). */
function dispatcherOf(options: AspspClientOptions): { dispatcher: Dispatcher; ownAgent: Agent | undefined } {
  if (options.dispatcher !== undefined) return { dispatcher: options.dispatcher, ownAgent: undefined };
  const agent = new Agent(createAspspAgentOptions(options));
  return { dispatcher: agent, ownAgent: agent };
}

// Errors where no request reached the bank's application, or the connection broke before a
// reply: a GET may be sent again. Timeouts waiting for a reply are not among them.
const CONNECTION_ERROR_CODES = new Set([
  "ECONNRESET",
  "ECONNREFUSED",
  "EPIPE",
  "ETIMEDOUT",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_CLOSED",
]);
// Of those, the ones where the request cannot have reached the bank: no connection was made.
const NOT_CONNECTED_CODES = new Set(["ECONNREFUSED", "UND_ERR_CONNECT_TIMEOUT", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);
const TIMEOUT_CODES = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "ASPSP_TIMEOUT"]);

/** The abort of an attempt that ran past ASPSP_TIMEOUT_MS. */
class AttemptTimeout extends Error {
  readonly code = "ASPSP_TIMEOUT";
  constructor(timeoutMs: number) {
    super(`no complete reply within ${timeoutMs} ms (ASPSP_TIMEOUT_MS)`);
  }
}

function errorCodeOf(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 4; current = current.cause, depth++) {
    if ("code" in current && typeof current.code === "string") return current.code;
  }
  return undefined;
}

/** What to do about a TLS failure, by its code: the setting that decides it. */
const TLS_HINTS: Readonly<Record<string, string>> = {
  SELF_SIGNED_CERT_IN_CHAIN: "the bank's server certificate is not from a CA the app trusts: set ASPSP_TLS_CA_FILE to its CA",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the bank's server certificate is self-signed: set ASPSP_TLS_CA_FILE to it",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "the bank's server certificate is not from a CA the app trusts: set ASPSP_TLS_CA_FILE to its CA",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "the bank's server certificate is not from a CA the app trusts: set ASPSP_TLS_CA_FILE to its CA",
  ERR_TLS_CERT_ALTNAME_INVALID: "the bank's server certificate is not for the host of ASPSP_BASE_URL",
  CERT_HAS_EXPIRED: "the bank's server certificate has expired",
  ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED:
    "the bank requires a client certificate: set TPP_TLS_CERT_FILE with TPP_TLS_KEY_FILE, or TPP_TLS_P12_FILE",
  ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE:
    "the bank refused the TLS handshake (a client certificate it requires, or no common TLS version 1.2 or higher)",
  ERR_SSL_TLSV1_ALERT_UNKNOWN_CA: "the bank does not trust the CA of the client certificate (TPP_TLS_CERT_FILE or TPP_TLS_P12_FILE)",
  ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION: "the bank and the app have no TLS version in common (the app speaks 1.2 and 1.3)",
};

function describeError(error: unknown): string {
  const code = errorCodeOf(error);
  const message = error instanceof Error ? error.message : String(error);
  const described = code === undefined || message.includes(code) ? message : `${code}: ${message}`;
  const hint = code === undefined ? undefined : TLS_HINTS[code];
  return hint === undefined ? described : `${described}; ${hint}`;
}

function headerPairsOf(headers: Readonly<Record<string, string | string[] | undefined>>): HeaderPair[] {
  const pairs: HeaderPair[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const item of typeof value === "string" ? [value] : value) pairs.push([name, item]);
  }
  return pairs;
}

function singleHeader(headers: Readonly<Record<string, string | string[] | undefined>>, name: string): string | undefined {
  const value = headers[name];
  return typeof value === "string" ? value : value?.[0];
}

function readJson(text: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  if (text.trim() === "") return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, problem: `the body is not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
}

/** Every `_links` entry of an error body, with hrefs resolved for the browser. */
function resolveLinks(
  baseUrl: string,
  links: Readonly<Record<string, { href: string; verbs: readonly string[] }>> | undefined,
): Record<string, ResolvedLink> {
  const resolved: Record<string, ResolvedLink> = {};
  for (const [name, link] of Object.entries(links ?? {})) {
    resolved[name] = { href: link.href, url: resolveLinkForBrowser(baseUrl, link.href), verbs: link.verbs };
  }
  return resolved;
}

function urlOf(baseUrl: string, call: { path: string; query?: Readonly<Record<string, string | undefined>> }): URL {
  const url = resolveAspspUrl(baseUrl, call.path);
  for (const [name, value] of Object.entries(call.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  return url;
}

/** A request that got a reply: the reply as received and the exchange so far. */
interface SentRequest {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
  readonly requestId: string;
  readonly exchange: Omit<AspspExchange, "status" | "responseHeaders" | "responseBody" | "signature" | "error">;
}

/**
 * The TPP's one signed HTTP client for the bank (undici, keep-alive Agent). Every request
 * carries Date, X-Request-ID, Digest, Signature and TPP-Signature-Certificate, plus the session,
 * redirect and PSU headers of the caller; the JSON body is serialised once and the same octets
 * are hashed, signed and sent. A GET is sent once more after a connection error (never after an
 * HTTP error, never a POST, PUT or DELETE).
 * @see docs/interface/conventions.md#wire-conventions, docs/interface/errors.md#statuses-by-code, docs/interface/request-signing.md#request-signing; docs/interface/header-parameters.md#headers-by-operation, docs/interface/authentication.md#authentication
 */
export function createAspspClient(options: AspspClientOptions): AspspClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const now = options.now ?? (() => new Date());
  const newRequestId = options.createRequestId ?? createRequestId;
  const { dispatcher, ownAgent } = dispatcherOf(options);
  const redirectUri = encodeRedirectUri(options.redirectUri);
  const certificateCache: CertificateCache = createCertificateCache({ maxEntries: 16 });
  const { signer } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_ASPSP_TIMEOUT_MS;
  const log = options.log ?? ((line: string) => console.error(line));

  // The inspector's writes of successful reads still under way: a page's read is not held back
  // for its record (the PSU waits for the bank, not for the inspector), and close() lets them
  // finish. Every other exchange (a write, a refusal, an SCA redirect, no reply) is recorded
  // before the call returns or throws, so that what follows it (a flow named after its first
  // call, an error page) finds it.
  const recording = new Set<Promise<void>>();
  let closing: Promise<void> | undefined;

  function recordFailed(exchange: AspspExchange, error: unknown): void {
    // The inspector must never break a call to the bank.
    console.error(`tpp: could not record the bank call ${exchange.requestId}: ${describeError(error)}`);
  }

  async function record(exchange: AspspExchange, how: { inBackground: boolean }): Promise<void> {
    if (options.recorder === undefined) return;
    let written: void | Promise<void>;
    try {
      written = options.recorder(exchange);
    } catch (error) {
      recordFailed(exchange, error);
      return;
    }
    if (written === undefined) return;
    const pending = written.then(
      () => undefined,
      (error: unknown) => recordFailed(exchange, error),
    );
    if (!how.inBackground) return pending;
    recording.add(pending);
    void pending.finally(() => recording.delete(pending));
  }

  async function send(
    method: AspspMethod,
    url: URL,
    body: Buffer | undefined,
    caller: AspspCaller,
    attempt: number,
    requestId: string,
  ): Promise<SentRequest> {
    const date = now();
    const baseHeaders = buildRequestHeaders({
      caller,
      redirectUri,
      acceptFix: options.acceptFix,
      brand: options.brand,
      hasBody: body !== undefined,
    });
    const path = `${url.pathname}${url.search}`;
    const signature = signer.sign(
      { method, path, headers: Object.fromEntries(baseHeaders), ...(body === undefined ? {} : { body }) },
      { date, requestId },
    );
    const signed = signature.headers;
    const headers: HeaderPair[] = [
      ["Date", signed.Date ?? formatHttpDate(date)],
      ["X-Request-ID", requestId],
      ["Digest", signed.Digest],
      ["Signature", signed.Signature],
      ["TPP-Signature-Certificate", signed["TPP-Signature-Certificate"]],
      ...baseHeaders,
    ];
    const exchange = {
      startedAt: date,
      userId: caller.userId,
      flowId: caller.flowId,
      unattended: caller.unattended === true,
      method,
      url: url.href,
      requestId,
      attempt,
      requestHeaders: headers,
      signingString: signature.signingString,
      signedHeaders: signature.signedHeaders,
      requestBody: body === undefined ? "" : body.toString("utf8"),
    };
    const started = performance.now();
    let response: Dispatcher.ResponseData;
    let responseBody: Buffer;
    // One deadline for the whole attempt: connecting, the headers and every octet of the body.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new AttemptTimeout(timeoutMs)), timeoutMs);
    try {
      response = await request(url, {
        method,
        headers: headers.flatMap(([name, value]) => [name, value]),
        ...(body === undefined ? {} : { body }),
        dispatcher,
        signal: deadline.signal,
      });
      responseBody = Buffer.from(await response.body.arrayBuffer());
    } catch (caught) {
      const error: unknown = deadline.signal.aborted ? deadline.signal.reason : caught;
      const durationMs = Math.round(performance.now() - started);
      await record(
        {
          ...exchange,
          status: undefined,
          responseHeaders: [],
          responseBody: undefined,
          durationMs,
          signature: undefined,
          error: describeError(error),
        },
        { inBackground: false },
      );
      throw error;
    } finally {
      clearTimeout(timer);
    }
    const durationMs = Math.round(performance.now() - started);
    return {
      status: response.statusCode,
      headers: response.headers,
      body: responseBody,
      requestId,
      exchange: { ...exchange, durationMs },
    };
  }

  /** The one line a failed call leaves in the log: what, which X-Request-ID(s), what happened. */
  function logFailure(method: string, url: URL, requestIds: readonly string[], what: string): void {
    const ids = requestIds.length === 1 ? `X-Request-ID ${requestIds[0]}` : `X-Request-IDs ${requestIds.join(", ")} (retried once)`;
    log(`tpp: bank call ${method} ${url.pathname} failed, ${ids}: ${what}`);
  }

  /** A TppError for a call that failed on the TPP's side, logged in one line. */
  function failure(
    code: TppErrorCode,
    message: string,
    call: { method: string; url: URL; requestIds: readonly string[] },
    cause?: unknown,
  ): TppError {
    const requestId = call.requestIds.at(-1);
    logFailure(call.method, call.url, call.requestIds, message);
    return new TppError(code, message, { ...(cause === undefined ? {} : { cause }), ...(requestId === undefined ? {} : { requestId }) });
  }

  async function fetchFromBank<S extends z.ZodType>(call: AspspCall<S>): Promise<AspspReply<z.output<S>>> {
    const url = urlOf(baseUrl, call);
    const body = call.body === undefined ? undefined : Buffer.from(JSON.stringify(call.body), "utf8");
    const maxAttempts = call.method === "GET" ? 2 : 1;
    if (call.requestId !== undefined && maxAttempts > 1)
      throw new TppError(
        "INPUT_INVALID",
        `a ${call.method} is sent again after a connection error with a new X-Request-ID: it cannot name its own`,
      );
    const requestIds: string[] = [];
    let sent: SentRequest | undefined;
    for (let attempt = 1; sent === undefined; attempt++) {
      const requestId = attempt === 1 && call.requestId !== undefined ? call.requestId : newRequestId();
      requestIds.push(requestId);
      try {
        sent = await send(call.method, url, body, call.caller, attempt, requestId);
      } catch (error) {
        const code = errorCodeOf(error);
        if (attempt < maxAttempts && code !== undefined && CONNECTION_ERROR_CODES.has(code)) continue;
        const where = { method: call.method, url, requestIds };
        if (code !== undefined && TIMEOUT_CODES.has(code)) {
          throw failure(
            "ASPSP_TIMEOUT",
            `The bank did not answer ${call.method} ${url.pathname} in time (${describeError(error)})`,
            where,
            error,
          );
        }
        if (code === undefined || NOT_CONNECTED_CODES.has(code) || !CONNECTION_ERROR_CODES.has(code)) {
          throw failure(
            "ASPSP_UNREACHABLE",
            `The bank at ${url.origin} could not be reached for ${call.method} ${url.pathname} (${describeError(error)})`,
            where,
            error,
          );
        }
        // A bank that requires mutual TLS ends the handshake of a connection without a client
        // certificate; over TLS 1.3 the client sees only the connection closed after its request.
        const clientCertificateHint =
          url.protocol === "https:" && options.dispatcher === undefined && options.tls?.certificatePem === undefined
            ? "; the app presents no TLS client certificate, and a bank that requires one (mutual TLS) closes such a connection: set TPP_TLS_CERT_FILE with TPP_TLS_KEY_FILE, or TPP_TLS_P12_FILE"
            : "";
        throw failure(
          "ASPSP_CONNECTION_LOST",
          `The connection to the bank broke before its answer to ${call.method} ${url.pathname} was complete (${describeError(error)})${clientCertificateHint}`,
          where,
          error,
        );
      }
    }
    const where = { method: call.method, url, requestIds };

    const { status, headers, requestId } = sent;
    const text = sent.body.toString("utf8");
    const signature = verifyResponseSignature(
      { headers, body: sent.body },
      { trustAnchors: options.trustAnchors, now: now(), certificateCache },
    );
    const refusedSignature = options.requireSignedResponses === true && signature.status !== "verified";
    const signatureProblem = refusedSignature
      ? `the reply's signature is ${signature.status}${signature.status === "failed" ? `: ${signature.problems.join("; ")}` : ""}`
      : undefined;
    const inBackground = call.method === "GET" && signatureProblem === undefined && status >= 200 && status <= 299;
    await record(
      {
        ...sent.exchange,
        status,
        responseHeaders: headerPairsOf(headers),
        responseBody: text,
        signature,
        error: signatureProblem === undefined ? undefined : `refused: ${signatureProblem}`,
      },
      { inBackground },
    );
    if (signatureProblem !== undefined) {
      throw failure(
        "RESPONSE_SIGNATURE_INVALID",
        `The bank's reply (HTTP ${status}) to ${call.method} ${url.pathname} was refused: ${signatureProblem}`,
        where,
      );
    }

    const json = readJson(text);
    if (status < 200 || status > 299) {
      const parsed = json.ok ? parseResponseBody(errorResponseSchema, json.value ?? {}) : undefined;
      const tppMessages: readonly TppMessage[] = parsed?.ok === true ? parsed.value.tppMessages : [];
      if (status >= 500) {
        const codes = tppMessages.map((message) => message.code).join(", ");
        logFailure(call.method, url, requestIds, `the bank answered ${status}${codes === "" ? "" : ` (${codes})`}`);
      }
      throw new AspspError({
        status,
        tppMessages,
        psuMessage: parsed?.ok === true ? parsed.value.psuMessage : undefined,
        links: resolveLinks(baseUrl, parsed?.ok === true ? parsed.value._links : undefined),
        requestId,
        tppSessionId: call.caller.tppSessionId,
        flowId: call.caller.flowId,
        ...(parsed === undefined ? { bodyProblems: json.ok ? [] : [json.problem] } : parsed.ok ? {} : { bodyProblems: parsed.problems }),
      });
    }
    if (!json.ok) {
      throw failure(
        "ASPSP_RESPONSE_INVALID",
        `The bank's reply (HTTP ${status}) to ${call.method} ${url.pathname} cannot be read: ${json.problem}`,
        where,
      );
    }
    const parsed = parseResponseBody(call.schema, json.value);
    if (!parsed.ok) {
      throw failure(
        "ASPSP_RESPONSE_INVALID",
        `The bank's reply (HTTP ${status}) to ${call.method} ${url.pathname} does not match the interface: ${parsed.problems.join("; ")}`,
        where,
      );
    }
    const location = singleHeader(headers, "location");
    return {
      status,
      value: parsed.value,
      requestId,
      location: location === undefined ? undefined : resolveLinkForBrowser(baseUrl, location),
      signature,
    };
  }

  return {
    baseUrl,
    keyId: signer.keyId,
    certificate: signer.certificate,
    fetch: fetchFromBank,
    close() {
      closing ??= (async () => {
        await Promise.all(recording);
        await ownAgent?.close();
      })();
      return closing;
    },
  };
}
