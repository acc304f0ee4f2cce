import { z } from "zod";
import type { UsersRepository } from "../users/users-repository";
import { UNKNOWN_USER_HASH, verifyPassword } from "./hash-password";
import type { SignInFailuresRepository, SignInKey } from "./sign-in-failures-repository";

/** The sign-in form's fields. */
const credentialsSchema = z.object({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(1000),
});

/**
 * Checks a user name and password against the users table. An unknown user name costs the same
 * scrypt as a wrong password, so the answer's timing does not tell which it was.
 */
export async function authorizeCredentials(users: UsersRepository, input: unknown): Promise<{ id: string; name: string } | null> {
  const parsed = credentialsSchema.safeParse(input);
  if (!parsed.success) return null;
  const user = await users.findByUsername(parsed.data.username);
  const matches = await verifyPassword(parsed.data.password, user?.passwordHash ?? UNKNOWN_USER_HASH);
  return user !== undefined && matches ? { id: user.id, name: user.displayName } : null;
}

export type SignInOutcome =
  | { readonly kind: "signed-in"; readonly user: { readonly id: string; readonly name: string } }
  | { readonly kind: "refused" }
  /** Too many failures for this user name or this address: no password was checked. */
  | { readonly kind: "throttled"; readonly retryAt: Date };

/**
 * A sign-in with user name and password, throttled per user name and per client address
 * (sign-in-throttle.ts): the attempt is taken (and counted) first, refused at once while a wait
 * runs, then the password is checked; a success clears the user name's count.
 */
export async function signInWithCredentials(
  repositories: { readonly users: UsersRepository; readonly signInFailures: SignInFailuresRepository },
  input: unknown,
  context: { readonly clientAddress: string | undefined; readonly now: Date },
): Promise<SignInOutcome> {
  const parsed = credentialsSchema.safeParse(input);
  if (!parsed.success) return { kind: "refused" };
  const keys: SignInKey[] = [
    { kind: "username", value: parsed.data.username },
    ...(context.clientAddress === undefined ? [] : [{ kind: "address" as const, value: context.clientAddress }]),
  ];
  const claim = await repositories.signInFailures.claimAttempt(keys, context.now);
  if (!claim.allowed) return { kind: "throttled", retryAt: claim.retryAt };
  const user = await authorizeCredentials(repositories.users, parsed.data);
  if (user === null) return { kind: "refused" };
  await repositories.signInFailures.settleSuccess(keys);
  return { kind: "signed-in", user };
}
