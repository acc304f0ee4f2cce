import "server-only";
import { agreementsResponseSchema } from "../../psd2/schemas";
import type { AspspContext } from "../aspsp/aspsp-context";
import type { CorporateAgreement } from "./psu-types";

/**
 * The PSU's corporate agreements (GET /v1/agreements). Sending one's id as PSU-Corporate-ID
 * starts the next consent in that agreement without asking (selectCorporateAgreement).
 * @see docs/interface/authentication.md#contexts; docs/interface/endpoints.md#success-statuses
 */
export async function getAgreements(ctx: AspspContext): Promise<CorporateAgreement[]> {
  const reply = await ctx.client.fetch({ method: "GET", path: "/v1/agreements", schema: agreementsResponseSchema, caller: ctx.caller });
  return reply.value.agreements.map((agreement) => ({
    psuCorporateId: agreement.id,
    name: agreement.name,
    organisationNumber: agreement.organisationNumber,
  }));
}
