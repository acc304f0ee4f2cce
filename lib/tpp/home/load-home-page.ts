import "server-only";
import { getAspspContext } from "../aspsp/aspsp-context";
import { type AppUser, getCurrentUser } from "../auth/get-current-user";
import { getAppEnvironment } from "../get-app-environment";
import { getUser } from "../psu/get-user";
import type { PsuIdentity } from "../psu/psu-types";
import { loadRefreshOverview } from "../refresh/load-overview";
import { getAspspConnection } from "../runtime";
import { getPsuSessionStatus, type PsuSessionStatus } from "../session/get-psu-session-status";
import { buildHomeView, type HomePageView } from "./home-page-view";

/** Who the PSU is, asked only while the SCA is valid (a call without it would start an SCA at the bank). */
async function identityOf(user: AppUser, session: PsuSessionStatus | undefined): Promise<PsuIdentity | undefined> {
  if (user.psuId === undefined || session?.scaValid !== true) return undefined;
  return getAspspContext({ returnTo: "/" })
    .then(getUser)
    .catch(() => undefined);
}

/**
 * The home page: for a visitor, what the app does; for a user, the bank connection (the PSU's
 * identity once the session says the SCA is valid), the app at the bank and what it read, asked
 * for together.
 */
export async function loadHomePage(): Promise<HomePageView> {
  const user = await getCurrentUser();
  const environment = getAppEnvironment();
  if (user === undefined) return { signedIn: false, sandbox: environment.environment === "sandbox" };
  const [[session, identity], connection, overview] = await Promise.all([
    getPsuSessionStatus(user.id).then(async (session) => [session, await identityOf(user, session)] as const),
    getAspspConnection().catch(() => undefined),
    user.psuId === undefined ? undefined : loadRefreshOverview(user.id),
  ]);
  return buildHomeView({ user, session, environment, connection, overview, identity });
}
