import { eq, sql } from "drizzle-orm";
import type { Executor } from "../db/open-bank-database";
import { tpps } from "../db/schema";

export type TppRecord = typeof tpps.$inferSelect;

/** What a verified certificate tells of a TPP. */
export type TppFromCertificate = { id: string; name: string; roles: readonly string[] };

/** TPPs known to the bank: registered on first use of a valid certificate, or through the portal. */
export function createTppsRepository(db: Executor) {
  return {
    async findById(id: string): Promise<TppRecord | undefined> {
      const rows = await db.select().from(tpps).where(eq(tpps.id, id));
      return rows[0];
    },

    /**
     * Registers a TPP from its certificate, or refreshes the name and roles of a registered one
     * (a renewed certificate may change them); when and how it was first registered stay.
     */
    async upsertFromCertificate(tpp: TppFromCertificate, at: Date): Promise<void> {
      await db
        .insert(tpps)
        .values({ id: tpp.id, name: tpp.name, roles: [...tpp.roles], registeredAt: at, registeredThrough: "certificate" })
        .onConflictDoUpdate({ target: tpps.id, set: { name: sql`excluded.name`, roles: sql`excluded.roles` } });
    },

    /**
     * Registers a TPP whose certificate the developer portal issued, or refreshes the name and
     * roles of a registered one (a re-issue for the same organisation).
     */
    async upsertFromPortal(tpp: TppFromCertificate, at: Date): Promise<void> {
      await db
        .insert(tpps)
        .values({ id: tpp.id, name: tpp.name, roles: [...tpp.roles], registeredAt: at, registeredThrough: "portal" })
        .onConflictDoUpdate({ target: tpps.id, set: { name: sql`excluded.name`, roles: sql`excluded.roles` } });
    },

    async setContactEmail(id: string, email: string): Promise<void> {
      await db.update(tpps).set({ contactEmail: email }).where(eq(tpps.id, id));
    },
  };
}
