/**
 * What a sandbox operation answered, as the control room shows it: the HTTP status, the
 * X-Request-ID (to find the call in the request inspector), the Location of a 201, and the body
 * read with lib/psd2's reply schema. Pure types: pages and client components import them.
 */
export interface SandboxReply<T> {
  /** The operation, e.g. "PUT /v1/sandbox/accounts/{id}/balances" with the id filled in. */
  readonly method: "GET" | "POST" | "PUT";
  readonly path: string;
  readonly status: number;
  readonly requestId: string;
  /** The Location header of a 201, resolved against the bank's URL. */
  readonly location: string | undefined;
  readonly body: T;
}

/** Amounts of the sandbox operations: a decimal string in the currency's fraction digits; debits negative. */
export interface SandboxAmount {
  readonly currency: string;
  readonly amount: string;
}
