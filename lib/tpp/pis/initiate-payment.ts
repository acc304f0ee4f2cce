import "server-only";
import { type Link, paymentInitiationResponseSchema } from "../../psd2/schemas";
import type { AspspCaller } from "../aspsp/aspsp-caller";
import type { AspspContext } from "../aspsp/aspsp-context";
import { toMoney } from "../ais/to-app-types";
import { toScaStart } from "../psu/to-sca-start";
import { payerCaller } from "./payer-caller";
import type { InitiatedPayment, PaymentAuthorisationStep, PaymentInitiationRequest } from "./pis-types";

/**
 * Initiates a payment (POST /v1/{service}/{product}, `?allowLogicalDuplicate=true` when asked),
 * with x-accept-fix, TPP-Session-ID, TPP-Redirect-URI, PSU-IP-Address and the payer named as
 * `request.payer` says. The bank answers 201 RCVD with either startAuthorisation (Norwegian
 * domestic and instant: POST it with startPaymentAuthorisation) or scaRedirect (SEPA: the SCA
 * started at once). A 409 CONFLICT (a logical duplicate) is an AspspError; sending it again with
 * allowLogicalDuplicate makes it anyway.
 * @see docs/interface/endpoints.md#payment-creation-operation, docs/interface/payments.md#payment-creation-response, docs/interface/header-parameters.md#headers-by-operation; docs/interface/endpoints.md#success-statuses, docs/interface/payments.md#payments-in-the-sandbox, docs/interface/header-parameters.md#x-accept-fix
 */
export async function initiatePayment(ctx: AspspContext, request: PaymentInitiationRequest): Promise<InitiatedPayment> {
  const caller = {
    ...payerCaller(ctx.caller, request.payer, `initiatePayment ${request.service}/${request.product}`),
    requiresAcceptFix: true,
  };
  // The client serialises the body with JSON.stringify too: these are the octets it hashes and sends.
  const sentBody = JSON.stringify(request.body);
  const reply = await ctx.client.fetch({
    method: "POST",
    path: `/v1/${request.service}/${request.product}`,
    query: { allowLogicalDuplicate: request.allowLogicalDuplicate === true ? "true" : undefined },
    body: request.body,
    schema: paymentInitiationResponseSchema,
    caller,
    ...(request.requestId === undefined ? {} : { requestId: request.requestId }),
  });
  const created = reply.value;
  const links = created._links ?? {};
  return {
    ref: { service: request.service, product: request.product, paymentId: created.paymentId },
    status: created.transactionStatus,
    fees: created.transactionFees === undefined ? undefined : toMoney(created.transactionFees),
    feeIndicator: created.transactionFeeIndicator,
    authorisation: authorisationStepOf(ctx.client.baseUrl, links, caller),
    warnings: (created.tppMessages ?? [])
      .filter((message) => message.category === "WARNING")
      .map((message) => ({ code: message.code, path: message.path, text: message.text })),
    psuMessage: created.psuMessage,
    requestId: reply.requestId,
    sentBody,
  };
}

/**
 * What the PSU does next: scaRedirect when the bank started the SCA itself (it wins over a
 * startAuthorisation link beside it), else startAuthorisation, else nothing (an exemption).
 * The spec: the TPP must always inspect a reply for scaRedirect.
 */
function authorisationStepOf(baseUrl: string, links: Readonly<Record<string, Link>>, caller: AspspCaller): PaymentAuthorisationStep {
  const { scaRedirect, startAuthorisation } = links;
  if (scaRedirect !== undefined) return { kind: "sca-redirect", scaStart: toScaStart(baseUrl, { _links: { scaRedirect } }, caller) };
  if (startAuthorisation !== undefined) return { kind: "start-authorisation", href: startAuthorisation.href };
  return { kind: "none" };
}
