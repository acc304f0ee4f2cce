import { createAgreementsRepository } from "../../repositories/agreements-repository";
import { createPsuCorporateIdsRepository } from "../../repositories/psu-corporate-ids-repository";
import type { AisRequest } from "./authorize-resource-read";
import { registerTpp } from "../pki/register-tpp";
import { requireScaSession } from "../sca-sessions/require-sca-session";
import type { ServiceContext } from "../service-context";

/**
 * GET /v1/agreements: the PSU's corporate agreements. Each id is the agreement's
 * psu-corporate-id for this TPP (made now for an agreement that has none yet), the value the
 * TPP then sends in PSU-Corporate-ID; with it, a new consent flow starts without agreement choice.
 * Needs a valid SCA session, otherwise 401 with scaRedirect.
 *
 * @see docs/interface/authentication.md#contexts, docs/interface/accounts.md#account-information-notes; docs/interface/endpoints.md#success-statuses
 */
export async function listAgreements(ctx: ServiceContext, request: AisRequest) {
  const { customer } = await requireScaSession(ctx, request, "identify");
  const agreements = await createAgreementsRepository(ctx.db).listByCustomer(customer.id);
  if (agreements.length === 0) return { agreements: [] };
  const ids = await ctx.db.transaction(async (tx) => {
    await registerTpp(tx, request.tpp, ctx.clock.now());
    return createPsuCorporateIdsRepository(tx).getOrCreateMany(
      request.tpp.id,
      agreements.map((agreement) => agreement.id),
    );
  });
  return {
    agreements: agreements.flatMap((agreement) => {
      const id = ids.get(agreement.id);
      return id === undefined ? [] : [{ id, name: agreement.name, organisationNumber: agreement.organisationNumber }];
    }),
  };
}
