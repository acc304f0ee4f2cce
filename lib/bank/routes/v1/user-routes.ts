import type { FastifyInstance } from "fastify";
import type { ZodOutputTypeProvider } from "../../plugins/route-validation";
import { agreementsResponseSchema } from "../../../psd2/schemas/agreements-response";
import { userResponseSchema } from "../../../psd2/schemas/user-response";
import { ANY_TPP_ROLES, SCA_HEADERS } from "../../operation";
import { getUser } from "../../services/sca-sessions/get-user";
import { listAgreements } from "../../services/account-information/list-agreements";
import { readPsuHeaders } from "../../services/sca-sessions/read-psu-headers";
import { startPsuSca } from "../../services/sca-sessions/start-psu-sca";
import { ERROR_DOCS, SCA_START_HEADERS, scaRedirectResponseSchema } from "./ais-route-docs";
import { serviceContextOf } from "./service-context-of";
import { errorReplies, v1Route } from "../../openapi/v1-route";

const TAGS = ["User"];

/**
 * The PSU's identity for a TPP (also a PISP that is not an AISP): GET /v1/users starts an SCA
 * whose only aim is a psu-id; GET /v1/user tells who the PSU of a session is; GET
 * /v1/agreements lists the PSU's corporate agreements with their psu-corporate-ids.
 *
 * @see docs/interface/endpoints.md#other-operations, docs/interface/authentication.md#contexts; docs/interface/endpoints.md#success-statuses, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export async function userRoutes(v1: FastifyInstance): Promise<void> {
  const routes = v1.withTypeProvider<ZodOutputTypeProvider>();
  const ctx = serviceContextOf(v1);
  const operation = { roles: ANY_TPP_ROLES, requiredHeaders: SCA_HEADERS };

  routes.get(
    "/users",
    v1Route(operation, {
      summary: "Start an SCA that identifies the PSU",
      description:
        "The scaRedirect leads through login and the context choice only; the success redirect carries the psu-id (and psu-corporate-id).",
      tags: TAGS,
      headers: SCA_START_HEADERS,
      responses: {
        200: { description: "The scaRedirect link", schema: scaRedirectResponseSchema },
        ...errorReplies(ERROR_DOCS, 400, 401, 403),
      },
    }),
    async (request) => startPsuSca(ctx, { tpp: request.tpp, headers: readPsuHeaders(request.headers) }, "identify"),
  );

  routes.get(
    "/user",
    v1Route(operation, {
      summary: "Who the PSU of the session is",
      description:
        "For a valid PSU-ID and an SCA within the hour under TPP-Session-ID: psuId, the context chosen and the customer's name. Otherwise 401 with scaRedirect.",
      tags: TAGS,
      headers: SCA_START_HEADERS,
      responses: { 200: { description: "The PSU", schema: userResponseSchema }, ...errorReplies(ERROR_DOCS, 400, 401, 403) },
    }),
    async (request) => getUser(ctx, { tpp: request.tpp, headers: readPsuHeaders(request.headers) }),
  );

  routes.get(
    "/agreements",
    v1Route(
      { roles: ANY_TPP_ROLES, requiredHeaders: [...SCA_HEADERS, "PSU-ID"] },
      {
        summary: "List the PSU's corporate agreements",
        description:
          "Each id is the agreement's psu-corporate-id for this TPP: send it in PSU-Corporate-ID, and a new consent flow starts for that agreement without agreement choice. Needs an SCA within the hour under TPP-Session-ID.",
        tags: TAGS,
        headers: SCA_START_HEADERS,
        responses: { 200: { description: "The agreements", schema: agreementsResponseSchema }, ...errorReplies(ERROR_DOCS, 400, 401, 403) },
      },
    ),
    async (request) => listAgreements(ctx, { tpp: request.tpp, headers: readPsuHeaders(request.headers) }),
  );
}
