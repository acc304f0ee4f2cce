import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "../db/open-bank-database";
import { psuCorporateIds } from "../db/schema";

/** psu-corporate-ids: a UUID per (TPP, agreement), stable; unknown to every other TPP. */
export function createPsuCorporateIdsRepository(db: Executor) {
  async function listByAgreements(tppId: string, agreementIds: string[]): Promise<Map<string, string>> {
    if (agreementIds.length === 0) return new Map();
    const rows = await db
      .select()
      .from(psuCorporateIds)
      .where(and(eq(psuCorporateIds.tppId, tppId), inArray(psuCorporateIds.agreementId, agreementIds)));
    return new Map(rows.map((row) => [row.agreementId, row.psuCorporateId]));
  }

  return {
    /** The agreement a psu-corporate-id names for this TPP. `psuCorporateId` must be a UUID (lower case). */
    async findAgreementId(tppId: string, psuCorporateId: string): Promise<string | undefined> {
      const rows = await db
        .select({ agreementId: psuCorporateIds.agreementId })
        .from(psuCorporateIds)
        .where(and(eq(psuCorporateIds.tppId, tppId), eq(psuCorporateIds.psuCorporateId, psuCorporateId)));
      return rows[0]?.agreementId;
    },

    /** The psu-corporate-ids of these agreements for this TPP, made now for those without one: agreement id to id. */
    async getOrCreateMany(tppId: string, agreementIds: string[]): Promise<Map<string, string>> {
      if (agreementIds.length === 0) return new Map();
      await db
        .insert(psuCorporateIds)
        .values(agreementIds.map((agreementId) => ({ tppId, agreementId, psuCorporateId: randomUUID() })))
        .onConflictDoNothing({ target: [psuCorporateIds.tppId, psuCorporateIds.agreementId] });
      return listByAgreements(tppId, agreementIds);
    },
  };
}
