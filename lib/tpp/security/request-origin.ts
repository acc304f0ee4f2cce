import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Who sent a request that would start something at the bank: the app's own pages, the PSU
 * typing or bookmarking an address, or another site. Cookies travel with a top-level
 * navigation from any site (SameSite=Lax), so without these checks a link or an image on another
 * site could make the app send a signed request to the bank in the PSU's name.
 * @see https://www.w3.org/TR/fetch-metadata/
 */

/**
 * Whether a GET may start something at the bank at once: its Sec-Fetch-Site says it comes from
 * the app's own origin ("same-origin") or from the PSU themselves ("none": a typed address, a
 * bookmark).
 * "same-site" (another port or subdomain), "cross-site", and a browser that sends no fetch
 * metadata at all cannot be told from another site's link: they are asked to confirm instead.
 */
export function isSameOriginOrUserInitiated(headers: Headers): boolean {
  const site = headers.get("sec-fetch-site");
  return site === "same-origin" || site === "none";
}

/** The name of the confirmation form's token field. */
export const CONFIRMATION_TOKEN_FIELD = "token";

/** What a confirmation token is bound to: the user and their browser's PSU session. */
export interface ConfirmationBinding {
  readonly userId: string;
  /** The PSU session's TPP-Session-ID: a new sign-in (or a sign-out) makes older forms useless. */
  readonly tppSessionId: string | undefined;
}

/** The confirmation form's token: an HMAC-SHA256 under the session secret of what it is bound to (Base64url). */
export function createConfirmationToken(secret: string, binding: ConfirmationBinding): string {
  return createHmac("sha256", secret)
    .update(`connect-confirmation\n${binding.userId}\n${binding.tppSessionId ?? ""}`)
    .digest("base64url");
}

/** Why a confirmation was refused, in words for its page. */
export type ConfirmationRefusal = {
  readonly code: "ORIGIN_MISSING" | "ORIGIN_FOREIGN" | "TOKEN_MISSING" | "TOKEN_WRONG";
  readonly reason: string;
};

/**
 * The first check of a POSTed confirmation, before anything else is read: its Origin must be the
 * app's (a browser sends Origin with every POST). Undefined when it is.
 */
export function checkConfirmationOrigin(origin: string | null, appUrl: string): ConfirmationRefusal | undefined {
  const appOrigin = new URL(appUrl).origin;
  if (origin === null || origin === "") {
    return {
      code: "ORIGIN_MISSING",
      reason: `The request has no Origin header, so the app cannot tell that it was sent from its own page (${appOrigin}).`,
    };
  }
  if (origin !== appOrigin) {
    return {
      code: "ORIGIN_FOREIGN",
      reason: `The request was sent from ${origin.slice(0, 100)}, not from this app's page (${appOrigin}).`,
    };
  }
  return undefined;
}

/**
 * The second: its token must be the one the app's confirmation page gave this user in this PSU
 * session. Undefined when it is.
 */
export function checkConfirmationToken(
  token: string | null,
  secret: string,
  binding: ConfirmationBinding,
): ConfirmationRefusal | undefined {
  if (token === null || token === "") {
    return {
      code: "TOKEN_MISSING",
      reason: `The form's confirmation token (field "${CONFIRMATION_TOKEN_FIELD}") is missing.`,
    };
  }
  const wanted = Buffer.from(createConfirmationToken(secret, binding));
  const given = Buffer.from(token);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
    return {
      code: "TOKEN_WRONG",
      reason: `The form's confirmation token (field "${CONFIRMATION_TOKEN_FIELD}") is not the one this app gave you: the form comes from an earlier sign-in or from another site.`,
    };
  }
  return undefined;
}
