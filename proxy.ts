import { type NextRequest, NextResponse } from "next/server";
import { APP_LINK_FILE_PATHS } from "@/lib/tpp/app-links/app-link-files";
import { getTppConfig } from "@/lib/tpp/config";
import { appOriginRouteUrl, pathForAppOrigin } from "@/lib/tpp/proxy/app-host-redirect";
import { applySecurityHeaders, prepareRequestSecurity, type RequestSecurity } from "@/lib/tpp/proxy/apply-security-headers";
import { isDecodablePath } from "@/lib/tpp/proxy/is-decodable-path";
import { ensurePsuSessionCookie } from "@/lib/tpp/session/ensure-psu-session-cookie";

/** next-auth's own routes, the operator's refresh (its own token), the health check and static files need no PSU session. */
const WITHOUT_PSU_SESSION = /^\/api\/(?:auth|refresh|health)(?:\/|$)|\.(?:png|jpg|svg|ico|css|js|map|txt)$/;

/**
 * Before every request: the security headers with a fresh CSP nonce (apply-security-headers.ts);
 * the application-site bindings under /.well-known go through untouched (no sign-in, no
 * redirect, no session: lib/tpp/app-links); another host than the app's goes to the app's origin at once (its cookies are the app's
 * host's: app-host-redirect.ts); a path that cannot be percent-decoded is the not-found page
 * (Next would answer it with a bare 500); then a signed-in user always has a PSU session (a
 * TPP-Session-ID) of their own.
 */
export async function proxy(request: NextRequest) {
  const security = prepareRequestSecurity(request);
  return applySecurityHeaders(await route(request, security), security);
}

async function route(request: NextRequest, security: RequestSecurity): Promise<NextResponse> {
  const { requestHeaders } = security;
  // The application-site bindings: fetched by Apple's and Google's services, which follow no
  // redirect and carry no cookie: served as they are, on whatever host they are asked for.
  if (APP_LINK_FILE_PATHS.includes(request.nextUrl.pathname)) return NextResponse.next({ request: { headers: requestHeaders } });
  const elsewhere = pathForAppOrigin(request, getTppConfig().appUrl);
  if (elsewhere !== undefined) {
    return NextResponse.rewrite(appOriginRouteUrl(elsewhere, request.nextUrl), {
      request: { headers: requestHeaders },
    });
  }
  if (!isDecodablePath(request.nextUrl.pathname)) {
    return NextResponse.rewrite(new URL("/_not-found", request.nextUrl), {
      request: { headers: requestHeaders },
    });
  }
  const next = NextResponse.next({ request: { headers: requestHeaders } });
  if (WITHOUT_PSU_SESSION.test(request.nextUrl.pathname)) return next;
  const session = await ensurePsuSessionCookie(request);
  // A redirect of its own goes as it is; otherwise its cookies go on the response that carries the nonce.
  if (session.headers.has("location")) return session;
  for (const cookie of session.cookies.getAll()) next.cookies.set(cookie);
  return next;
}

export const config = {
  // Everything but Next's own build files (next.config.js gives those their headers).
  matcher: ["/((?!_next/static|_next/image).*)"],
};
