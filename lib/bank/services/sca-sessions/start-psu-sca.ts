import type { AuthorisationPurpose } from "../../repositories/authorisations-repository";
import { checkScaStart, createScaChallenge, startScaJourney } from "../../sca/start-sca-journey";
import type { Link } from "../../../psd2/schemas";
import type { AisRequest } from "../account-information/authorize-resource-read";
import { identifyPsu } from "./identify-psu";
import type { ServiceContext } from "../service-context";

/**
 * Starts an SCA journey for a request whose answer is the scaRedirect link itself: POST
 * /v1/consents (purpose consent: login, context, the consent screen) and GET /v1/users (purpose
 * identify: login and context only, to obtain a psu-id). A PSU named by PSU-ID or X-PSU-IDENTITY
 * is the only one who may log in; a PSU-Corporate-ID fixes the agreement (no choice is asked).
 * A PSU header that names nobody for this TPP is 401 PSU_CREDENTIALS_INVALID, with a link to a
 * journey for whoever logs in.
 *
 * @see docs/interface/authentication.md#sca-by-redirect, docs/interface/authentication.md#consent, docs/interface/authentication.md#contexts; docs/interface/endpoints.md#success-statuses, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export async function startPsuSca(
  ctx: ServiceContext,
  request: AisRequest,
  purpose: Extract<AuthorisationPurpose, "consent" | "identify">,
): Promise<{ _links: { scaRedirect: Link } }> {
  const { tpp, headers } = request;
  const identified = await identifyPsu(ctx.db, tpp.id, headers);
  if (!identified.ok) throw await createScaChallenge(ctx, { tpp, headers, purpose, ...identified.problem });
  // The security gate requires TPP-Session-ID and TPP-Redirect-URI on these operations; checked
  // here too, for other callers.
  const back = checkScaStart(headers);
  const { scaRedirect } = await startScaJourney(ctx, {
    tpp,
    purpose,
    ...back,
    ...(identified.customer ? { expectedCustomerId: identified.customer.id } : {}),
    ...(identified.agreement ? { expectedAgreementId: identified.agreement.id } : {}),
  });
  return { _links: { scaRedirect } };
}
