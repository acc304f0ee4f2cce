import { scaRedirectResponseSchema } from "../../psd2/schemas";
import type { AspspContext } from "../aspsp/aspsp-context";
import type { ScaStart } from "./psu-types";
import { toScaStart } from "./to-sca-start";

/**
 * Starts a bank-offered consent (POST /v1/consents; the body is disregarded): the PSU logs in,
 * chooses a context and picks accounts at the bank. Hand the result to redirectToBankForSca.
 * @see psd2-interface.md "Authentication" (5); supplement.md §2, §7
 */
export async function startConsent(ctx: AspspContext): Promise<ScaStart> {
  const reply = await ctx.client.fetch({ method: "POST", path: "/v1/consents", body: {}, schema: scaRedirectResponseSchema, caller: ctx.caller });
  return toScaStart(ctx.client.baseUrl, reply.value, ctx.caller);
}
