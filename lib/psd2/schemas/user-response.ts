import { z } from "zod";
import { psuContextSchema } from "./psu-context";

/** The reply to GET /v1/user for a valid PSU-ID and session. @see docs/interface/endpoints.md#success-statuses */
export const userResponseSchema = z.looseObject({
  psuId: z.uuid().describe("The PSU-ID: a UUID, stable for one TPP and customer"),
  context: psuContextSchema.describe("PRIVATE or CORPORATE: the context the PSU chose at SCA"),
  customerName: z.string().describe("The customer's name"),
});
