import { scaRedirectResponseSchema } from "../../psd2/schemas";
import type { AspspContext } from "../aspsp/aspsp-context";
import type { ScaStart } from "./psu-types";
import { toScaStart } from "./to-sca-start";

/**
 * Starts an SCA whose only aim is the PSU's psu-id (GET /v1/users), for a TPP acting as PISP only.
 * @see psd2-interface.md "Other operations named"; supplement.md §2
 */
export async function identifyPsu(ctx: AspspContext): Promise<ScaStart> {
  const reply = await ctx.client.fetch({ method: "GET", path: "/v1/users", schema: scaRedirectResponseSchema, caller: ctx.caller });
  return toScaStart(ctx.client.baseUrl, reply.value, ctx.caller);
}
