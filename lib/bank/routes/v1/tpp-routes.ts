import type { FastifyInstance } from "fastify";
import type { ZodOutputTypeProvider } from "../../plugins/route-validation";
import { z } from "zod";
import { contactInformationRequestSchema, contactInformationResponseSchema } from "../../../psd2/schemas/contact-information";
import { ANY_TPP_ROLES } from "../../operation";
import { getTppContactInformation, putTppContactInformation } from "../../services/pki/tpp-contact-information";
import { ERROR_DOCS } from "./ais-route-docs";
import { serviceContextOf } from "./service-context-of";
import { errorReplies, v1Route } from "../../openapi/v1-route";

const params = z.object({ tppId: z.string().describe("The TPP's id: its certificate's organizationIdentifier, e.g. PSDNO-FSA-123456") });
const TAGS = ["TPP dialogue"];
const FORBIDDEN = { description: "FORBIDDEN: another TPP's id, or a certificate without a PSD2 role", schema: ERROR_DOCS[403].schema };

/**
 * The TPP dialogue API: a TPP's contact e-mail address for operational notices.
 *
 * @see docs/interface/README.md#contact-e-mail, docs/interface/redirect-parameters.md#events; docs/interface/endpoints.md#success-statuses
 */
export async function tppRoutes(v1: FastifyInstance): Promise<void> {
  const routes = v1.withTypeProvider<ZodOutputTypeProvider>();
  const ctx = serviceContextOf(v1);

  routes.put(
    "/tpps/:tppId/contact-information",
    v1Route(
      { roles: ANY_TPP_ROLES },
      {
        summary: "Register or change the TPP's contact e-mail address",
        description: "A non-personal (group) address is recommended. Only the TPP itself may.",
        tags: TAGS,
        params,
        body: contactInformationRequestSchema,
        responses: {
          200: { description: "The address registered", schema: contactInformationResponseSchema },
          ...errorReplies(ERROR_DOCS, 400),
          403: FORBIDDEN,
          404: {
            description: "RESOURCE_UNKNOWN: a tppId that names nothing (not 1 to 100 URL-safe characters)",
            schema: ERROR_DOCS[404].schema,
          },
        },
      },
    ),
    async (request) => putTppContactInformation(ctx, request.tpp, request.params.tppId, request.body),
  );

  routes.get(
    "/tpps/:tppId/contact-information",
    v1Route(
      { roles: ANY_TPP_ROLES },
      {
        summary: "Read the TPP's contact e-mail address",
        tags: TAGS,
        params,
        responses: {
          200: { description: "The address registered", schema: contactInformationResponseSchema },
          ...errorReplies(ERROR_DOCS, 400),
          403: FORBIDDEN,
          404: {
            description: "RESOURCE_UNKNOWN: no address is registered, or a tppId that names nothing (not 1 to 100 URL-safe characters)",
            schema: ERROR_DOCS[404].schema,
          },
        },
      },
    ),
    async (request) => getTppContactInformation(ctx, request.tpp, request.params.tppId),
  );
}
