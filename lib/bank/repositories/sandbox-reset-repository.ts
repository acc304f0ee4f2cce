import { sql } from "drizzle-orm";
import type { Executor } from "../db/open-bank-database";
import { authorisations, consents, scaSessions, unattendedCalls, webSessions } from "../db/schema";

/**
 * The bulk deletes of sandbox initialisation that belong to no single resource's repository.
 * Run them inside the initialisation's transaction.
 */
export function createSandboxResetRepository(db: Executor) {
  return {
    /**
     * Forgets every PSU's consents, SCA sessions, SCA journeys (authorisations), the bank's own
     * browser sessions, and the counters of calls without the PSU present.
     */
    async clearAccessState(): Promise<void> {
      await db.delete(consents);
      await db.delete(authorisations);
      await db.delete(scaSessions);
      await db.delete(webSessions);
      await db.delete(unattendedCalls);
    },

    /**
     * Empties both transaction tables and restarts their seq, so that a re-initialisation gives
     * byte-identical rows. TRUNCATE is transactional in PostgreSQL; it locks the tables until
     * the initialisation commits.
     */
    async truncateTransactions(): Promise<void> {
      await db.execute(sql`TRUNCATE TABLE transactions, card_transactions RESTART IDENTITY`);
    },
  };
}
