import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { getAuthOptions } from "@/lib/tpp/auth/auth-options";
import { withThrottledSignInStatus } from "@/lib/tpp/auth/throttled-sign-in-status";
import { withPsuSessionCleared } from "@/lib/tpp/session/clear-psu-session-on-sign-out";
import { getPsuSessionOptions } from "@/lib/tpp/session/psu-session";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

// The options are made on the first request (they read the configuration's secrets), not at build time.
async function handler(request: NextRequest, context: RouteContext): Promise<Response> {
  const response: unknown = await NextAuth(request, context, getAuthOptions());
  if (!(response instanceof Response)) throw new Error("next-auth gave no response");
  // Sign-out (POST /api/auth/signout) ends the sign-in in the database (the options' signOut
  // event) and removes next-auth's cookie; the PSU session's cookie goes with it.
  const signedOut = withPsuSessionCleared(response, getPsuSessionOptions().cookieOptions?.secure ?? true);
  // A sign-in refused for the throttle: 429 with Retry-After, not next-auth's 401.
  return withThrottledSignInStatus(signedOut, new Date());
}

export { handler as GET, handler as POST };
