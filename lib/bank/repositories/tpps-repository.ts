import { eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../db/open-bank-database";
import { tpps } from "../db/schema";

export type TppRecord = typeof tpps.$inferSelect;

/** What a verified certificate tells of a TPP. */
export type TppFromCertificate = { id: string; name: string; roles: readonly string[] };

/**
 * The statement that registers a TPP from its certificate, or refreshes the name and roles of a
 * registered one (a renewed certificate may change them); when and how it was first registered
 * stay. A TPP registered with this name and roles already (every request after its first) is
 * neither written nor locked: an upsert that met it would lock its row until the end of the
 * caller's transaction, and every payment, basket and SCA start of the TPP would wait for the
 * one before it to commit. Also a WITH query of the statement that stores what needs the TPP
 * (payments-repository.ts): PostgreSQL checks the foreign key at the end of the statement.
 */
function registrationFromCertificate(tpp: TppFromCertificate, at: Date): SQL {
  return registrationStatement({ id: tpp.id, name: tpp.name, roles: JSON.stringify([...tpp.roles]), at: at.toISOString() });
}

/**
 * registrationFromCertificate's statement with its values as given: strings, or placeholders of a
 * prepared statement (`roles`: the JSON array in text, `at`: an ISO 8601 instant).
 */
export function registrationStatement(values: { id: unknown; name: unknown; roles: unknown; at: unknown }): SQL {
  const { id, name, roles, at } = values;
  return sql`insert into ${tpps} (id, name, roles, registered_at, registered_through)
    select ${id}::text, ${name}::text, ${roles}::text::jsonb, ${at}::text::timestamptz, 'certificate'
    where not exists (select 1 from ${tpps} where id = ${id}::text and name = ${name}::text and roles = ${roles}::text::jsonb)
    on conflict (id) do update set name = excluded.name, roles = excluded.roles`;
}

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
      await db.execute(registrationFromCertificate(tpp, at));
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
