import "server-only";
import { scaRedirectResponseSchema } from "../../psd2/schemas";
import type { AspspContext } from "../aspsp/aspsp-context";
import type { ScaStart } from "./psu-types";
import { toScaStart, withoutPsu } from "./to-sca-start";

/**
 * Starts an SCA whose only aim is the PSU's psu-id (GET /v1/users), for a TPP acting as PISP only.
 * With `newPsu`, PSU-ID and PSU-Corporate-ID are left out (any customer may log in).
 * @see docs/interface/endpoints.md#other-operations; docs/interface/endpoints.md#success-statuses
 */
export async function identifyPsu(ctx: AspspContext, options: { newPsu?: boolean } = {}): Promise<ScaStart> {
  const caller = options.newPsu === true ? withoutPsu(ctx.caller) : ctx.caller;
  const reply = await ctx.client.fetch({ method: "GET", path: "/v1/users", schema: scaRedirectResponseSchema, caller });
  return toScaStart(ctx.client.baseUrl, reply.value, caller);
}
