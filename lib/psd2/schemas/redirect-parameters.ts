import { z } from "zod";
import { psuContextSchema } from "./psu-context";
import { addViolation, text } from "./zod-checks";

/**
 * The query parameters of the success redirect to TPP-Redirect-URI, as an object of strings
 * (e.g. Object.fromEntries(url.searchParams)). Parameters of the TPP's own are dropped, not
 * rejected: the redirect URI is the TPP's.
 *
 * @see docs/interface/redirect-parameters.md#redirect-parameters-and-events; docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export const successRedirectParametersSchema = z.object({
  "psu-id": z.uuid(),
  "psu-corporate-id": z.uuid().optional(),
  "tpp-session-id": text(),
  context: psuContextSchema,
});

/**
 * The query parameters of the failure redirect. status is read from its string as a number
 * (100 to 599); code and status are required, system (named for server errors) and message
 * optional. code is any non-empty string, since the bank may name codes beyond this interface's.
 *
 * @see docs/interface/redirect-parameters.md#redirect-parameters-and-events; docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export const failureRedirectParametersSchema = z.object({
  system: z.string().optional(),
  status: z
    .string()
    .check((payload) => {
      if (!/^[1-5][0-9]{2}$/.test(payload.value)) {
        addViolation(payload, { code: "FORMAT_ERROR", reason: "must be an HTTP status code of three digits, 100 to 599" });
      }
    })
    .transform(Number),
  code: text(),
  message: z.string().optional(),
});

export type FailureRedirectParameters = z.output<typeof failureRedirectParametersSchema>;
