import type { FastifyInstance } from "fastify";
import type { ZodOutputTypeProvider } from "../../plugins/route-validation";
import {
  scaStatusResponseSchema,
  signingBasketDetailsResponseSchema,
  signingBasketRequestSchema,
  signingBasketResponseSchema,
  signingBasketStatusResponseSchema,
  startAuthorisationResponseSchema,
} from "../../../psd2/schemas";
import { BASKET_HEADERS, PIS_ROLES, SCA_HEADERS } from "../../operation";
import { getAuthorisationStatus } from "../../services/payments/get-authorisation-status";
import { readPaymentRequestHeaders } from "../../services/payments/read-payment-request-headers";
import { readPsuHeaders } from "../../services/sca-sessions/read-psu-headers";
import { createSigningBasket } from "../../services/signing-baskets/create-signing-basket";
import { deleteSigningBasket } from "../../services/signing-baskets/delete-signing-basket";
import { findTppBasket } from "../../services/signing-baskets/find-tpp-basket";
import { getSigningBasket } from "../../services/signing-baskets/get-signing-basket";
import { getSigningBasketStatus } from "../../services/signing-baskets/get-signing-basket-status";
import { startBasketAuthorisation } from "../../services/signing-baskets/start-basket-authorisation";
import { sendCreated } from "./created-reply";
import { serviceContextOf } from "./service-context-of";
import {
  AUTHORISATION_HEADERS,
  BASKET_CREATION_HEADERS,
  basketAuthorisationParams,
  basketParams,
  emptyBody,
  PAYMENT_ERRORS,
} from "./payment-route-docs";
import { errorReplies, v1Route } from "../../openapi/v1-route";

const TAGS = ["Signing baskets"];

/**
 * Signing baskets: up to 10 single payments of one PSU approved with one SCA. Create, read,
 * read the status, delete (while none of its payments is authorised), start and read the authorisation.
 *
 * @see docs/interface/signing-baskets.md#request-and-response; docs/interface/endpoints.md#success-statuses, docs/interface/signing-baskets.md#rules-in-the-sandbox
 */
export async function signingBasketRoutes(v1: FastifyInstance): Promise<void> {
  const routes = v1.withTypeProvider<ZodOutputTypeProvider>();
  const ctx = serviceContextOf(v1);
  const operation = { roles: PIS_ROLES };

  routes.post(
    "/signing-baskets",
    v1Route(
      { roles: PIS_ROLES, requiredHeaders: BASKET_HEADERS },
      {
        summary: "Create a signing basket",
        description:
          "Body {\"paymentIds\":[1 to 10 ids]}: single payments of this TPP and of the PSU of PSU-ID, in RCVD and in no other basket. A malformed list is 400 FORMAT_ERROR; an unknown id or another TPP's or PSU's payment 400 RESOURCE_UNKNOWN; a periodic or bulk payment 400 REFERENCE_MIX_INVALID; a payment not in RCVD or already in a basket 409 CONFLICT. 201 with transactionStatus RCVD and _links self, status and startAuthorisation.",
        tags: TAGS,
        headers: BASKET_CREATION_HEADERS,
        body: signingBasketRequestSchema,
        responses: {
          201: { description: "CREATED", schema: signingBasketResponseSchema },
          ...errorReplies(PAYMENT_ERRORS, 400, 401, 403, 409),
        },
      },
    ),
    async (request, reply) => {
      const created = await createSigningBasket(ctx, {
        tpp: request.tpp,
        headers: readPaymentRequestHeaders(request.headers),
        body: request.body,
      });
      return sendCreated(reply, created.location, created.body);
    },
  );

  routes.get(
    "/signing-baskets/:basketId",
    v1Route(operation, {
      summary: "Read a signing basket",
      description:
        "The payment ids and the basket's status: the worst case of its payments (RJCT if any was rejected, PATC if some are authorised, ACTC when all are, RCVD before the SCA).",
      tags: TAGS,
      params: basketParams,
      responses: {
        200: { description: "The basket", schema: signingBasketDetailsResponseSchema },
        ...errorReplies(PAYMENT_ERRORS, 400, 403, 404),
      },
    }),
    async (request) => getSigningBasket(ctx, { tppId: request.tpp.id, basketId: request.params.basketId }),
  );

  routes.get(
    "/signing-baskets/:basketId/status",
    v1Route(operation, {
      summary: "Read the status of a signing basket",
      description: "The worst case of its payments; each payment's own status is read through its own status query.",
      tags: TAGS,
      params: basketParams,
      responses: {
        200: { description: "The status", schema: signingBasketStatusResponseSchema },
        ...errorReplies(PAYMENT_ERRORS, 400, 403, 404),
      },
    }),
    async (request) => getSigningBasketStatus(ctx, { tppId: request.tpp.id, basketId: request.params.basketId }),
  );

  routes.delete(
    "/signing-baskets/:basketId",
    v1Route(operation, {
      summary: "Delete a signing basket",
      description:
        "While no authorisation of it has been applied, that is while none of its payments is authorised (else 409 CONFLICT): an approval started and left unfinished does not keep it. Its payments stay, in RCVD, free for another basket.",
      tags: TAGS,
      params: basketParams,
      responses: { 204: { description: "Deleted" }, ...errorReplies(PAYMENT_ERRORS, 400, 403, 404, 409) },
    }),
    async (request, reply) => {
      await deleteSigningBasket(ctx, { tppId: request.tpp.id, basketId: request.params.basketId });
      return reply.status(204).send();
    },
  );

  routes.post(
    "/signing-baskets/:basketId/authorisations",
    v1Route(
      { roles: PIS_ROLES, requiredHeaders: SCA_HEADERS },
      {
        summary: "Start the authorisation of a signing basket",
        description:
          "Empty body. One SCA approves every payment of the basket still in RCVD: the approval page lists each and the total per currency. Not atomic: each payment then goes on by itself. A basket without a payment awaiting approval is 409 CONFLICT.",
        tags: TAGS,
        params: basketParams,
        headers: AUTHORISATION_HEADERS,
        body: emptyBody.schema,
        responses: {
          201: { description: "CREATED", schema: startAuthorisationResponseSchema },
          ...errorReplies(PAYMENT_ERRORS, 400, 401, 403, 404, 409),
        },
      },
    ),
    async (request, reply) => {
      const started = await startBasketAuthorisation(ctx, {
        tpp: request.tpp,
        headers: readPsuHeaders(request.headers),
        basketId: request.params.basketId,
      });
      return sendCreated(reply, started.location, started.body);
    },
  );

  routes.get(
    "/signing-baskets/:basketId/authorisations/:authorisationId",
    v1Route(operation, {
      summary: "Read the SCA status of a signing basket's authorisation",
      tags: TAGS,
      params: basketAuthorisationParams,
      responses: {
        200: { description: "The SCA status", schema: scaStatusResponseSchema },
        ...errorReplies(PAYMENT_ERRORS, 400, 403, 404),
      },
    }),
    async (request) => {
      const { basketId, authorisationId } = request.params;
      const basket = await findTppBasket(ctx.db, request.tpp.id, basketId);
      return getAuthorisationStatus(ctx.db, ctx.clock.now(), {
        tppId: request.tpp.id,
        purpose: "basket",
        resourceId: basket.id,
        authorisationId,
      });
    },
  );
}
