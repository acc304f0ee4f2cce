import { z } from "zod";
import { FIELD_LIMITS } from "../validation/field-limits";
import { linksSchema } from "./links";
import { text } from "./zod-checks";

/**
 * A tppMessage as a bank sends it. `code` is read as any non-empty string, not only the
 * interface's codes: Berlin Group banks send others (e.g. PERIOD_INVALID), and an error reply
 * must stay readable. `text` is at most 512 characters.
 *
 * @see docs/interface/conventions.md#tppmessage; docs/interface/errors.md#statuses-by-code
 */
export const tppMessageSchema = z.looseObject({
  category: z.enum(["ERROR", "WARNING"]).describe("ERROR or WARNING"),
  code: text().describe("One of the spec's error codes, e.g. FORMAT_ERROR or RESOURCE_UNKNOWN"),
  path: z.string().optional().describe("The field, parameter or header the message is about, e.g. instructedAmount.amount"),
  text: text({ max: FIELD_LIMITS.tppMessageText.max }).optional().describe("What is wrong and where, in English (at most 512 characters)"),
});

export type TppMessage = z.output<typeof tppMessageSchema>;

/** psuMessage: text for the PSU, at most 512 characters. @see docs/interface/errors.md#error-codes */
export const psuMessageSchema = text(FIELD_LIMITS.psuMessage).describe("Text for display to the PSU (at most 512 characters)");

/**
 * An error reply: `{tppMessages, _links?, psuMessage?}`.
 * @see docs/interface/errors.md#statuses-by-code; docs/interface/errors.md#error-codes
 */
export const errorResponseSchema = z.looseObject({
  tppMessages: z.array(tppMessageSchema).describe("The messages to the TPP: what went wrong"),
  _links: linksSchema.optional().describe("scaRedirect when an SCA can cure the refusal (a 401)"),
  psuMessage: psuMessageSchema.optional().describe("Text for display to the PSU (at most 512 characters)"),
});
