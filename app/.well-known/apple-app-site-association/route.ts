import { appLinkFileResponse, appleAppSiteAssociation } from "@/lib/tpp/app-links/app-link-files";
import { getTppConfig } from "@/lib/tpp/config";

/**
 * GET /.well-known/apple-app-site-association (no .json extension, as iOS asks for it): the iOS
 * apps of TPP_IOS_APP_IDS for the paths of TPP_APP_LINK_PATHS; 404 when none is set.
 * @see docs/biometric-flow.md
 */
export function GET(): Response {
  return appLinkFileResponse(appleAppSiteAssociation(getTppConfig().appLinks), "TPP_IOS_APP_IDS");
}
