import type { FastifyInstance } from "fastify";
import type { ZodOutputTypeProvider } from "../../plugins/route-validation";
import { AIS_ROLES, SCA_HEADERS } from "../../operation";
import { readPsuHeaders } from "../../services/sca-sessions/read-psu-headers";
import { startPsuSca } from "../../services/sca-sessions/start-psu-sca";
import { ERROR_DOCS, SCA_START_HEADERS, scaRedirectResponseSchema } from "./ais-route-docs";
import { serviceContextOf } from "./service-context-of";
import { errorReplies, v1Route } from "../../openapi/v1-route";

/**
 * POST /v1/consents: bank-offered consent. The body is disregarded; the reply is the scaRedirect
 * link to the bank's login, context and consent pages.
 *
 * @see docs/interface/endpoints.md#other-operations (POST /v1/consents), docs/interface/authentication.md#consent; docs/interface/endpoints.md#success-statuses, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export async function consentRoutes(v1: FastifyInstance): Promise<void> {
  const routes = v1.withTypeProvider<ZodOutputTypeProvider>();
  const ctx = serviceContextOf(v1);
  routes.post(
    "/consents",
    v1Route(
      { roles: AIS_ROLES, requiredHeaders: SCA_HEADERS },
      {
        summary: "Start a bank-offered consent",
        description:
          "The body is disregarded. The reply's scaRedirect leads the PSU through login, the context choice (for a customer with agreements; skipped with PSU-Corporate-ID) and the consent screen, then back to TPP-Redirect-URI with psu-id, tpp-session-id, context and psu-corporate-id. The link works once, for 15 minutes.",
        tags: ["Consent"],
        headers: SCA_START_HEADERS,
        responses: {
          201: { description: "CREATED: the scaRedirect link", schema: scaRedirectResponseSchema },
          ...errorReplies(ERROR_DOCS, 400, 401, 403),
        },
      },
    ),
    async (request, reply) => {
      const reply201 = await startPsuSca(ctx, { tpp: request.tpp, headers: readPsuHeaders(request.headers) }, "consent");
      return reply.status(201).header("Location", reply201._links.scaRedirect.href).header("ASPSP-SCA-Approach", "REDIRECT").send(reply201);
    },
  );
}
