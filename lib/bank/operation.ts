import type { Psd2Role } from "../psd2/certificates";

/**
 * What the security gate checks for one /v1 operation besides the request signature: the PSD2
 * roles that may call it, and the headers the spec requires for it. Routes declare it in their
 * `config.operation`.
 *
 * @see docs/interface/header-parameters.md#headers-by-operation; docs/interface/sca-and-consent.md#roles, docs/interface/request-signing.md#request-signing, docs/interface/certificates.md#certificates-and-tpp-registration
 */
export type OperationPolicy = {
  /** The roles that may call: any one of them suffices. */
  roles: readonly Psd2Role[];
  /** Headers that must be present (spelled as in the spec, matched case-insensitively). */
  requiredHeaders?: readonly string[];
};

/** Account information: PSP_AI. @see docs/interface/sca-and-consent.md#sca-sessions-consent-and-context */
export const AIS_ROLES = ["PSP_AI"] as const satisfies readonly Psd2Role[];
/** Payments and signing baskets: PSP_PI. @see docs/interface/sca-and-consent.md#sca-sessions-consent-and-context */
export const PIS_ROLES = ["PSP_PI"] as const satisfies readonly Psd2Role[];
/** /v1/users, /v1/user, /v1/agreements, the TPP dialogue API and sandbox operations: either role. */
export const ANY_TPP_ROLES = ["PSP_AI", "PSP_PI"] as const satisfies readonly Psd2Role[];

/** Headers an operation that may start SCA needs: TPP-Redirect-URI is required on every such request. */
export const SCA_HEADERS = ["TPP-Session-ID", "TPP-Redirect-URI"] as const;
/** Payment creation (column P of the header table); PSU-ID has alternatives, checked by the service. */
export const PAYMENT_HEADERS = ["x-accept-fix", "TPP-Session-ID", "TPP-Redirect-URI", "PSU-IP-Address"] as const;
/** Signing basket operations (column B of the header table). */
export const BASKET_HEADERS = ["x-accept-fix", "TPP-Session-ID", "TPP-Redirect-URI", "PSU-ID", "PSU-IP-Address"] as const;

declare module "fastify" {
  interface FastifyContextConfig {
    operation?: OperationPolicy;
  }
}
