import "server-only";
import type { TppMessage } from "../psd2/schemas";

/**
 * The closed set of codes of the TPP core. ASPSP_ERROR is the bank's own "no" (an AspspError);
 * every other code is about the TPP's side of a call or its setup.
 */
export const TPP_ERROR_CODES = [
  /** A setting is missing or wrong; `variable` names it. */
  "CONFIG_INVALID",
  /** The signing certificate could not be obtained (e.g. the sandbox portal is unreachable). */
  "CREDENTIALS_UNAVAILABLE",
  /** The bank answered with a non-2xx status (AspspError). */
  "ASPSP_ERROR",
  /** The bank could not be reached (connection refused, DNS, TLS): the request did not reach it. */
  "ASPSP_UNREACHABLE",
  /** The connection broke after the request was sent (a reset, a reply cut off): the bank may have acted on it. */
  "ASPSP_CONNECTION_LOST",
  /** The bank did not answer in time. */
  "ASPSP_TIMEOUT",
  /** A 2xx reply whose body does not match the interface. */
  "ASPSP_RESPONSE_INVALID",
  /** A reply's signature failed and ASPSP_REQUIRE_SIGNED_RESPONSES is set. */
  "RESPONSE_SIGNATURE_INVALID",
  /** A link or page token that does not lead to the bank's own API. */
  "ASPSP_LINK_INVALID",
  /** The app user is not signed in. */
  "NOT_SIGNED_IN",
  /** The PSU session cookie is missing where it cannot be created (a page render). */
  "PSU_SESSION_MISSING",
  /** An argument from a page or form breaks a rule. */
  "INPUT_INVALID",
  /** The app's own database could not be reached (refused, restarting, the connection cut): nothing of the step was kept half-way. */
  "DATABASE_UNAVAILABLE",
] as const;

export type TppErrorCode = (typeof TPP_ERROR_CODES)[number];

export interface TppErrorOptions {
  readonly cause?: unknown;
  /** For CONFIG_INVALID: the environment variable at fault. */
  readonly variable?: string;
  /** For a failed call to the bank: the X-Request-ID it was sent with (to find it in the request inspector and the log). */
  readonly requestId?: string;
}

// Brands that make `instanceof` hold across copies of this module: Next bundles instrumentation,
// the proxy and the pages separately, and the signed client made in one bundle (kept on
// globalThis) throws errors of its own copy's classes into the pages of another.
const TPP_ERROR = Symbol.for("psd2-tpp-demo.TppError");
const ASPSP_ERROR = Symbol.for("psd2-tpp-demo.AspspError");

function isBranded(value: unknown, brand: symbol): boolean {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[brand] === true;
}

/** The one error class of lib/tpp: a code from a closed set and a message in plain words. */
export class TppError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isBranded(value, TPP_ERROR);
  }

  readonly [TPP_ERROR] = true;
  override readonly name: string = "TppError";
  readonly code: TppErrorCode;
  readonly variable: string | undefined;
  /** The X-Request-ID of the call that failed, when a call to the bank did. */
  readonly callRequestId: string | undefined;

  constructor(code: TppErrorCode, message: string, options: TppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.variable = options.variable;
    this.callRequestId = options.requestId;
  }
}

/** A link of a bank reply, with its href resolved against the bank's base URL. */
export interface ResolvedLink {
  readonly href: string;
  /** Absolute URL; undefined when the href could not be read as a URL. */
  readonly url: string | undefined;
  readonly verbs: readonly string[];
}

export interface AspspErrorDetails {
  readonly status: number;
  readonly tppMessages: readonly TppMessage[];
  readonly psuMessage: string | undefined;
  readonly links: Readonly<Record<string, ResolvedLink>>;
  /** The X-Request-ID of the request that got this reply. */
  readonly requestId: string;
  /** The TPP-Session-ID the request carried: the one an SCA started from this reply binds to. */
  readonly tppSessionId: string | undefined;
  /** The flow the request belonged to (the `flow` of its TPP-Redirect-URI). */
  readonly flowId?: string | undefined;
  /** What could not be read of the reply body, when it was not a tppMessages body. */
  readonly bodyProblems?: readonly string[];
}

/**
 * A non-2xx reply of the bank: its status, tppMessages, psuMessage and links (scaRedirect among
 * them when SCA can cure it).
 * @see docs/interface/errors.md#statuses-by-code; docs/interface/errors.md#error-codes
 */
export class AspspError extends TppError {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isBranded(value, ASPSP_ERROR);
  }

  readonly [ASPSP_ERROR] = true;
  override readonly name: string = "AspspError";
  readonly status: number;
  readonly tppMessages: readonly TppMessage[];
  readonly psuMessage: string | undefined;
  readonly links: Readonly<Record<string, ResolvedLink>>;
  readonly requestId: string;
  readonly tppSessionId: string | undefined;
  readonly flowId: string | undefined;
  readonly bodyProblems: readonly string[];

  constructor(details: AspspErrorDetails) {
    const [first] = details.tppMessages;
    const summary = first === undefined ? "no tppMessages" : `${first.code}${first.text === undefined ? "" : `: ${first.text}`}`;
    super("ASPSP_ERROR", `The bank answered ${details.status} (${summary})`);
    this.status = details.status;
    this.tppMessages = details.tppMessages;
    this.psuMessage = details.psuMessage;
    this.links = details.links;
    this.requestId = details.requestId;
    this.tppSessionId = details.tppSessionId;
    this.flowId = details.flowId;
    this.bodyProblems = details.bodyProblems ?? [];
  }

  /** The first tppMessage's code, e.g. SCA_NOT_FOUND; undefined when the reply had none. */
  get bankCode(): string | undefined {
    return this.tppMessages[0]?.code;
  }

  /** The absolute scaRedirect URL when the bank offers SCA to cure this error. */
  get scaRedirect(): string | undefined {
    return this.links.scaRedirect?.url;
  }
}

/** Whether an error is one SCA can cure (a bank reply carrying scaRedirect). */
export function needsSca(error: unknown): error is AspspError {
  return error instanceof AspspError && error.scaRedirect !== undefined;
}
