import { z } from "zod";
import { scaRedirectLinksSchema } from "./links";

/**
 * A reply whose point is the scaRedirect link: POST /v1/consents (201), GET /v1/users (200), and
 * the 401 of GET /v1/accounts or /v1/user when SCA is needed.
 *
 * @see docs/interface/endpoints.md#success-statuses; docs/interface/authentication.md#sca-by-redirect
 */
export const scaRedirectResponseSchema = z.looseObject({ _links: scaRedirectLinksSchema });

export type ScaRedirectResponse = z.output<typeof scaRedirectResponseSchema>;
