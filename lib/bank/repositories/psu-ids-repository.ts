import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Executor } from "../db/open-bank-database";
import { psuIds } from "../db/schema";

/**
 * psu-ids: a UUID per (TPP, customer), made at the first completed SCA and stable afterwards.
 * Every lookup takes the TPP: a psu-id of another TPP is unknown here.
 */
export function createPsuIdsRepository(db: Executor) {
  async function findPsuId(tppId: string, customerId: string): Promise<string | undefined> {
    const rows = await db
      .select({ psuId: psuIds.psuId })
      .from(psuIds)
      .where(and(eq(psuIds.tppId, tppId), eq(psuIds.customerId, customerId)));
    return rows[0]?.psuId;
  }

  return {
    /** The customer a psu-id names for this TPP. `psuId` must be a UUID (lower case). */
    async findCustomerId(tppId: string, psuId: string): Promise<string | undefined> {
      const rows = await db
        .select({ customerId: psuIds.customerId })
        .from(psuIds)
        .where(and(eq(psuIds.tppId, tppId), eq(psuIds.psuId, psuId)));
      return rows[0]?.customerId;
    },

    findPsuId,

    /** The customer's psu-id for this TPP, made now when it has none (one statement, no race). */
    async getOrCreate(tppId: string, customerId: string): Promise<string> {
      await db
        .insert(psuIds)
        .values({ tppId, customerId, psuId: randomUUID() })
        .onConflictDoNothing({ target: [psuIds.tppId, psuIds.customerId] });
      const psuId = await findPsuId(tppId, customerId);
      if (psuId === undefined) throw new Error("a psu-id was neither found nor made");
      return psuId;
    },
  };
}
