import { eq } from "drizzle-orm";
import type { Executor } from "../db/open-bank-database";
import { settings } from "../db/schema";

/** The bank's own key-value state (its keys, the sandbox clock). */
export function createSettingsRepository(db: Executor) {
  return {
    async get(key: string): Promise<unknown> {
      const rows = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
      return rows[0]?.value;
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
