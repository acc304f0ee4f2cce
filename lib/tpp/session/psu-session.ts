import "server-only";
import { randomUUID } from "node:crypto";
import { getIronSession, sealData, type SessionOptions, unsealData } from "iron-session";
import { cookies } from "next/headers";
import { z } from "zod";
import { psuContextSchema } from "../../psd2/schemas";
import { getTppConfig } from "../config";

/** The PSU session cookie (iron-session: sealed, so the browser can neither read nor change it). */
export const PSU_SESSION_COOKIE = "tpp_psu";

/** The cookie lives half a day; an SCA within it is valid for one hour (scaValidUntil). */
export const PSU_SESSION_TTL_SECONDS = 12 * 60 * 60;

/** A flow sent to the bank for SCA, waiting for the PSU to come back to the callback. */
const pendingFlowSchema = z.object({
  /** Where the PSU returns after the callback: a path of this app. */
  returnTo: z.string(),
  /** The TPP-Session-ID of the request that started SCA: the success redirect must carry it. */
  tppSessionId: z.string(),
  /** Identifies this flow (one per redirect to the bank). */
  nonce: z.string(),
  startedAt: z.string(),
});

export type PendingFlow = z.output<typeof pendingFlowSchema>;

/**
 * What the TPP keeps for the PSU of a browser: the TPP-Session-ID, when the last SCA stops being
 * valid, the context chosen and its PSU-Corporate-ID, and the pending flow. Bound to the app user
 * it was made for.
 * @see psd2-interface.md "Authentication" (6, 7); supplement.md §7
 */
export const psuSessionSchema = z.object({
  userId: z.string(),
  tppSessionId: z.string().min(1).max(128),
  createdAt: z.string(),
  /** ISO 8601: one hour after the last successful SCA. */
  scaValidUntil: z.string().optional(),
  context: psuContextSchema.optional(),
  psuCorporateId: z.string().optional(),
  pending: pendingFlowSchema.optional(),
});

export type PsuSession = z.output<typeof psuSessionSchema>;

/** iron-session's options: httpOnly, SameSite=Lax (the bank's redirect back is a top-level GET), Secure in production. */
export function getPsuSessionOptions(): SessionOptions {
  return {
    cookieName: PSU_SESSION_COOKIE,
    password: getTppConfig().sessionSecret,
    ttl: PSU_SESSION_TTL_SECONDS,
    cookieOptions: { httpOnly: true, sameSite: "lax", secure: process.env.NODE_ENV === "production", path: "/" },
  };
}

/** A new PSU session for a user: a new TPP-Session-ID (a UUID: 36 printable ASCII characters). */
export function createPsuSession(userId: string, now: Date): PsuSession {
  return { userId, tppSessionId: randomUUID(), createdAt: now.toISOString() };
}

/** The session data when it is well-formed and belongs to this user; a session of another user is no session. */
export function parsePsuSession(data: unknown, userId: string): PsuSession | undefined {
  const parsed = psuSessionSchema.safeParse(data);
  return parsed.success && parsed.data.userId === userId ? parsed.data : undefined;
}

/** Whether the last SCA is still valid (one hour after it completed). */
export function isScaValid(session: PsuSession, now: Date): boolean {
  return session.scaValidUntil !== undefined && Date.parse(session.scaValidUntil) > now.getTime();
}

/** The PSU session of the user, read from the request's cookie (works while rendering too). */
export async function readPsuSession(userId: string): Promise<PsuSession | undefined> {
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
