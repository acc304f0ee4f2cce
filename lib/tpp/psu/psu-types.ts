import type { PsuContext } from "../../psd2/schemas";

/** The start of an SCA at the bank: where to send the PSU, and the TPP-Session-ID it binds to. */
export interface ScaStart {
  /** The absolute scaRedirect URL (the bank's pages). */
  readonly scaRedirect: string;
  /** The TPP-Session-ID of the request that started it: the success redirect carries it back. */
  readonly tppSessionId: string | undefined;
  /** The flow of the request that started it (the `flow` of its TPP-Redirect-URI). */
  readonly flowId: string | undefined;
}

/** Who the PSU of the session is (GET /v1/user). */
export interface PsuIdentity {
  readonly psuId: string;
  readonly context: PsuContext;
  readonly customerName: string;
}

/** A corporate agreement of the PSU (GET /v1/agreements); its id is the PSU-Corporate-ID to send. */
export interface CorporateAgreement {
  readonly psuCorporateId: string;
  readonly name: string;
  readonly organisationNumber: string;
}
