import "server-only";
import { getIronSession, sealData, type SessionOptions, unsealData } from "iron-session";
import { cookies } from "next/headers";
import { cache } from "react";
import { getTppConfig } from "../config";
import { parsePsuSession, type PsuSession } from "./psu-session-data";

export * from "./psu-session-data";

/** The PSU session cookie (iron-session: sealed, so the browser can neither read nor change it). */
export const PSU_SESSION_COOKIE = "tpp_psu";

/** The cookie lives half a day; an SCA within it is valid for one hour (scaValidUntil). */
export const PSU_SESSION_TTL_SECONDS = 12 * 60 * 60;

/** iron-session's options: httpOnly, SameSite=Lax (the bank's redirect back is a top-level GET), Secure in production. */
export function getPsuSessionOptions(): SessionOptions {
  return {
    cookieName: PSU_SESSION_COOKIE,
    password: getTppConfig().sessionSecret,
    ttl: PSU_SESSION_TTL_SECONDS,
    cookieOptions: { httpOnly: true, sameSite: "lax", secure: process.env.NODE_ENV === "production", path: "/" },
  };
}

/**
 * The PSU session of the user, read from the request's cookie (works while rendering too). Unsealed
 * once per render (React's `cache`: a render cannot write the cookie); a Server Action or a Route
 * Handler, which may write it, reads it afresh on every call.
 */
export const readPsuSession: (userId: string) => Promise<PsuSession | undefined> = cache(unsealRequestPsuSession);

async function unsealRequestPsuSession(userId: string): Promise<PsuSession | undefined> {
  const sealed = (await cookies()).get(PSU_SESSION_COOKIE)?.value;
  if (sealed === undefined) return undefined;
  const options = getPsuSessionOptions();
  try {
    return parsePsuSession(await unsealData(sealed, { password: options.password, ttl: PSU_SESSION_TTL_SECONDS }), userId);
  } catch {
    return undefined;
  }
}

/**
 * Replaces the PSU session cookie (undefined removes it). Only where cookies can be written:
 * a Server Action or a Route Handler.
 */
export async function writePsuSession(session: PsuSession | undefined): Promise<void> {
  const ironSession = await getIronSession<Record<string, unknown>>(await cookies(), getPsuSessionOptions());
  if (session === undefined) {
    ironSession.destroy();
    return;
  }
  for (const key of Object.keys(ironSession)) delete ironSession[key];
  Object.assign(ironSession, session);
  await ironSession.save();
}

/** The sealed cookie value of a session, for the proxy (which sets cookies on its response). */
export function sealPsuSession(session: PsuSession): Promise<string> {
  return sealData(session, { password: getPsuSessionOptions().password, ttl: PSU_SESSION_TTL_SECONDS });
}

/** Reads a sealed cookie value; undefined when it cannot be unsealed or is not a session. */
export async function unsealPsuSession(sealed: string, userId: string): Promise<PsuSession | undefined> {
  try {
    return parsePsuSession(await unsealData(sealed, { password: getPsuSessionOptions().password, ttl: PSU_SESSION_TTL_SECONDS }), userId);
  } catch {
    return undefined;
  }
}
