import type { NextRequest } from "next/server";
import { ensurePsuSessionCookie } from "@/lib/tpp/session/ensure-psu-session-cookie";

/** Before every page: a signed-in user always has a PSU session (a TPP-Session-ID) of their own. */
export async function proxy(request: NextRequest) {
  return ensurePsuSessionCookie(request);
}

export const config = {
  // Not for next-auth's own routes or static files.
  matcher: ["/((?!api/auth|_next/static|_next/image|favicon\\.ico|.*\\.(?:png|jpg|svg|ico|css|js|map|txt)$).*)"],
};
