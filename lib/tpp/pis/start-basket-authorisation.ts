import "server-only";
import { startAuthorisationResponseSchema } from "../../psd2/schemas";
import type { AspspContext } from "../aspsp/aspsp-context";
import { TppError } from "../errors";
import { toScaStart } from "../psu/to-sca-start";
import { payerCaller } from "./payer-caller";
import type { PaymentScaStart } from "./pis-types";

/** The path of a signing basket at the bank. @see docs/interface/endpoints.md#success-statuses */
export function basketPath(basketId: string): string {
  return `/v1/signing-baskets/${encodeURIComponent(basketId)}`;
}

/**
 * Starts the one SCA of a signing basket: POST its startAuthorisation link (or
 * /v1/signing-baskets/{basketId}/authorisations) with no body; the bank's approval page lists
 * every payment of the basket (dynamic linking).
 * @see docs/interface/endpoints.md#success-statuses, docs/interface/signing-baskets.md#rules-in-the-sandbox, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export async function startBasketAuthorisation(ctx: AspspContext, basketId: string, href?: string): Promise<PaymentScaStart> {
  const caller = payerCaller(ctx.caller, { kind: "psu-id" }, "startBasketAuthorisation");
  const path = href ?? `${basketPath(basketId)}/authorisations`;
  const reply = await ctx.client.fetch({ method: "POST", path, schema: startAuthorisationResponseSchema, caller });
  const scaRedirect = reply.value._links?.scaRedirect;
  if (scaRedirect === undefined) {
    throw new TppError(
      "ASPSP_RESPONSE_INVALID",
      `The bank's reply to POST ${path} has no scaRedirect link: there is nowhere to send the PSU for the approval`,
    );
  }
  return { ...toScaStart(ctx.client.baseUrl, { _links: { scaRedirect } }, caller), authorisationId: reply.value.authorisationId };
}
