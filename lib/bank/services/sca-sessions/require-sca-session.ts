import type { AgreementRecord } from "../../repositories/agreements-repository";
import type { CustomerRecord } from "../../repositories/customers-repository";
import type { ScaSessionRecord } from "../../repositories/sca-sessions-repository";
import type { AuthorisationPurpose } from "../../repositories/authorisations-repository";
import { createScaChallenge } from "../../sca/start-sca-journey";
import type { AisRequest } from "../account-information/authorize-resource-read";
import { checkScaSession, describeScaSessionProblem } from "./check-sca-session";
import { identifyPsu } from "./identify-psu";
import type { ServiceContext } from "../service-context";

export type PsuInSession = { customer: CustomerRecord; agreement?: AgreementRecord; session: ScaSessionRecord };

/**
 * The PSU of a request that needs a valid SCA session (account listings, the user, agreements):
 * named by PSU-ID (or X-PSU-IDENTITY) and with an SCA within the hour under TPP-Session-ID.
 * Otherwise a 401 with an scaRedirect link to a journey of the given purpose, for the same PSU.
 *
 * @see docs/interface/authentication.md#sca-by-redirect, docs/interface/authentication.md#session-hour; docs/interface/sca-and-consent.md#sca-sessions-consent-and-context, docs/interface/limits.md#what-the-sandbox-enforces
 */
export async function requireScaSession(ctx: ServiceContext, request: AisRequest, purpose: AuthorisationPurpose): Promise<PsuInSession> {
  const { tpp, headers } = request;
  const identified = await identifyPsu(ctx.db, tpp.id, headers);
  if (!identified.ok) throw await createScaChallenge(ctx, { tpp, headers, purpose, ...identified.problem });
  const { customer, agreement } = identified;
  if (!customer) {
    throw await createScaChallenge(ctx, {
      tpp,
      headers,
      purpose,
      code: "SCA_NOT_FOUND",
      text: "This request needs an SCA of the PSU (no PSU-ID was sent): follow scaRedirect",
    });
  }
  const check = await checkScaSession(ctx.db, ctx.clock.now(), {
    tppId: tpp.id,
    customerId: customer.id,
    tppSessionId: headers.tppSessionId,
  });
  if (check.state !== "valid") {
    throw await createScaChallenge(ctx, {
      tpp,
      headers,
      purpose,
      ...describeScaSessionProblem(check),
      expectedCustomerId: customer.id,
      ...(agreement ? { expectedAgreementId: agreement.id } : {}),
    });
  }
  return { customer, session: check.session, ...(agreement ? { agreement } : {}) };
}
