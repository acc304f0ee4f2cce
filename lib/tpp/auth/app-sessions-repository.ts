import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, isNull, lt } from "drizzle-orm";
import type { TppExecutor } from "../db/open-tpp-database";
import { appSessions } from "../db/schema";

/**
 * The app's sign-ins (app_sessions): started at sign-in, named in the session token (`sid`),
 * read by primary key on every request that uses the session, ended at sign-out. Kept in the
 * database, so a sign-out holds on every instance of the app.
 */
export function createAppSessionsRepository(db: TppExecutor) {
  return {
    /** A new sign-in of the user, lasting maxAgeSeconds; the user's expired sign-ins are dropped. */
    async start(userId: string, now: Date, maxAgeSeconds: number): Promise<string> {
      const id = randomUUID();
      await db.delete(appSessions).where(and(eq(appSessions.userId, userId), lt(appSessions.expiresAt, now)));
      await db.insert(appSessions).values({ id, userId, createdAt: now, expiresAt: new Date(now.getTime() + maxAgeSeconds * 1000) });
      return id;
    },

    /** Whether the sign-in still lasts: the user's, not signed out, not expired. One read by primary key. */
    async isActive(id: string, userId: string, now: Date): Promise<boolean> {
      const rows = await db
        .select({ userId: appSessions.userId, expiresAt: appSessions.expiresAt, endedAt: appSessions.endedAt })
        .from(appSessions)
        .where(eq(appSessions.id, id));
      const row = rows[0];
      return row !== undefined && row.userId === userId && row.endedAt === null && row.expiresAt.getTime() > now.getTime();
    },

    /** Signs the sign-in out (its token reads nothing any more); an ended one keeps its first end. */
    async end(id: string, now: Date): Promise<void> {
      await db
        .update(appSessions)
        .set({ endedAt: now })
        .where(and(eq(appSessions.id, id), isNull(appSessions.endedAt)));
    },

    /** The sign-in's row, for tests and diagnosis. */
    async find(id: string): Promise<{ userId: string; createdAt: Date; expiresAt: Date; endedAt: Date | null } | undefined> {
      const rows = await db.select().from(appSessions).where(eq(appSessions.id, id));
      const row = rows[0];
      return row === undefined
        ? undefined
        : { userId: row.userId, createdAt: row.createdAt, expiresAt: row.expiresAt, endedAt: row.endedAt };
    },
  };
}

export type AppSessionsRepository = ReturnType<typeof createAppSessionsRepository>;
