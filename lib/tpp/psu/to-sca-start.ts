import type { ScaRedirectResponse } from "../../psd2/schemas";
import { resolveLinkForBrowser } from "../aspsp/resolve-aspsp-url";
import type { AspspCaller } from "../aspsp/aspsp-caller";
import { TppError } from "../errors";
import type { ScaStart } from "./psu-types";

/** The ScaStart of a reply whose point is the scaRedirect link. */
export function toScaStart(baseUrl: string, reply: ScaRedirectResponse, caller: AspspCaller): ScaStart {
  const scaRedirect = resolveLinkForBrowser(baseUrl, reply._links.scaRedirect.href);
  if (scaRedirect === undefined) {
    throw new TppError("ASPSP_RESPONSE_INVALID", `the bank's scaRedirect '${reply._links.scaRedirect.href}' is not an http(s) URL`);
  }
  return { scaRedirect, tppSessionId: caller.tppSessionId, flowId: caller.flowId };
}

/** The caller without PSU-ID and PSU-Corporate-ID: an SCA that any of the bank's customers may complete. */
export function withoutPsu(caller: AspspCaller): AspspCaller {
  const { psuId: _psuId, psuCorporateId: _psuCorporateId, ...rest } = caller;
  return rest;
}
