import "server-only";
import { startAuthorisationResponseSchema } from "../../psd2/schemas";
import type { AspspContext } from "../aspsp/aspsp-context";
import { TppError } from "../errors";
import { toScaStart } from "../psu/to-sca-start";
import { payerCaller } from "./payer-caller";
import type { PayerIdentity, PaymentScaStart } from "./pis-types";

/**
 * Starts the SCA of a payment: POST of its startAuthorisation link with no body (the Digest is
 * that of the empty body), naming the payer as at the initiation. The bank answers 201 with
 * scaRedirect, its approval page (dynamic linking: asked for every payment); send the PSU there
 * with redirectToBankForSca. A payment no longer in RCVD is 409 CONFLICT (an AspspError).
 * @see docs/interface/endpoints.md#other-operations (startAuthorisation); docs/interface/endpoints.md#success-statuses, docs/interface/payments.md#payments-in-the-sandbox, docs/interface/request-signing.md#request-signing
 */
export async function startPaymentAuthorisation(ctx: AspspContext, href: string, payer: PayerIdentity): Promise<PaymentScaStart> {
  const caller = payerCaller(ctx.caller, payer, "startPaymentAuthorisation");
  const reply = await ctx.client.fetch({ method: "POST", path: href, schema: startAuthorisationResponseSchema, caller });
  const scaRedirect = reply.value._links?.scaRedirect;
  if (scaRedirect === undefined) {
    throw new TppError(
      "ASPSP_RESPONSE_INVALID",
      `The bank's reply to POST ${href} has no scaRedirect link: there is nowhere to send the PSU for the approval`,
    );
  }
  return { ...toScaStart(ctx.client.baseUrl, { _links: { scaRedirect } }, caller), authorisationId: reply.value.authorisationId };
}
