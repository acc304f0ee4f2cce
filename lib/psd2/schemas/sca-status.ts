import { z } from "zod";
import { linksSchema } from "./links";
import { psuMessageSchema } from "./tpp-message";

/** Berlin Group SCA states. @see docs/interface/endpoints.md#success-statuses */
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

/** The reply to GET .../authorisations/{authorisationId}. @see docs/interface/endpoints.md#success-statuses */
export const scaStatusResponseSchema = z.looseObject({
  scaStatus: z.enum(SCA_STATUSES).describe("The authorisation's SCA status: received, started, finalised, failed, ..."),
});

/** The reply to POST .../authorisations (201): the new authorisation and its scaRedirect link. @see docs/interface/endpoints.md#success-statuses */
export const startAuthorisationResponseSchema = z.looseObject({
  scaStatus: z.enum(SCA_STATUSES).describe("The authorisation's SCA status: received, started, finalised, failed, ..."),
  authorisationId: z.string().optional().describe("The authorisation's id, used in the path of its status endpoint"),
  psuMessage: psuMessageSchema.optional(),
  _links: linksSchema.optional().describe("scaRedirect: the start of SCA at the bank; scaStatus: this authorisation"),
});
