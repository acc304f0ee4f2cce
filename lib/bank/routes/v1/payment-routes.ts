import type { FastifyInstance } from "fastify";
import type { ZodOutputTypeProvider } from "../../plugins/route-validation";
import {
  feeInformationResponseSchema,
  PAYMENT_SERVICES,
  paymentDetailsResponseSchema,
  paymentInitiationResponseSchema,
  paymentStatusResponseSchema,
  scaStatusResponseSchema,
  startAuthorisationResponseSchema,
} from "../../../psd2/schemas";
import { PAYMENT_HEADERS, PIS_ROLES, SCA_HEADERS } from "../../operation";
import { cancelPayment } from "../../services/payments/cancel-payment";
import { findTppPayment } from "../../services/payments/find-tpp-payment";
import { getAuthorisationStatus } from "../../services/payments/get-authorisation-status";
import { getFeeInformation } from "../../services/payments/get-fee-information";
import { getPaymentDetails } from "../../services/payments/get-payment-details";
import { getPaymentStatus } from "../../services/payments/get-payment-status";
import { initiatePayment } from "../../services/payments/initiate-payment";
import { readPaymentRequestHeaders } from "../../services/payments/read-payment-request-headers";
import { startPaymentAuthorisation } from "../../services/payments/start-payment-authorisation";
import { readPsuHeaders } from "../../services/sca-sessions/read-psu-headers";
import { sendCreated } from "./created-reply";
import { serviceContextOf } from "./service-context-of";
import {
  AUTHORISATION_HEADERS,
  emptyBody,
  feeInformationQuery,
  PAYMENT_CREATION_HEADERS,
  PAYMENT_ERRORS,
  paymentAuthorisationParams,
  paymentBodyOf,
  paymentCreationQuery,
  paymentParams,
  productParams,
} from "./payment-route-docs";
import { errorReplies, v1Route } from "../../openapi/v1-route";

const TAGS = ["Payments"];
const SERVICE_TEXTS = {
  payments: "a payment",
  "periodic-payments": "a periodic payment (startDate, frequency, endDate, executionRule, dayOfExecution, monthsOfExecution)",
  "bulk-payments": "a bulk payment (batchBookingPreferred, debtorAccount, requestedExecutionDate, payments)",
} as const;

/**
 * Payment initiation and its resources, for each service (payments, periodic-payments,
 * bulk-payments) and product: create, read the status and details, delete, start and read the
 * authorisation; and the instant product's fee information. Thin wrappers over
 * lib/bank/services/payments.
 *
 * @see docs/interface/endpoints.md#payment-creation-operation, docs/interface/endpoints.md#other-operations; docs/interface/endpoints.md#success-statuses, docs/interface/payments.md#payments-in-the-sandbox
 */
