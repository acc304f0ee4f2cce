import { z } from "zod";

/** The reply to GET /v1/agreements: the PSU's corporate agreements. @see supplement.md §2 */
export const agreementsResponseSchema = z.looseObject({
  agreements: z.array(z.looseObject({ id: z.string(), name: z.string(), organisationNumber: z.string() })),
});

export type AgreementsResponse = z.output<typeof agreementsResponseSchema>;
