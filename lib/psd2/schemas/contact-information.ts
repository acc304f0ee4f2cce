import { z } from "zod";

/** The body of PUT /v1/tpps/{tppId}/contact-information. Unknown fields are rejected. @see supplement.md §2 */
export const contactInformationRequestSchema = z.strictObject({ email: z.email().describe("The TPP's contact e-mail address") });

export type ContactInformationRequest = z.output<typeof contactInformationRequestSchema>;

/** The reply to PUT and GET /v1/tpps/{tppId}/contact-information. @see supplement.md §2 */
export const contactInformationResponseSchema = z.looseObject({ email: z.string().describe("The TPP's contact e-mail address") });

export type ContactInformationResponse = z.output<typeof contactInformationResponseSchema>;
