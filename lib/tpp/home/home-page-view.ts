import type { AppUser } from "../auth/get-current-user";
import type { AppEnvironment } from "../get-app-environment";
import type { PsuIdentity } from "../psu/psu-types";
import type { RefreshOverview } from "../refresh/load-overview";
import type { AspspConnection } from "../runtime";
import type { PsuSessionStatus } from "../session/get-psu-session-status";

/** The app as the bank knows it (the connection's client stays out of the page). */
type TppAtBank = Pick<AspspConnection, "organisationName" | "tppId" | "roles" | "verifiesResponses">;

/** The home page for a visitor not signed in: what the app does (the sandbox's tools only where the bank is the sandbox). */
export interface LandingView {
  readonly signedIn: false;
  readonly sandbox: boolean;
}

/** The home page of a signed-in user: the bank connection, the app at the bank, what was read. */
export interface HomeView {
  readonly signedIn: true;
  readonly displayName: string;
  readonly sandbox: boolean;
  /** Whether a PSU is connected (the bank gave the PSU-ID). */
  readonly connected: boolean;
  /** Whether the PSU's last SCA is within its hour. */
  readonly scaValid: boolean;
  /** When the last SCA's hour ends; undefined before any. */
  readonly scaValidUntil: Date | undefined;
  /** The bank's host. */
  readonly bankHost: string;
  /** The customer's name while the SCA is valid, else what can be said of the connection. */
  readonly customer: string;
  /** "Private", "Corporate · Fjord Shipping AS", "Not chosen yet". */
  readonly context: string;
  readonly psuId: string | undefined;
  readonly tppSessionId: string | undefined;
  /** The app at the bank: its certificate's organisation, id and roles; undefined while the certificate is not loaded. */
  readonly tpp: TppAtBank | undefined;
  /** What the app read for the user (a connected PSU's). */
  readonly overview: RefreshOverview | undefined;
}

export type HomePageView = LandingView | HomeView;

/** The signed-in home page from what was read: the user, their PSU session, the environment, the app's connection, the overview and the PSU's identity. */
export function buildHomeView(input: {
  readonly user: AppUser;
  readonly session: PsuSessionStatus | undefined;
  readonly environment: Pick<AppEnvironment, "environment" | "aspspBaseUrl">;
  readonly connection: (TppAtBank & Partial<AspspConnection>) | undefined;
  readonly overview: RefreshOverview | undefined;
  readonly identity: PsuIdentity | undefined;
}): HomeView {
  const { user, session, connection } = input;
  const connected = user.psuId !== undefined;
  const agreement = user.corporateAgreements.find((a) => a.psuCorporateId === session?.psuCorporateId);
  return {
    signedIn: true,
    displayName: user.displayName,
    sandbox: input.environment.environment === "sandbox",
    connected,
    scaValid: session?.scaValid === true,
    scaValidUntil: session?.scaValidUntil,
    bankHost: new URL(input.environment.aspspBaseUrl).host,
    customer: input.identity?.customerName ?? (connected ? "Connected (name shown while the approval is valid)" : "No bank connected yet"),
    context:
      session?.context === "CORPORATE"
        ? `Corporate${agreement?.name === undefined ? "" : ` · ${agreement.name}`}`
        : session?.context === "PRIVATE"
          ? "Private"
          : "Not chosen yet",
    psuId: user.psuId,
    tppSessionId: session?.tppSessionId,
    tpp:
      connection === undefined
        ? undefined
        : {
            organisationName: connection.organisationName,
            tppId: connection.tppId,
            roles: connection.roles,
            verifiesResponses: connection.verifiesResponses,
          },
    overview: input.overview,
  };
}
