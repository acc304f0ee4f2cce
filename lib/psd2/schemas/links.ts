import { z } from "zod";
import { text } from "./zod-checks";

/** The verbs a Link may name. @see docs/interface/conventions.md#shared-types, Link */
export const LINK_VERBS = ["GET", "PUT", "POST", "DELETE"] as const;

/**
 * A Link: `href` (possibly relative to the bank's base URL: the TPP resolves it) and `verbs`.
 * @see docs/interface/conventions.md#link; docs/interface/conventions.md#wire-conventions
 */
export const linkSchema = z.looseObject({
  href: text().describe("The link's target; may be relative to the bank's base URL, against which the TPP resolves it"),
  verbs: z.array(z.enum(LINK_VERBS)).describe("The HTTP methods the target accepts: GET, PUT, POST or DELETE"),
});

export type Link = z.output<typeof linkSchema>;

/** A `_links` map: any names, each a Link. @see docs/interface/conventions.md#shared-types, Link */
export const linksSchema = z
  .record(z.string(), linkSchema)
  .describe("Links to related resources and next steps, by name, each an href with its verbs");

export type Links = z.output<typeof linksSchema>;

/**
 * A `_links` map that must hold scaRedirect (the start of SCA at the bank), others allowed.
 * @see docs/interface/conventions.md#link, docs/interface/authentication.md#sca-by-redirect
 */
export const scaRedirectLinksSchema = z
  .object({ scaRedirect: linkSchema.describe("The start of SCA at the bank: the PSU's browser is sent there") })
  .catchall(linkSchema)
  .describe("scaRedirect: the start of SCA at the bank; other links may follow");
