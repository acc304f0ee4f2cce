import { z } from "zod";

/** The reply to GET /v1/agreements: the PSU's corporate agreements. @see docs/interface/endpoints.md#success-statuses */
export const agreementsResponseSchema = z.looseObject({
  agreements: z
    .array(
      z.looseObject({
        id: z.string().describe("The agreement's id"),
        name: z.string().describe("The agreement's name"),
        organisationNumber: z.string().describe("The company's Norwegian organisation number (9 digits)"),
      }),
    )
    .describe("The PSU's corporate agreements"),
});
