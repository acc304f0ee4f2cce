/**
 * The redirects to the TPP after SCA: query parameters added to TPP-Redirect-URI, keeping its own
 * query and fragment exactly as the TPP wrote them; every value percent-encoded (RFC 3986).
 *
 * @see docs/interface/redirect-parameters.md#redirect-parameters-and-events, docs/interface/redirect-parameters.md#events; docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export function appendQueryParameters(uri: string, parameters: readonly (readonly [string, string])[]): string {
  const hashIndex = uri.indexOf("#");
  const base = hashIndex === -1 ? uri : uri.slice(0, hashIndex);
  const fragment = hashIndex === -1 ? "" : uri.slice(hashIndex);
  const query = parameters.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join("&");
  const separator = !base.includes("?") ? "?" : base.endsWith("?") || base.endsWith("&") ? "" : "&";
  return `${base}${separator}${query}${fragment}`;
}

export type SuccessRedirect = {
  psuId: string;
  tppSessionId: string;
  context: "PRIVATE" | "CORPORATE";
  psuCorporateId?: string;
};

/** `TPP-Redirect-URI?psu-id=…&tpp-session-id=…&context=…[&psu-corporate-id=…]`. @see docs/interface/redirect-parameters.md#redirect-parameters-and-events */
export function buildSuccessRedirectUrl(redirectUri: string, success: SuccessRedirect): string {
  const parameters: [string, string][] = [
    ["psu-id", success.psuId],
    ["tpp-session-id", success.tppSessionId],
    ["context", success.context],
  ];
  if (success.psuCorporateId !== undefined) parameters.push(["psu-corporate-id", success.psuCorporateId]);
  return appendQueryParameters(redirectUri, parameters);
}

export type FailureRedirect = { system: string; status: number; code: string; message: string };

/** `TPP-Redirect-URI?system=…&status=…&code=…&message=…`. @see docs/interface/redirect-parameters.md#redirect-parameters-and-events */
export function buildFailureRedirectUrl(redirectUri: string, failure: FailureRedirect): string {
  return appendQueryParameters(redirectUri, [
    ["system", failure.system],
    ["status", String(failure.status)],
    ["code", failure.code],
    ["message", failure.message],
  ]);
}
