import "server-only";
import { getToken } from "next-auth/jwt";
import { type NextRequest, NextResponse } from "next/server";
import { decodeSessionToken } from "../auth/session-token-codec";
import { getTppConfig } from "../config";
import {
  createPsuSession,
  getPsuSessionOptions,
  PSU_SESSION_COOKIE,
  PSU_SESSION_TTL_SECONDS,
  sealPsuSession,
  unsealPsuSession,
} from "./psu-session";

/**
 * For the proxy (runs before every page): a signed-in user without a PSU session of their own
 * gets a new one (a new TPP-Session-ID), set on the response and on the request being served, so
 * that pages, which cannot write cookies while rendering, always find one. A session of another
 * user (a different sign-in in the same browser) is replaced, never reused.
 */
export async function ensurePsuSessionCookie(request: NextRequest): Promise<NextResponse> {
  const response = NextResponse.next();
  const token = await getToken({ req: request, secret: getTppConfig().nextAuthSecret, decode: decodeSessionToken });
  const userId = token?.sub;
  if (userId === undefined) return response;
  const sealed = request.cookies.get(PSU_SESSION_COOKIE)?.value;
  if (sealed !== undefined && (await unsealPsuSession(sealed, userId)) !== undefined) return response;
  const options = getPsuSessionOptions();
  // NextResponse.cookies.set also hands the cookie to this request's render (x-middleware-set-cookie).
  response.cookies.set(PSU_SESSION_COOKIE, await sealPsuSession(createPsuSession(userId, new Date())), {
    httpOnly: true,
    sameSite: "lax",
    secure: options.cookieOptions?.secure ?? true,
    path: "/",
    // As iron-session does: the cookie expires a minute before the seal.
    maxAge: PSU_SESSION_TTL_SECONDS - 60,
  });
  return response;
}
