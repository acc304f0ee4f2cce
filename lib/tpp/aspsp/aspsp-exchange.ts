import type { ResponseSignatureVerdict } from "./verify-response-signature";

/** A header as sent or received, in order. */
export type HeaderPair = readonly [name: string, value: string];

/**
 * One HTTP exchange with the bank, as the client saw it: what was sent (headers in order, the
 * signing string, the body text) and what came back. The request inspector keeps these.
 */
export interface AspspExchange {
  readonly startedAt: Date;
  readonly userId: string | undefined;
  /** The app's flow the call belongs to (AspspCaller.flowId); undefined for none. */
  readonly flowId: string | undefined;
  /** Made without the PSU (AspspCaller.unattended): a refresh within the bank's PSU-absent limits. */
  readonly unattended?: boolean;
  readonly method: string;
  readonly url: string;
  readonly requestId: string;
  /** 1, or 2 for the retry of a GET after a connection error. */
  readonly attempt: number;
  readonly requestHeaders: readonly HeaderPair[];
  readonly signingString: string;
  readonly signedHeaders: readonly string[];
  /** The body octets as sent, read as UTF-8 ("" for none). */
  readonly requestBody: string;
  /** undefined when no reply came (connection error, timeout). */
  readonly status: number | undefined;
  readonly responseHeaders: readonly HeaderPair[];
  readonly responseBody: string | undefined;
  readonly durationMs: number;
  readonly signature: ResponseSignatureVerdict | undefined;
  /** What went wrong when no reply came, or the reply was refused. */
  readonly error: string | undefined;
}
