import { z } from "zod";
import { FIELD_LIMITS } from "../validation/field-limits";
import { linksSchema } from "./links";
import { text } from "./zod-checks";

/**
 * A tppMessage as a bank sends it. `code` is read as any non-empty string, not only the
 * interface's codes: Berlin Group banks send others (e.g. PERIOD_INVALID), and an error reply
 * must stay readable. `text` is at most 512 characters.
 *
 * @see psd2-interface.md "Shared types", tppMessage; supplement.md §4
 */
export const tppMessageSchema = z.looseObject({
  category: z.enum(["ERROR", "WARNING"]),
  code: text(),
  path: z.string().optional(),
  text: text({ max: FIELD_LIMITS.tppMessageText.max }).optional(),
});

export type TppMessage = z.output<typeof tppMessageSchema>;

/** psuMessage: text for the PSU, at most 512 characters. @see psd2-interface.md "Errors" */
export const psuMessageSchema = text(FIELD_LIMITS.psuMessage);

/**
 * An error reply: `{tppMessages, _links?, psuMessage?}`.
 * @see supplement.md §4; psd2-interface.md "Errors"
 */
export const errorResponseSchema = z.looseObject({
  tppMessages: z.array(tppMessageSchema),
  _links: linksSchema.optional(),
  psuMessage: psuMessageSchema.optional(),
});

export type ErrorResponse = z.output<typeof errorResponseSchema>;
