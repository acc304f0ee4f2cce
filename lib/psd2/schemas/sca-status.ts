import { z } from "zod";
import { linksSchema } from "./links";
import { psuMessageSchema } from "./tpp-message";

/** Berlin Group SCA states. @see supplement.md §2 */
export const SCA_STATUSES = [
  "received",
  "psuIdentified",
  "psuAuthenticated",
  "scaMethodSelected",
  "started",
  "unconfirmed",
  "finalised",
  "failed",
  "exempted",
] as const;

/** The reply to GET .../authorisations/{authorisationId}. @see supplement.md §2 */
export const scaStatusResponseSchema = z.looseObject({ scaStatus: z.enum(SCA_STATUSES) });

export type ScaStatusResponse = z.output<typeof scaStatusResponseSchema>;

/** The reply to POST .../authorisations (201): the new authorisation and its scaRedirect link. @see supplement.md §2 */
export const startAuthorisationResponseSchema = z.looseObject({
  scaStatus: z.enum(SCA_STATUSES),
  authorisationId: z.string().optional(),
  psuMessage: psuMessageSchema.optional(),
  _links: linksSchema.optional(),
});

export type StartAuthorisationResponse = z.output<typeof startAuthorisationResponseSchema>;
