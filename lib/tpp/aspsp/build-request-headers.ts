import type { AspspCaller, PsuPresence } from "./aspsp-caller";
import type { HeaderPair } from "./aspsp-exchange";

export interface RequestHeaderOptions {
  readonly caller: AspspCaller;
  /** TPP-Redirect-URI, already percent-encoded (encodeRedirectUri). */
  readonly redirectUri: string;
  readonly acceptFix: string | undefined;
  readonly brand: string | undefined;
  readonly hasBody: boolean;
}

// Header values are sent as they are; a control character (a line break above all) would
// corrupt the request, so forwarded values lose them (tab stays: it is legal in a field value).
function clean(value: string): string {
  let result = "";
  for (const character of value) {
    const code = character.charCodeAt(0);
    if (code === 0x09 || (code >= 0x20 && code !== 0x7f)) result += character;
  }
  return result.trim();
}

/**
 * The x-accept-fix value sent on an operation that requires the header when the client has none
 * configured: amount-as-string, the value the spec names for baskets (every published fix is the
 * default today, so it changes nothing but the header's presence).
 * @see docs/interface/header-parameters.md#headers-by-operation, docs/interface/versioning.md#versioning; docs/interface/header-parameters.md#x-accept-fix
 */
export const DEFAULT_ACCEPT_FIX = "amount-as-string";

/** The redirect URI with the flow's id as its `flow` query parameter (the URI is already encoded). */
export function withFlow(redirectUri: string, flowId: string | undefined): string {
  if (flowId === undefined) return redirectUri;
  const hash = redirectUri.indexOf("#");
  const [base, fragment] = hash === -1 ? [redirectUri, ""] : [redirectUri.slice(0, hash), redirectUri.slice(hash)];
  return `${base}${base.includes("?") ? "&" : "?"}flow=${encodeURIComponent(flowId)}${fragment}`;
}

const PSU_FORWARDED: readonly (readonly [keyof PsuPresence, string])[] = [
  ["ipPort", "PSU-IP-Port"],
  ["userAgent", "PSU-User-Agent"],
  ["accept", "PSU-Accept"],
  ["acceptCharset", "PSU-Accept-Charset"],
  ["acceptEncoding", "PSU-Accept-Encoding"],
  ["acceptLanguage", "PSU-Accept-Language"],
  ["httpMethod", "PSU-HTTP-Method"],
];

/**
 * The headers that name the PSU: PSU-ID, or X-PSU-IDENTITY in its place, with PSU-Corporate-ID in
 * a corporate context; or, for the single-SCA payment initiation, PSU-Context alone.
 * @see docs/interface/header-parameters.md#headers-by-operation; docs/interface/payments.md#payments-in-the-sandbox
 */
function psuIdentityHeaders(caller: AspspCaller): HeaderPair[] {
  if (caller.singleScaContext !== undefined) return [["PSU-Context", caller.singleScaContext]];
  const headers: HeaderPair[] = [];
  if (caller.psuIdentity !== undefined) headers.push(["X-PSU-IDENTITY", clean(caller.psuIdentity)]);
  else if (caller.psuId !== undefined) headers.push(["PSU-ID", caller.psuId]);
  if (caller.psuCorporateId !== undefined) headers.push(["PSU-Corporate-ID", caller.psuCorporateId]);
  return headers;
}

/**
 * The headers of a request besides the signature's own (Date, X-Request-ID, Digest, Signature,
 * TPP-Signature-Certificate): TPP-Session-ID, TPP-Redirect-URI (required on every request, since
 * the TPP cannot know whether SCA will be needed), TPP-Redirect-Preferred,
 * TPP-Brand-Logging-Information, x-accept-fix (DEFAULT_ACCEPT_FIX where the operation requires it
 * and none is configured), the PSU's identity (PSU-ID or X-PSU-IDENTITY, PSU-Corporate-ID, or
 * PSU-Context for a single SCA), and, only when the PSU takes part in real time, PSU-IP-Address
 * and the PSU-* headers forwarded from the browser.
 * @see docs/interface/header-parameters.md#headers-by-operation, docs/interface/authentication.md#sca-by-redirect, docs/interface/authentication.md#biometric-flow, docs/interface/authentication.md#psu-present-or-absent; docs/interface/payments.md#payments-in-the-sandbox, docs/interface/header-parameters.md#x-accept-fix
 */
export function buildRequestHeaders(options: RequestHeaderOptions): HeaderPair[] {
  const { caller } = options;
  const headers: HeaderPair[] = [["Accept", "application/json"]];
  if (options.hasBody) headers.push(["Content-Type", "application/json"]);
  if (caller.tppSessionId !== undefined) headers.push(["TPP-Session-ID", caller.tppSessionId]);
  headers.push(["TPP-Redirect-URI", withFlow(options.redirectUri, caller.flowId)]);
  headers.push(["TPP-Redirect-Preferred", caller.redirectPreferred === false ? "false" : "true"]);
  if (options.brand !== undefined && options.brand !== "") headers.push(["TPP-Brand-Logging-Information", clean(options.brand)]);
  const configured = options.acceptFix !== undefined && options.acceptFix !== "" ? options.acceptFix : undefined;
  const acceptFix = caller.acceptFix ?? configured ?? (caller.requiresAcceptFix === true ? DEFAULT_ACCEPT_FIX : undefined);
  if (acceptFix !== undefined) headers.push(["x-accept-fix", acceptFix]);
  headers.push(...psuIdentityHeaders(caller));
  const psu = caller.psu;
  if (psu !== undefined) {
    headers.push(["PSU-IP-Address", clean(psu.ipAddress)]);
    for (const [field, name] of PSU_FORWARDED) {
      const value = psu[field];
      if (value !== undefined && clean(value) !== "") headers.push([name, clean(value)]);
    }
  }
  return headers;
}
