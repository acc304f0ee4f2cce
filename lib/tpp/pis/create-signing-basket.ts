import "server-only";
import { signingBasketResponseSchema } from "../../psd2/schemas";
import type { AspspContext } from "../aspsp/aspsp-context";
import { TppError } from "../errors";
import { payerCaller } from "./payer-caller";
import type { CreatedSigningBasket } from "./pis-types";

/** What the spec asks the basket operation to send in x-accept-fix. @see docs/interface/header-parameters.md#headers-by-operation */
export const BASKET_ACCEPT_FIX = "amount-as-string";

/**
 * Creates a signing basket of 1 to 10 single payments made earlier (POST /v1/signing-baskets,
 * `{"paymentIds": [...]}`), with x-accept-fix amount-as-string, PSU-ID (and PSU-Corporate-ID),
 * TPP-Session-ID, TPP-Redirect-URI and PSU-IP-Address. The bank answers 201 RCVD with
 * startAuthorisation: one SCA then approves every payment in it. A periodic or bulk payment is
 * 400 REFERENCE_MIX_INVALID, a payment not in RCVD or already in a basket 409 CONFLICT (AspspErrors).
 * @see docs/interface/signing-baskets.md#request-and-response, docs/interface/header-parameters.md#headers-by-operation; docs/interface/signing-baskets.md#rules-in-the-sandbox
 */
export async function createSigningBasket(
  ctx: AspspContext,
  paymentIds: readonly string[],
  options: { readonly requestId?: string } = {},
): Promise<CreatedSigningBasket> {
  const caller = {
    ...payerCaller(ctx.caller, { kind: "psu-id" }, "createSigningBasket"),
    requiresAcceptFix: true,
    acceptFix: BASKET_ACCEPT_FIX,
  };
  const reply = await ctx.client.fetch({
    method: "POST",
    path: "/v1/signing-baskets",
    body: { paymentIds },
    schema: signingBasketResponseSchema,
    caller,
    ...(options.requestId === undefined ? {} : { requestId: options.requestId }),
  });
  const basketId = reply.value.basketId;
  if (basketId === undefined) {
    throw new TppError(
      "ASPSP_RESPONSE_INVALID",
      "The bank's reply to POST /v1/signing-baskets has no basketId: the basket cannot be followed",
    );
  }
  const startAuthorisation = reply.value._links?.startAuthorisation?.href;
  return { basketId, status: reply.value.transactionStatus, startAuthorisation, requestId: reply.requestId };
}
