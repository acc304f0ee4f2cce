import "server-only";
import { scaRedirectResponseSchema } from "../../psd2/schemas";
import type { AspspContext } from "../aspsp/aspsp-context";
import type { ScaStart } from "./psu-types";
import { toScaStart, withoutPsu } from "./to-sca-start";

/**
 * Starts a bank-offered consent (POST /v1/consents; the body is disregarded): the PSU logs in,
 * chooses a context and picks accounts at the bank. Hand the result to redirectToBankForSca.
 * With `newPsu`, PSU-ID and PSU-Corporate-ID are left out, so that any customer may log in (the
 * bank lets only the named PSU log in otherwise).
 * @see docs/interface/authentication.md#consent; docs/interface/endpoints.md#success-statuses, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export async function startConsent(ctx: AspspContext, options: { newPsu?: boolean } = {}): Promise<ScaStart> {
  const caller = options.newPsu === true ? withoutPsu(ctx.caller) : ctx.caller;
  const reply = await ctx.client.fetch({ method: "POST", path: "/v1/consents", body: {}, schema: scaRedirectResponseSchema, caller });
  return toScaStart(ctx.client.baseUrl, reply.value, caller);
}
