import { isIP } from "node:net";
import type { IncomingHttpHeaders } from "node:http";
import { z } from "zod";
import { validateAcceptFix } from "../../../psd2/validation/validate-accept-fix";
import { cutForMessage } from "../../../psd2/validation/quote-for-message";
import { BankError, type BankTppMessage } from "../../errors";

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
const PSU_HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** A header of the spec's table with a rule for its value: the problem in words, or undefined. */
type HeaderRule = { name: string; check: (value: string) => string | undefined };

// Made once: building a zod schema costs far more than using it, and the header comes with every
// payment, consent and basket.
const HTTP_URL = z.url({ protocol: /^https?$/ });

function checkRedirectUri(value: string): string | undefined {
  if (value.length > 2048) return "must be at most 2048 characters";
  if (!PRINTABLE_ASCII.test(value)) return "must be an absolute http(s) URL in ASCII (percent-encode other characters)";
  const parsed = HTTP_URL.safeParse(value);
  if (!parsed.success) return "must be an absolute http or https URL, e.g. https://tpp.example/callback";
  const { username, password } = new URL(value);
  if (username !== "" || password !== "") return "must not carry a user name or password";
  return undefined;
}

const rules = {
  psuId: { name: "PSU-ID", check: (v) => (UUID.test(v) ? undefined : "must be a UUID (RFC 4122): the psu-id of the success redirect") },
  psuCorporateId: {
    name: "PSU-Corporate-ID",
    check: (v) =>
      UUID.test(v) ? undefined : "must be a UUID (RFC 4122): the psu-corporate-id of the success redirect or an id of GET /v1/agreements",
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

const tppRedirectPreferredRule: HeaderRule = {
  name: "TPP-Redirect-Preferred",
  check: (v) => (["true", "false"].includes(v.toLowerCase()) ? undefined : `must be true or false, not '${cutForMessage(v)}'`),
};

/**
 * Every header of the spec's header table that has a rule, as it must be wherever it is sent
 * (whether or not the operation uses it).
 *
 * @see docs/interface/header-parameters.md#headers-by-operation
 */
const SENT_HEADER_RULES: readonly HeaderRule[] = [
  rules.psuId,
  rules.psuCorporateId,
  rules.psuIdentity,
  rules.psuIpAddress,
  {
    name: "PSU-Context",
    check: (v) => (v === "PRIVATE" || v === "CORPORATE" ? undefined : `must be PRIVATE or CORPORATE, not '${cutForMessage(v)}'`),
  },
  {
    name: "PSU-HTTP-Method",
    check: (v) => (PSU_HTTP_METHODS.includes(v) ? undefined : `must be one of ${PSU_HTTP_METHODS.join(", ")}, not '${cutForMessage(v)}'`),
  },
  {
    name: "PSU-Device-ID",
    check: (v) => (UUID.test(v) ? undefined : "must be a UUID (RFC 4122): the device identifier the PSU's app forwards"),
  },
  rules.tppSessionId,
  rules.tppRedirectUri,
  tppRedirectPreferredRule,
  { name: "x-accept-fix", check: (v) => validateAcceptFix(v)?.reason },
];

/** A header as one string (repeated headers joined as Node joins them), or undefined when absent. */
function raw(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : value;
}

function single(headers: IncomingHttpHeaders, name: string): string | undefined {
  const trimmed = raw(headers, name)?.trim();
  return trimmed === undefined || trimmed === "" ? undefined : trimmed;
}

function violation(rule: HeaderRule, problem: string): BankTppMessage {
  return { category: "ERROR", code: "FORMAT_ERROR", path: rule.name, text: `The header ${rule.name} ${problem}` };
}

/**
 * Checks every header of the spec's table that the request sends, whatever the operation: PSU-ID,
 * PSU-Corporate-ID and PSU-Device-ID are UUIDs, X-PSU-IDENTITY 11 digits, PSU-IP-Address an IP
 * address, PSU-Context PRIVATE or CORPORATE, PSU-HTTP-Method one of the five, TPP-Session-ID and
 * TPP-Redirect-URI as readPsuHeaders reads them, TPP-Redirect-Preferred true or false,
 * x-accept-fix published fixes. A header sent empty is wrong too (leave it out instead). Every
 * problem is a FORMAT_ERROR naming its header, all in one reply.
 *
 * @see docs/interface/header-parameters.md#headers-by-operation; docs/interface/errors.md#statuses-by-code
 */
export function checkSentHeaders(headers: IncomingHttpHeaders): void {
  const messages: BankTppMessage[] = [];
  for (const rule of SENT_HEADER_RULES) {
    const value = raw(headers, rule.name);
    if (value === undefined) continue;
    const trimmed = value.trim();
    const problem = trimmed === "" ? "is empty: send a value or leave the header out" : rule.check(trimmed);
    if (problem) messages.push(violation(rule, problem));
  }
  if (messages.length > 0) throw BankError.fromMessages(messages);
}

/**
 * Reads and validates the PSU and SCA headers of a request; every header that breaks its rule is
 * a FORMAT_ERROR naming it (all of them in one reply). Presence is the operation's business.
 *
 * @see docs/interface/header-parameters.md#headers-by-operation; docs/interface/errors.md#statuses-by-code
 */
export function readPsuHeaders(headers: IncomingHttpHeaders): PsuHeaders {
  const messages: BankTppMessage[] = [];
  const read = (rule: HeaderRule): string | undefined => {
    const value = single(headers, rule.name);
    if (value === undefined) return undefined;
    const problem = rule.check(value);
    if (problem) {
      messages.push(violation(rule, problem));
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
  const preferred = read(tppRedirectPreferredRule);
  if (preferred !== undefined) result.tppRedirectPreferred = preferred.toLowerCase() === "true";
  if (messages.length > 0) throw BankError.fromMessages(messages);
  return result;
}
