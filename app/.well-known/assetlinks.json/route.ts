import { appLinkFileResponse, assetLinks } from "@/lib/tpp/app-links/app-link-files";
import { getTppConfig } from "@/lib/tpp/config";

/**
 * GET /.well-known/assetlinks.json: the Android app of TPP_ANDROID_PACKAGE with the fingerprints
 * of TPP_ANDROID_CERT_FINGERPRINTS; 404 when none is set.
 * @see docs/biometric-flow.md
 */
export function GET(): Response {
  return appLinkFileResponse(assetLinks(getTppConfig().appLinks), "TPP_ANDROID_PACKAGE");
}
