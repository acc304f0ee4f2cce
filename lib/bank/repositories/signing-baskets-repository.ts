import { eq } from "drizzle-orm";
import type { Executor } from "../db/open-bank-database";
import { signingBaskets } from "../db/schema";

export type SigningBasketRow = typeof signingBaskets.$inferSelect;
export type NewSigningBasket = typeof signingBaskets.$inferInsert;

/** Signing baskets (their payments point at them). @see docs/interface/signing-baskets.md#rules-in-the-sandbox */
export function createSigningBasketsRepository(db: Executor) {
  return {
    async insert(basket: NewSigningBasket): Promise<SigningBasketRow> {
      const rows = await db.insert(signingBaskets).values(basket).returning();
      const inserted = rows[0];
      if (!inserted) throw new Error("inserting a signing basket returned no row");
      return inserted;
    },

    async findById(id: string): Promise<SigningBasketRow | undefined> {
      const rows = await db.select().from(signingBaskets).where(eq(signingBaskets.id, id));
      return rows[0];
    },

    /** Reads a basket and locks its row until the transaction ends (its deletion and authorisation serialise). */
    async findByIdForUpdate(id: string): Promise<SigningBasketRow | undefined> {
      const rows = await db.select().from(signingBaskets).where(eq(signingBaskets.id, id)).for("update");
      return rows[0];
    },

    async markAuthorisationStarted(id: string, at: Date): Promise<void> {
      await db.update(signingBaskets).set({ authorisationStartedAt: at }).where(eq(signingBaskets.id, id));
    },

    async delete(id: string): Promise<void> {
      await db.delete(signingBaskets).where(eq(signingBaskets.id, id));
    },

    /** Deletes every basket (sandbox initialisation; delete the payments first). */
    async deleteAll(): Promise<void> {
      await db.delete(signingBaskets);
    },
  };
}