export async function paymentRoutes(v1: FastifyInstance): Promise<void> {
  const routes = v1.withTypeProvider<ZodOutputTypeProvider>();
  const ctx = serviceContextOf(v1);
  const operation = { roles: PIS_ROLES };

  // A static path: it wins over /payments/:paymentProduct/:paymentId.
  routes.get(
    "/payments/instant-norwegian-credit-transfers-straks/fee-information",
    v1Route(operation, {
      summary: "Fee information for instant payments",
      description:
        "The fee of an instant payment (straks) of an amount: NOK 2.00 below NOK 100 000, then 0.01 % of the amount, rounded half up to the øre (NOK 100 000.00 costs NOK 10.00). The creation reply of an instant payment repeats it in transactionFees.",
      tags: TAGS,
      querystring: feeInformationQuery,
      responses: { 200: { description: "The fee", schema: feeInformationResponseSchema }, ...errorReplies(PAYMENT_ERRORS, 400, 403) },
    }),
    async (request) => getFeeInformation(request.query),
  );

  for (const service of PAYMENT_SERVICES) {
    const paymentBody = paymentBodyOf(service, ctx.clock);
    routes.post(
      `/${service}/:paymentProduct`,
      v1Route(
        { roles: PIS_ROLES, requiredHeaders: PAYMENT_HEADERS },
        {
          summary: `Initiate ${SERVICE_TEXTS[service]}`,
          description:
            "Validates everything before storing anything; 201 with transactionStatus RCVD, the fee (transactionFeeIndicator, transactionFees for the instant product) and _links self, status and startAuthorisation (Norwegian products: POST it) or scaRedirect and scaStatus (SEPA: the authorisation starts at once). A deprecated single remittanceInformationStructured is read as the array, with a WARNING tppMessage. Approval on the bank's page is always asked (dynamic linking).",
          tags: TAGS,
          params: productParams,
          querystring: paymentCreationQuery,
          headers: PAYMENT_CREATION_HEADERS,
          body: paymentBody.schema,
          responses: {
            201: { description: "CREATED", schema: paymentInitiationResponseSchema },
            ...PAYMENT_ERRORS,
          },
        },
      ),
      async (request, reply) => {
        const { value, warnings } = paymentBody.of(request);
        const created = await initiatePayment(ctx, {
          tpp: request.tpp,
          service,
          product: request.params.paymentProduct,
          headers: readPaymentRequestHeaders(request.headers),
          allowLogicalDuplicate: request.query.allowLogicalDuplicate === "true",
          body: value,
          warnings,
        });
        return sendCreated(reply, created.location, created.body);
      },
    );

    routes.get(
      `/${service}/:paymentProduct/:paymentId`,
      v1Route(operation, {
        summary: `Read ${SERVICE_TEXTS[service].split(" (")[0]}`,
        description:
          "The request body echoed, plus paymentId, transactionStatus, fundsAvailable, the fees and _links. Known issue (switch BANK_DOMESTIC_DETAILS_KNOWN_ISSUE, on by default): a norwegian-domestic-credit-transfers payment is 404 RESOURCE_UNKNOWN until the PSU approved it.",
        tags: TAGS,
        params: paymentParams,
        responses: {
          200: { description: "The payment", schema: paymentDetailsResponseSchema },
          ...errorReplies(PAYMENT_ERRORS, 400, 403, 404),
        },
      }),
      async (request) => {
        const { paymentProduct, paymentId } = request.params;
        return getPaymentDetails(ctx, { tppId: request.tpp.id, service, product: paymentProduct, paymentId });
      },
    );

    routes.get(
      `/${service}/:paymentProduct/:paymentId/status`,
      v1Route(operation, {
        summary: `Read the status of ${SERVICE_TEXTS[service].split(" (")[0]}`,
        description:
          "transactionStatus (RCVD, ACTC, PDNG, ACSP, ACSC, ACCP, RJCT, CANC), fundsAvailable (false: rejected for lack of funds), psuMessage. Same known issue as the details.",
        tags: TAGS,
        params: paymentParams,
        responses: {
          200: { description: "The status", schema: paymentStatusResponseSchema },
          ...errorReplies(PAYMENT_ERRORS, 400, 403, 404),
        },
      }),
      async (request) => {
        const { paymentProduct, paymentId } = request.params;
        return getPaymentStatus(ctx, { tppId: request.tpp.id, service, product: paymentProduct, paymentId });
      },
    );

    routes.delete(
      `/${service}/:paymentProduct/:paymentId`,
      v1Route(operation, {
        summary: `Delete ${SERVICE_TEXTS[service].split(" (")[0]}`,
        description:
          "204 and CANC for a payment in RCVD, ACTC (its reservation released) or ACCP (a periodic payment runs no more); 405 with the reason for PDNG and final states.",
        tags: TAGS,
        params: paymentParams,
        responses: { 204: { description: "Deleted: the payment is CANC" }, ...errorReplies(PAYMENT_ERRORS, 400, 403, 404, 405) },
      }),
      async (request, reply) => {
        const { paymentProduct, paymentId } = request.params;
        await cancelPayment(ctx, { tppId: request.tpp.id, service, product: paymentProduct, paymentId });
        return reply.status(204).send();
      },
    );

    routes.post(
      `/${service}/:paymentProduct/:paymentId/authorisations`,
      v1Route(
        { roles: PIS_ROLES, requiredHeaders: SCA_HEADERS },
        {
          summary: "Start the authorisation of a payment",
          description:
            "Empty body. 201 with scaStatus received, authorisationId and _links scaRedirect (the bank's approval page: login unless the bank's browser session holds one, context for a customer with agreements, then the payment with Approve and Cancel) and scaStatus. A payment not in RCVD or in a signing basket is 409 CONFLICT.",
          tags: TAGS,
          params: paymentParams,
          headers: AUTHORISATION_HEADERS,
          body: emptyBody.schema,
          responses: {
            201: { description: "CREATED", schema: startAuthorisationResponseSchema },
            ...errorReplies(PAYMENT_ERRORS, 400, 401, 403, 404, 409),
          },
        },
      ),
      async (request, reply) => {
        const { paymentProduct, paymentId } = request.params;
        const started = await startPaymentAuthorisation(ctx, {
          tpp: request.tpp,
          headers: readPsuHeaders(request.headers),
          service,
          product: paymentProduct,
          paymentId,
        });
        return sendCreated(reply, started.location, started.body);
      },
    );

    routes.get(
      `/${service}/:paymentProduct/:paymentId/authorisations/:authorisationId`,
      v1Route(operation, {
        summary: "Read the SCA status of a payment's authorisation",
        description:
          "scaStatus: received, started, psuAuthenticated, finalised or failed (a journey left unfinished past its 15 minutes reads failed).",
        tags: TAGS,
        params: paymentAuthorisationParams,
        responses: {
          200: { description: "The SCA status", schema: scaStatusResponseSchema },
          ...errorReplies(PAYMENT_ERRORS, 400, 403, 404),
        },
      }),
      async (request) => {
        const { paymentProduct, paymentId, authorisationId } = request.params;
        const payment = await findTppPayment(ctx.db, { tppId: request.tpp.id, service, product: paymentProduct, paymentId });
        return getAuthorisationStatus(ctx.db, ctx.clock.now(), {
          tppId: request.tpp.id,
          purpose: "payment",
          resourceId: payment.id,
          authorisationId,
        });
      },
    );
  }
}
