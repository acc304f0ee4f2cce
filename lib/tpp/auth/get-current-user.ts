import "server-only";
import { getServerSession } from "next-auth";
import { cache } from "react";
import type { UserRole } from "../db/schema";
import { redirect } from "next/navigation";
import { getTppRuntime } from "../runtime";
import type { UserRecord } from "../users/users-repository";
import { getAuthOptions } from "./auth-options";

/** A corporate agreement the user acted for at the bank. */
export interface CorporateAgreementRef {
  readonly psuCorporateId: string;
  readonly name: string | undefined;
  readonly organisationNumber: string | undefined;
}

/** The signed-in app user, with the identifiers the bank gave the TPP for them. */
export interface AppUser {
  readonly id: string;
  readonly username: string;
  readonly displayName: string;
  /** PSU-ID: known after the first successful SCA. */
  readonly psuId: string | undefined;
  /** TPP-Redirect-Preferred sent on the user's calls: false asks for approval in the bank's app. */
  readonly redirectPreferred: boolean;
  /** "administrator" may change what is one value for the whole TPP (its contact e-mail at the bank). */
  readonly role: UserRole;
  readonly corporateAgreements: readonly CorporateAgreementRef[];
}

/**
 * The signed-in user, or undefined. For server components, actions and route handlers: every one
 * that uses the session comes here, and getServerSession's jwt callback reads the sign-in, so a
 * token whose sign-in has ended (signed out) is no user (auth-options.ts).
 *
 * Read once per render: the root layout, a page's own layout, the page and each getAspspContext
 * ask for the user, and a page cannot change it while it renders (React's `cache`, scoped to one
 * server render; a Server Action or a Route Handler, which may sign out or change the user, is
 * outside any render and reads afresh on every call).
 */
export const getCurrentUser: () => Promise<AppUser | undefined> = cache(readCurrentUser);

/**
 * A user's row by id, read once per render like the current user (a page's SCA renewal notice
 * reads the row the current user came from); outside a render, afresh on every call.
 */
export const findUserRecord: (userId: string) => Promise<UserRecord | undefined> = cache(async (userId: string) => {
  const { users } = await getTppRuntime();
  return users.findById(userId);
});

async function readCurrentUser(): Promise<AppUser | undefined> {
  const session = await getServerSession(getAuthOptions());
  const userId = session?.userId;
  if (userId === undefined) return undefined;
  const { users } = await getTppRuntime();
  // Both by the user's id: read at once.
  const [user, corporate] = await Promise.all([findUserRecord(userId), users.listCorporateIds(userId)]);
  if (user === undefined) return undefined;
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    psuId: user.psuId ?? undefined,
    redirectPreferred: user.redirectPreferred,
    role: user.role,
    corporateAgreements: corporate.map((c) => ({
      psuCorporateId: c.psuCorporateId,
      name: c.name ?? undefined,
      organisationNumber: c.organisationNumber ?? undefined,
    })),
  };
}

/** The signed-in user; otherwise a redirect to the sign-in page, which returns to `returnTo`. */
export async function requireCurrentUser(returnTo = "/"): Promise<AppUser> {
  const user = await getCurrentUser();
  if (user === undefined) redirect(`/signin?callbackUrl=${encodeURIComponent(returnTo)}`);
  return user;
}
