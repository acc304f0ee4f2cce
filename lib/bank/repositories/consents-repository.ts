import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "../db/open-bank-database";
import { consents } from "../db/schema";

export type ConsentRecord = typeof consents.$inferSelect;
export type ConsentResourceType = ConsentRecord["resourceType"];
export type ConsentedResource = { resourceType: ConsentResourceType; resourceId: string };

/** Bank-offered consents: the accounts and card accounts a customer lets one TPP read. */
export function createConsentsRepository(db: Executor) {
  return {
    /** What the customer has consented to for this TPP. */
    async listByCustomer(tppId: string, customerId: string): Promise<ConsentRecord[]> {
      return db
        .select()
        .from(consents)
        .where(and(eq(consents.tppId, tppId), eq(consents.customerId, customerId)));
    },

    async find(tppId: string, customerId: string, resource: ConsentedResource): Promise<ConsentRecord | undefined> {
      const rows = await db
        .select()
        .from(consents)
        .where(
          and(
            eq(consents.tppId, tppId),
            eq(consents.customerId, customerId),
            eq(consents.resourceType, resource.resourceType),
            eq(consents.resourceId, resource.resourceId),
          ),
        );
      return rows[0];
    },

    /** Grants consents; those already granted keep their grantedAt. */
    async grant(tppId: string, customerId: string, resources: ConsentedResource[], at: Date): Promise<void> {
      if (resources.length === 0) return;
      await db
        .insert(consents)
        .values(resources.map((resource) => ({ tppId, customerId, ...resource, grantedAt: at })))
        .onConflictDoNothing();
    },

    /** Revokes the consents of these resources of one type. */
    async revoke(tppId: string, customerId: string, resourceType: ConsentResourceType, resourceIds: string[]): Promise<void> {
      if (resourceIds.length === 0) return;
      await db
        .delete(consents)
        .where(
          and(
            eq(consents.tppId, tppId),
            eq(consents.customerId, customerId),
            eq(consents.resourceType, resourceType),
            inArray(consents.resourceId, resourceIds),
          ),
        );
    },
  };
}
