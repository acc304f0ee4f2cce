import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { getAuthOptions } from "@/lib/tpp/auth/auth-options";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

// The options are made on the first request (they read the configuration's secrets), not at build time.
async function handler(request: NextRequest, context: RouteContext): Promise<Response> {
  const response: unknown = await NextAuth(request, context, getAuthOptions());
  if (response instanceof Response) return response;
  throw new Error("next-auth gave no response");
}

export { handler as GET, handler as POST };
