import { createPsuIdsRepository } from "../../repositories/psu-ids-repository";
import type { AisRequest } from "../account-information/authorize-resource-read";
import { requireScaSession } from "./require-sca-session";
import type { ServiceContext } from "../service-context";

/**
 * GET /v1/user: who the PSU of a valid PSU-ID and SCA session is, and the context chosen in that
 * SCA. Otherwise 401 with an scaRedirect link to an identification journey.
 *
 * @see docs/interface/endpoints.md#other-operations (GET /v1/user); docs/interface/endpoints.md#success-statuses, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export async function getUser(
  ctx: ServiceContext,
  request: AisRequest,
): Promise<{ psuId: string; context: "PRIVATE" | "CORPORATE"; customerName: string }> {
  const { customer, session } = await requireScaSession(ctx, request, "identify");
  const psuId = request.headers.psuId ?? (await createPsuIdsRepository(ctx.db).getOrCreate(request.tpp.id, customer.id));
  return { psuId, context: session.context, customerName: customer.name };
}
