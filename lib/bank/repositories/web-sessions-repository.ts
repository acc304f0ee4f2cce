import { and, eq, gt, lte } from "drizzle-orm";
import type { Executor } from "../db/open-bank-database";
import { webSessions } from "../db/schema";

export type WebSessionRecord = typeof webSessions.$inferSelect;

/**
 * The bank's own browser sessions on its SCA pages: a customer who logged in there. The id is the
 * SHA-256 of the cookie's secret, so that the table never holds a usable cookie.
 */
export function createWebSessionsRepository(db: Executor) {
  return {
    async insert(session: WebSessionRecord): Promise<void> {
      await db.insert(webSessions).values(session);
    },

    /** The session of this id that has not expired at `now`. */
    async findValid(id: string, now: Date): Promise<WebSessionRecord | undefined> {
      const rows = await db
        .select()
        .from(webSessions)
        .where(and(eq(webSessions.id, id), gt(webSessions.expiresAt, now)));
      return rows[0];
    },

    /** Forgets the sessions that expired by `now`. */
    async deleteExpired(now: Date): Promise<void> {
      await db.delete(webSessions).where(lte(webSessions.expiresAt, now));
    },
  };
}
