import { TppError } from "../errors";
import type { PageLinks, PageToken } from "./ais-types";

const MAX_TOKEN_LENGTH = 4096;
const TOKEN = /^[A-Za-z0-9_-]*$/;

/**
 * A page token from a paging link: the link's query, Base64url-encoded. Only the query is kept:
 * the path is rebuilt from the account id, so a token cannot lead a signed request elsewhere.
 */
export function toPageToken(href: string): PageToken {
  const query = href.includes("?") ? href.slice(href.indexOf("?") + 1) : "";
  return Buffer.from(query, "utf8").toString("base64url");
}

/** The query parameters of a page token; INPUT_INVALID for a token this module did not make. */
export function readPageToken(token: PageToken): URLSearchParams {
  if (token.length > MAX_TOKEN_LENGTH || !TOKEN.test(token)) {
    throw new TppError("INPUT_INVALID", "the page token is not one this app made: follow the page links as given");
  }
  return new URLSearchParams(Buffer.from(token, "base64url").toString("utf8"));
}

/** The paging links of a listing (docs/interface/accounts.md#accounts-balances-transactions: first, previous, next, last), as tokens. */
export function toPageLinks(links: Readonly<Record<string, { href: string }>> | undefined): PageLinks {
  const token = (name: string) => {
    const link = links?.[name];
    return link === undefined ? undefined : toPageToken(link.href);
  };
  return { first: token("first"), previous: token("previous"), next: token("next"), last: token("last") };
}
