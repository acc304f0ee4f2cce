import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { getAuthOptions } from "@/lib/tpp/auth/auth-options";
import { withThrottledSignInStatus } from "@/lib/tpp/auth/throttled-sign-in-status";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

// The options are made on the first request (they read the configuration's secrets), not at build time.
async function handler(request: NextRequest, context: RouteContext): Promise<Response> {
  const response: unknown = await NextAuth(request, context, getAuthOptions());
  if (!(response instanceof Response)) throw new Error("next-auth gave no response");
  // A sign-in refused for the throttle: 429 with Retry-After, not next-auth's 401.
  return withThrottledSignInStatus(response, new Date());
}

export { handler as GET, handler as POST };
