import "server-only";
import { and, asc, desc, eq, isNotNull } from "drizzle-orm";
import type { TppExecutor } from "../db/open-tpp-database";
import { bankCalls, psuCorporateIds, type UserRole, users } from "../db/schema";

export interface UserRecord {
  readonly id: string;
  readonly username: string;
  readonly displayName: string;
  readonly passwordHash: string;
  readonly psuId: string | null;
  readonly psuIdReceivedAt: Date | null;
  readonly redirectPreferred: boolean;
  /** "administrator" may change the TPP's own settings (its contact e-mail at the bank). */
  readonly role: UserRole;
  readonly createdAt: Date;
  /** When the PSU last completed an SCA for this app, on the bank's clock (reads without the PSU are allowed 180 days after). */
  readonly lastScaAt: Date | null;
  /** When the user last looked at the overview of what the app read. */
  readonly overviewSeenAt: Date | null;
}

export interface CorporateIdRecord {
  readonly psuCorporateId: string;
  readonly name: string | null;
  readonly organisationNumber: string | null;
  readonly lastUsedAt: Date;
}

/** What a change that must leave the app an administrator did. */
export type KeepingAnAdministrator = "done" | "unknown-user" | "last-administrator";

/**
 * Runs `change` on user `id` unless the user is the app's only administrator and `change` would
 * take that away (`removesAdministrator`). The administrators' rows are locked first (FOR
 * UPDATE), so two such changes at once (two administrators each demoting or removing the other)
 * are decided one after the other: the app never ends up without one.
 */
async function keepingAnAdministrator(
  db: TppExecutor,
  id: string,
  change: (tx: TppExecutor) => Promise<void>,
  removesAdministrator: boolean,
): Promise<KeepingAnAdministrator> {
  return db.transaction(async (tx) => {
    const administrators = await tx.select({ id: users.id }).from(users).where(eq(users.role, "administrator")).for("update");
    const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id)).for("update");
    if (target === undefined) return "unknown-user";
    if (removesAdministrator && target.role === "administrator" && administrators.length <= 1) return "last-administrator";
    await change(tx);
    return "done";
  });
}

