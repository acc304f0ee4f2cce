/**
 * The bank's browser session: a login on the bank's pages is remembered for 15 minutes (a cookie
 * on the bank's origin holding a secret; its SHA-256 in the database), so that a payment or
 * basket approval in that time asks for no login, only for the approval itself (dynamic linking:
 * the approval page is the SCA).
 *
 * @see docs/interface/authentication.md#session-hour
 */
import type { BankDatabase } from "../db/open-bank-database";
import type { AuthorisationRecord } from "../repositories/authorisations-repository";
import { createCustomersRepository, type CustomerRecord } from "../repositories/customers-repository";
import { createWebSessionsRepository } from "../repositories/web-sessions-repository";
import type { ServiceClock } from "../services/service-context";
import { createJourneySecret, hashJourneySecret } from "./journey-secret";
import { handlerOf } from "./journey-state";

/** How long the bank's browser session of a login lasts. */
const WEB_SESSION_LIFETIME_MS = 15 * 60 * 1000;

/** A login on the bank's pages: the route sets it as the bank's browser session cookie. */
export type WebSessionGrant = { secret: string; maxAgeSeconds: number };

export function createBrowserSessions(ctx: { db: BankDatabase; clock: ServiceClock }) {
  return {
    /** The browser session of a login: its secret for the cookie, its hash in the database. */
    async start(customerId: string): Promise<WebSessionGrant> {
      const now = ctx.clock.now();
      const secret = createJourneySecret();
      const sessions = createWebSessionsRepository(ctx.db);
      await sessions.deleteExpired(now);
      await sessions.insert({
        id: hashJourneySecret(secret),
        customerId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + WEB_SESSION_LIFETIME_MS),
      });
      return { secret, maxAgeSeconds: WEB_SESSION_LIFETIME_MS / 1000 };
    },

    /** The customer of a valid browser session, when the journey's purpose accepts it in place of the login. */
    async customerOf(authorisation: AuthorisationRecord, sessionSecret: string | undefined): Promise<CustomerRecord | undefined> {
      if (sessionSecret === undefined || !handlerOf(authorisation)?.reusesLogin) return undefined;
      const session = await createWebSessionsRepository(ctx.db).findValid(hashJourneySecret(sessionSecret), ctx.clock.now());
      // Another customer's session is no login for this journey: the login page is shown.
      if (!session || (authorisation.expectedCustomerId !== null && session.customerId !== authorisation.expectedCustomerId))
        return undefined;
      return createCustomersRepository(ctx.db).findById(session.customerId);
    },
  };
}
