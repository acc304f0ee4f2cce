import type { BankError } from "../../errors";
import { createScaChallenge } from "../../sca/start-sca-journey";
import type { AisRequest, AuthorisedRead, OwnedResource } from "./authorize-resource-read";
import type { ServiceContext } from "../service-context";

/**
 * The 401 CONSENT_INVALID for history older than 90 days asked without the PSU: it needs the PSU
 * present with an SCA within the hour (the scaRedirect offers one). Undefined when the date is
 * readable.
 *
 * @see docs/interface/limits.md#limits-in-the-spec; docs/interface/limits.md#what-the-sandbox-enforces
 */
export async function refuseOldHistory(
  ctx: ServiceContext,
  request: AisRequest,
  access: AuthorisedRead<OwnedResource>,
  oldest: { date: string; path: string },
): Promise<BankError | undefined> {
  if (access.oldestDate === undefined || oldest.date >= access.oldestDate) return undefined;
  return createScaChallenge(ctx, {
    ...request,
    purpose: "consent",
    code: "CONSENT_INVALID",
    text: `Without the PSU present (no PSU-IP-Address) transactions are readable back to ${access.oldestDate} (90 days); ${oldest.path} asks for ${oldest.date}: send PSU-IP-Address with a TPP-Session-ID whose SCA is within the hour`,
    path: oldest.path,
    expectedCustomerId: access.customer.id,
  });
}