/** The app's users and the identifiers the bank gave the TPP for them. */
export function createUsersRepository(db: TppExecutor) {
  return {
    /** A new user; a plain "user" unless another role is given. */
    async insert(user: {
      id: string;
      username: string;
      displayName: string;
      passwordHash: string;
      createdAt: Date;
      role?: UserRole;
    }): Promise<void> {
      await db.insert(users).values(user);
    },

    async findByUsername(username: string): Promise<UserRecord | undefined> {
      const rows = await db.select().from(users).where(eq(users.username, username));
      return rows[0];
    },

    async findById(id: string): Promise<UserRecord | undefined> {
      const rows = await db.select().from(users).where(eq(users.id, id));
      return rows[0];
    },

    /** Every user (never the password hash), by user name. */
    async list(): Promise<{ id: string; username: string; displayName: string; role: UserRole; createdAt: Date }[]> {
      return db
        .select({ id: users.id, username: users.username, displayName: users.displayName, role: users.role, createdAt: users.createdAt })
        .from(users)
        .orderBy(asc(users.username));
    },

    /** The ids of the users connected to the bank (a PSU-ID kept), by user name. */
    async listConnected(): Promise<string[]> {
      const rows = await db.select({ id: users.id }).from(users).where(isNotNull(users.psuId)).orderBy(asc(users.username));
      return rows.map((row) => row.id);
    },

    async setRole(id: string, role: UserRole): Promise<void> {
      await db.update(users).set({ role }).where(eq(users.id, id));
    },

    /** Gives user `id` a role, unless that leaves the app without an administrator (keepingAnAdministrator). */
    async setRoleKeepingAnAdministrator(id: string, role: UserRole): Promise<KeepingAnAdministrator> {
      return keepingAnAdministrator(
        db,
        id,
        async (tx) => {
          await tx.update(users).set({ role }).where(eq(users.id, id));
        },
        role !== "administrator",
      );
    },

    /**
     * Removes user `id` with everything the app keeps for them (sign-in sessions, agreements,
     * payments, signing baskets, flows: the database cascades; the request inspector's record of
     * the calls made for them, which only they could see), unless they are the app's only
     * administrator.
     */
    async removeKeepingAnAdministrator(id: string): Promise<KeepingAnAdministrator> {
      return keepingAnAdministrator(
        db,
        id,
        async (tx) => {
          await tx.delete(bankCalls).where(eq(bankCalls.userId, id));
          await tx.delete(users).where(eq(users.id, id));
        },
        true,
      );
    },

    async setPasswordHash(id: string, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash }).where(eq(users.id, id));
    },

    /** Keeps the psu-id of a success redirect: the latest SCA decides who the PSU is. */
    async setPsuId(id: string, psuId: string, at: Date): Promise<void> {
      await db.update(users).set({ psuId, psuIdReceivedAt: at }).where(eq(users.id, id));
    },

    /** Forgets the psu-id: the next SCA identifies the PSU anew (the user's "forget this bank connection"). */
    async forgetPsuId(id: string): Promise<void> {
      await db.update(users).set({ psuId: null, psuIdReceivedAt: null, lastScaAt: null }).where(eq(users.id, id));
    },

    /** Keeps when the PSU completed an SCA (a success redirect), on the bank's clock. */
    async recordSca(id: string, at: Date): Promise<void> {
      await db.update(users).set({ lastScaAt: at }).where(eq(users.id, id));
    },

    /**
     * Marks the overview seen at `at` (system clock) and returns when it was seen before (null: never):
     * what arrived after that is new to the user.
     */
    async seeOverview(id: string, at: Date): Promise<Date | null | undefined> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select({ seen: users.overviewSeenAt }).from(users).where(eq(users.id, id)).for("update");
        if (before === undefined) return undefined;
        await tx.update(users).set({ overviewSeenAt: at }).where(eq(users.id, id));
        return before.seen;
      });
    },

    /** The user's choice of TPP-Redirect-Preferred (false: approve in the bank's mobile app). */
    async setRedirectPreferred(id: string, redirectPreferred: boolean): Promise<void> {
      await db.update(users).set({ redirectPreferred }).where(eq(users.id, id));
    },

    /** Remembers a psu-corporate-id (and what GET /v1/agreements said about it), marking it used now. */
    async rememberCorporateId(
      userId: string,
      corporate: { psuCorporateId: string; name?: string; organisationNumber?: string },
      at: Date,
    ): Promise<void> {
      const details = {
        ...(corporate.name === undefined ? {} : { name: corporate.name }),
        ...(corporate.organisationNumber === undefined ? {} : { organisationNumber: corporate.organisationNumber }),
      };
      await db
        .insert(psuCorporateIds)
        .values({ userId, psuCorporateId: corporate.psuCorporateId, lastUsedAt: at, ...details })
        .onConflictDoUpdate({ target: [psuCorporateIds.userId, psuCorporateIds.psuCorporateId], set: { lastUsedAt: at, ...details } });
    },

    /** The user's corporate ids, the most recently used first. */
    async listCorporateIds(userId: string): Promise<CorporateIdRecord[]> {
      return db
        .select({
          psuCorporateId: psuCorporateIds.psuCorporateId,
          name: psuCorporateIds.name,
          organisationNumber: psuCorporateIds.organisationNumber,
          lastUsedAt: psuCorporateIds.lastUsedAt,
        })
        .from(psuCorporateIds)
        .where(eq(psuCorporateIds.userId, userId))
        .orderBy(desc(psuCorporateIds.lastUsedAt), asc(psuCorporateIds.psuCorporateId));
    },

    /** Forgets every corporate id of a user (they belonged to a PSU the user no longer is). */
    async forgetCorporateIds(userId: string): Promise<void> {
      await db.delete(psuCorporateIds).where(eq(psuCorporateIds.userId, userId));
    },

    async forgetCorporateId(userId: string, psuCorporateId: string): Promise<void> {
      await db.delete(psuCorporateIds).where(and(eq(psuCorporateIds.userId, userId), eq(psuCorporateIds.psuCorporateId, psuCorporateId)));
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
