import { type NextRequest, NextResponse } from "next/server";
import { getTppConfig } from "@/lib/tpp/config";
import { APP_ORIGIN_PATH_HEADER, APP_ORIGIN_ROUTE, pathForAppOrigin } from "@/lib/tpp/proxy/app-host-redirect";
import { isDecodablePath } from "@/lib/tpp/proxy/is-decodable-path";
import { ensurePsuSessionCookie } from "@/lib/tpp/session/ensure-psu-session-cookie";

/** next-auth's own routes and static files need no PSU session. */
const WITHOUT_PSU_SESSION = /^\/api\/auth(?:\/|$)|\.(?:png|jpg|svg|ico|css|js|map|txt)$/;

/**
 * Before every request: another host than the app's goes to the app's origin at once (its
 * cookies are the app's host's: app-host-redirect.ts); a path that cannot be percent-decoded
 * is the not-found page (Next would answer it with a bare 500); then a signed-in user always has
 * a PSU session (a TPP-Session-ID) of their own.
 */
export async function proxy(request: NextRequest) {
  const elsewhere = pathForAppOrigin(request, getTppConfig().appUrl);
  if (elsewhere !== undefined) {
    const headers = new Headers(request.headers);
    headers.set(APP_ORIGIN_PATH_HEADER, elsewhere);
    return NextResponse.rewrite(new URL(APP_ORIGIN_ROUTE, request.nextUrl), { request: { headers } });
  }
  if (!isDecodablePath(request.nextUrl.pathname)) return NextResponse.rewrite(new URL("/_not-found", request.nextUrl));
  if (WITHOUT_PSU_SESSION.test(request.nextUrl.pathname)) return NextResponse.next();
  return ensurePsuSessionCookie(request);
}

export const config = {
  // Everything but Next's own build files.
  matcher: ["/((?!_next/static|_next/image).*)"],
};
