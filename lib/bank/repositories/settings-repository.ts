import { eq } from "drizzle-orm";
import type { Executor } from "../db/open-bank-database";
import { settings } from "../db/schema";

/** The bank's own key-value state (its keys, the sandbox clock, the last scheduled batch run). */
export function createSettingsRepository(db: Executor) {
  return {
    async get(key: string): Promise<unknown> {
      const rows = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
      return rows[0]?.value;
    },

    /** Reads a setting and locks its row until the transaction ends (for state that one process at a time may move). */
    async getForUpdate(key: string): Promise<unknown> {
      const rows = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).for("update");
      return rows[0]?.value;
    },

    /** Sets a setting unless it exists: the first of several starting processes wins. */
    async setIfAbsent(key: string, value: unknown, at: Date): Promise<void> {
      await db.insert(settings).values({ key, value, updatedAt: at }).onConflictDoNothing({ target: settings.key });
    },

    async set(key: string, value: unknown, at: Date): Promise<void> {
      await db
        .insert(settings)
        .values({ key, value, updatedAt: at })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: at } });
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
