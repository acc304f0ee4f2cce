import type { NextRequest } from "next/server";
import { getTppConfig } from "@/lib/tpp/config";
import { appOriginRedirect, pathFromAppOriginRoute } from "@/lib/tpp/proxy/app-host-redirect";

/**
 * Where the proxy sends a request that came to another host than the app's (see
 * app-host-redirect.ts): a 307 to the same path on the app's origin, for every method.
 */
function redirectToAppOrigin(request: NextRequest): Response {
  return appOriginRedirect(pathFromAppOriginRoute(request.nextUrl), getTppConfig().appUrl);
}

export const GET = redirectToAppOrigin;
export const HEAD = redirectToAppOrigin;
export const POST = redirectToAppOrigin;
export const PUT = redirectToAppOrigin;
export const PATCH = redirectToAppOrigin;
export const DELETE = redirectToAppOrigin;
export const OPTIONS = redirectToAppOrigin;
