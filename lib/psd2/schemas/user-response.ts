import { z } from "zod";
import { psuContextSchema } from "./psu-context";

/** The reply to GET /v1/user for a valid PSU-ID and session. @see supplement.md §2 */
export const userResponseSchema = z.looseObject({
  psuId: z.uuid(),
  context: psuContextSchema,
  customerName: z.string(),
});

export type UserResponse = z.output<typeof userResponseSchema>;
