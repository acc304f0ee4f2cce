import { isIP } from "node:net";
import type { IncomingHttpHeaders } from "node:http";
import { z } from "zod";
import { BankError, type BankTppMessage } from "../errors";

/** The PSU and SCA headers of a request, validated. UUIDs are lower case. */
export type PsuHeaders = {
  psuId?: string;
  psuCorporateId?: string;
  /** X-PSU-IDENTITY: a Norwegian national identity or D-number, in place of PSU-ID. */
  psuIdentity?: string;
  /** Present when the PSU takes part in real time. */
  psuIpAddress?: string;
  tppSessionId?: string;
  tppRedirectUri?: string;
  /** TPP-Redirect-PREFERRED: false asks for approval in the bank's app; default true. */
  tppRedirectPreferred: boolean;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

type HeaderRule = { name: string; check: (value: string) => string | undefined };

const rules = {
  psuId: { name: "PSU-ID", check: (v) => (UUID.test(v) ? undefined : "must be a UUID (RFC 4122): the psu-id of the success redirect") },
  psuCorporateId: {
    name: "PSU-Corporate-ID",
    check: (v) => (UUID.test(v) ? undefined : "must be a UUID (RFC 4122): the psu-corporate-id of the success redirect or an id of GET /v1/agreements"),
  },
  psuIdentity: {
    name: "X-PSU-IDENTITY",
    check: (v) => (/^[0-9]{11}$/.test(v) ? undefined : "must be a Norwegian national identity or D-number of 11 digits"),
  },
  psuIpAddress: { name: "PSU-IP-Address", check: (v) => (isIP(v) !== 0 ? undefined : "must be an IPv4 or IPv6 address") },
  tppSessionId: {
    name: "TPP-Session-ID",
    check: (v) => (v.length <= 128 && PRINTABLE_ASCII.test(v) ? undefined : "must be 1 to 128 printable ASCII characters"),
  },
  tppRedirectUri: { name: "TPP-Redirect-URI", check: checkRedirectUri },
} satisfies Record<Exclude<keyof PsuHeaders, "tppRedirectPreferred">, HeaderRule>;

function checkRedirectUri(value: string): string | undefined {
  if (value.length > 2048) return "must be at most 2048 characters";
  if (!PRINTABLE_ASCII.test(value)) return "must be an absolute http(s) URL in ASCII (percent-encode other characters)";
  const parsed = z.url({ protocol: /^https?$/ }).safeParse(value);
  if (!parsed.success) return "must be an absolute http or https URL, e.g. https://tpp.example/callback";
  if (new URL(value).username !== "" || new URL(value).password !== "") return "must not carry a user name or password";
  return undefined;
}

function single(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  const text = Array.isArray(value) ? value.join(", ") : value;
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  return trimmed === "" ? undefined : trimmed;
}

/**
 * Reads and validates the PSU and SCA headers of a request; every header that breaks its rule is
 * a FORMAT_ERROR naming it (all of them in one reply). Presence is the operation's business.
 *
 * @see psd2-interface.md "Header parameters"; supplement.md §4
 */
export function readPsuHeaders(headers: IncomingHttpHeaders): PsuHeaders {
  const messages: BankTppMessage[] = [];
  const read = (rule: HeaderRule): string | undefined => {
    const value = single(headers, rule.name);
    if (value === undefined) return undefined;
    const problem = rule.check(value);
    if (problem) {
      messages.push({ category: "ERROR", code: "FORMAT_ERROR", path: rule.name, text: `The header ${rule.name} ${problem}` });
      return undefined;
    }
    return value;
  };
  const result: PsuHeaders = { tppRedirectPreferred: true };
  const psuId = read(rules.psuId);
  if (psuId) result.psuId = psuId.toLowerCase();
  const psuCorporateId = read(rules.psuCorporateId);
  if (psuCorporateId) result.psuCorporateId = psuCorporateId.toLowerCase();
  const psuIdentity = read(rules.psuIdentity);
  if (psuIdentity) result.psuIdentity = psuIdentity;
  const psuIpAddress = read(rules.psuIpAddress);
  if (psuIpAddress) result.psuIpAddress = psuIpAddress;
  const tppSessionId = read(rules.tppSessionId);
  if (tppSessionId) result.tppSessionId = tppSessionId;
  const tppRedirectUri = read(rules.tppRedirectUri);
  if (tppRedirectUri) result.tppRedirectUri = tppRedirectUri;
  const preferred = single(headers, "TPP-Redirect-Preferred");
  if (preferred !== undefined) {
    const lower = preferred.toLowerCase();
    if (lower === "true" || lower === "false") result.tppRedirectPreferred = lower === "true";
    else {
      messages.push({
        category: "ERROR",
        code: "FORMAT_ERROR",
        path: "TPP-Redirect-Preferred",
        text: `The header TPP-Redirect-Preferred must be true or false, not '${preferred.slice(0, 40)}'`,
      });
    }
  }
  if (messages.length > 0) throw BankError.fromMessages(messages);
  return result;
}
