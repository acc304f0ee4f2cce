import type { PsuContext } from "../../psd2/schemas";

/**
 * The PSU's side of a call, forwarded from the browser's request to the TPP: present only when
 * the PSU takes part in real time; a background call has none.
 * @see docs/interface/header-parameters.md#headers-by-operation, docs/interface/authentication.md#psu-present-or-absent
 */
export interface PsuPresence {
  readonly ipAddress: string;
  readonly ipPort?: string;
  readonly userAgent?: string;
  readonly accept?: string;
  readonly acceptCharset?: string;
  readonly acceptEncoding?: string;
  readonly acceptLanguage?: string;
  /** The method of the PSU's request to the TPP (GET for a page, POST for a form). */
  readonly httpMethod?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
}

/** Who a call is made for: the app user, the PSU's identifiers at the bank, and the session. */
export interface AspspCaller {
  /** The app user (for the request inspector); undefined for calls made for nobody in particular. */
  readonly userId?: string;
  /** TPP-Session-ID: an SCA is valid for one hour per TPP-Session-ID. */
  readonly tppSessionId?: string;
  /**
   * The app's flow this call belongs to (URL-safe): sent as the `flow` query parameter of
   * TPP-Redirect-URI, so that the bank's redirect after an SCA started by this call names the
   * flow it completes (the bank adds its parameters to the URI's own).
   */
  readonly flowId?: string;
  /** PSU-ID: the psu-id of the last success redirect. */
  readonly psuId?: string;
  /** PSU-Corporate-ID: the agreement of a CORPORATE context. */
  readonly psuCorporateId?: string;
  /** The context chosen at the last SCA, for payment initiation (PSU-Context) later. */
  readonly psuContext?: PsuContext;
  /**
   * X-PSU-IDENTITY: the PSU's Norwegian national identity or D-number, naming the PSU in place of
   * PSU-ID on payment initiation; PSU-ID is then left out (PSU-Corporate-ID stays).
   * @see docs/interface/header-parameters.md#headers-by-operation; docs/interface/payments.md#payments-in-the-sandbox
   */
  readonly psuIdentity?: string;
  /**
   * PSU-Context of the single-SCA payment initiation: the PSU has no psu-id yet (a PISP-only
   * journey), so PSU-ID, X-PSU-IDENTITY and PSU-Corporate-ID are left out and this context is
   * sent as PSU-Context; the one SCA identifies the PSU and approves the payment. Unlike
   * psuContext (what the last SCA chose, only recorded), it is sent whenever set.
   * @see docs/interface/header-parameters.md#headers-by-operation; docs/interface/payments.md#payments-in-the-sandbox
   */
  readonly singleScaContext?: PsuContext;
  /**
   * The operation requires x-accept-fix (payment creation and signing baskets: column R in the
   * header table): when the client has no value configured, DEFAULT_ACCEPT_FIX is sent.
   * @see docs/interface/header-parameters.md#headers-by-operation, docs/interface/versioning.md#versioning; docs/interface/header-parameters.md#x-accept-fix
   */
  readonly requiresAcceptFix?: boolean;
  /**
   * x-accept-fix exactly as this operation must send it, over the client's configured value: the
   * signing basket operation is to send amount-as-string.
   * @see docs/interface/header-parameters.md#headers-by-operation (x-accept-fix)
   */
  readonly acceptFix?: string;
  /** Present when the PSU takes part in real time. */
  readonly psu?: PsuPresence;
  /**
   * Made without the PSU by the app's refresh (no PSU-IP-Address, no PSU-* header): the bank's
   * PSU-absent limits apply, and the request inspector marks the call.
   * @see docs/interface/authentication.md#psu-present-or-absent, docs/interface/limits.md#limits-in-the-spec
   */
  readonly unattended?: boolean;
  /** TPP-Redirect-Preferred: false asks for approval in the bank's app; default true. */
  readonly redirectPreferred?: boolean;
}
