import { z } from "zod";

/** The longest e-mail address (RFC 5321's path limit less its angle brackets). */
export const CONTACT_EMAIL_MAX = 254;

/** The body of PUT /v1/tpps/{tppId}/contact-information. Unknown fields are rejected. @see docs/interface/endpoints.md#success-statuses */
export const contactInformationRequestSchema = z.strictObject({
  email: z
    .email()
    .check((payload) => {
      if (payload.value.length > CONTACT_EMAIL_MAX) {
        payload.issues.push({ code: "custom", message: `must be at most ${CONTACT_EMAIL_MAX} characters`, input: payload.value });
      }
    })
    .describe(`The TPP's contact e-mail address, at most ${CONTACT_EMAIL_MAX} characters`),
});

export type ContactInformationRequest = z.output<typeof contactInformationRequestSchema>;

/** The reply to PUT and GET /v1/tpps/{tppId}/contact-information. @see docs/interface/endpoints.md#success-statuses */
export const contactInformationResponseSchema = z.looseObject({ email: z.string().describe("The TPP's contact e-mail address") });
