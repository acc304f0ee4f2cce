import "server-only";
import { userResponseSchema } from "../../psd2/schemas";
import type { AspspContext } from "../aspsp/aspsp-context";
import type { PsuIdentity } from "./psu-types";

/**
 * Who the PSU of the session is (GET /v1/user): for a valid PSU-ID and SCA within the hour;
 * otherwise 401 with scaRedirect.
 * @see docs/interface/endpoints.md#success-statuses
 */
export async function getUser(ctx: AspspContext): Promise<PsuIdentity> {
  const reply = await ctx.client.fetch({ method: "GET", path: "/v1/user", schema: userResponseSchema, caller: ctx.caller });
  return { psuId: reply.value.psuId, context: reply.value.context, customerName: reply.value.customerName };
}
