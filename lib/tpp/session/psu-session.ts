import "server-only";
import { getIronSession, sealData, type SessionOptions, unsealData } from "iron-session";
import { LRUCache } from "lru-cache";
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
  return unsealPsuSession(sealed, userId);
}

/** Cookies unsealed and kept in memory, each until its seal's own expiry; the oldest unused go first. */
const UNSEALED_CAPACITY = 2_000;

const unsealed = new LRUCache<string, Readonly<Record<string, unknown>>>({ max: UNSEALED_CAPACITY });

/** A number for each password seen: a cookie unsealed with one is never answered for another. */
const passwordIds = new Map<string, number>();

function passwordId(password: string): number {
  const known = passwordIds.get(password);
  if (known !== undefined) return known;
  passwordIds.set(password, passwordIds.size);
  return passwordIds.size - 1;
}

/**
 * The expiry (ms since the epoch) a seal carries: iron's sixth field, covered by its HMAC, so
 * read only from a seal that unsealed. iron-session adds its format's version after a "~".
 */
function sealExpiry(sealed: string): number | undefined {
  const expiration = sealed.split("~")[0]?.split("*")[5];
  return expiration !== undefined && /^\d{1,15}$/.test(expiration) ? Number(expiration) : undefined;
}

/**
 * iron-session's unsealData, each cookie unsealed once: a page's request reads the same cookie in
 * the proxy and again in the render, and iron derives two keys (PBKDF2), checks an HMAC and
 * decrypts each time. A cookie already unsealed with this password is answered from memory until
 * its expiry; one changed in any byte is another key here and goes through iron in full.
 */
async function unsealOnce(sealed: string, password: string): Promise<Record<string, unknown>> {
  const cacheKey = `${passwordId(password)}\u0000${sealed}`;
  const known = unsealed.get(cacheKey);
  const expiry = sealExpiry(sealed);
  if (known !== undefined && expiry !== undefined && Date.now() < expiry) return structuredClone(known);
  const data: Record<string, unknown> = await unsealData(sealed, { password, ttl: PSU_SESSION_TTL_SECONDS });
  if (expiry !== undefined && Object.keys(data).length > 0) unsealed.set(cacheKey, Object.freeze(structuredClone(data)));
  return data;
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
    return parsePsuSession(await unsealOnce(sealed, getTppConfig().sessionSecret), userId);
  } catch {
    return undefined;
  }
}
