import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { hashPassword } from "../auth/hash-password";
import { type UserRole, USER_ROLES } from "../db/schema";
import type { UsersRepository } from "./users-repository";

/** Who asks: the signed-in user's id and role. */
export interface Actor {
  readonly id: string;
  readonly role: UserRole;
}

/** Why a user may not change something that is one value for the whole TPP. */
export const ADMINISTRATOR_ONLY =
  "Only an administrator of this app may change this: it is one setting for the whole TPP, shared by every user. Ask an administrator to change it.";

/** Why a user who is not an administrator cannot change the TPP's contact e-mail at the bank. */
export const CONTACT_EMAIL_ADMINISTRATOR_ONLY =
  "Only an administrator of this app may change the TPP's contact e-mail: it is one address for the whole TPP, shared by every user, not yours alone. Ask an administrator to change it.";

/** Whether the user may change the TPP's own settings (its contact e-mail at the bank, its users). */
export function isAdministrator(actor: Actor | undefined): boolean {
  return actor?.role === "administrator";
}

export const newUserSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, { message: "Write a user name." })
    .max(100, { message: "A user name has at most 100 characters." })
    .regex(/^[A-Za-z0-9._@-]+$/, { message: "A user name has letters, digits and . _ @ - only (no spaces)." }),
  displayName: z.string().trim().min(1, { message: "Write the name to show." }).max(100, { message: "A name has at most 100 characters." }),
  password: z
    .string()
    .min(12, { message: "A password has at least 12 characters." })
    .max(1000, { message: "A password has at most 1000 characters." }),
  role: z.enum(USER_ROLES, { message: "Choose user or administrator." }),
});

export type ManageUsersOutcome =
  | { readonly kind: "done"; readonly username: string; readonly role: UserRole }
  | { readonly kind: "forbidden"; readonly message: string }
  /** Each field's problem, by the form field's name. */
  | { readonly kind: "invalid"; readonly fields: Readonly<Record<string, string>> };

/** Adds an app user with a role; only an administrator may. The password is kept as a scrypt hash. */
export async function addUser(users: UsersRepository, actor: Actor | undefined, input: unknown, now: Date): Promise<ManageUsersOutcome> {
  if (!isAdministrator(actor)) return { kind: "forbidden", message: ADMINISTRATOR_ONLY };
  const parsed = newUserSchema.safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "form")] ??= issue.message;
    return { kind: "invalid", fields };
  }
  if ((await users.findByUsername(parsed.data.username)) !== undefined) {
    return { kind: "invalid", fields: { username: `There is a user named ${parsed.data.username} already.` } };
  }
  await users.insert({
    id: randomUUID(),
    username: parsed.data.username,
    displayName: parsed.data.displayName,
    passwordHash: await hashPassword(parsed.data.password),
    role: parsed.data.role,
    createdAt: now,
  });
  return { kind: "done", username: parsed.data.username, role: parsed.data.role };
}

export type ChangeRoleOutcome =
  | { readonly kind: "done"; readonly username: string; readonly role: UserRole }
  | { readonly kind: "forbidden" }
  | { readonly kind: "unknown-user" }
  | { readonly kind: "unknown-role" }
  /** The user is the only administrator: the app would have none. */
  | { readonly kind: "last-administrator"; readonly username: string };

/** What the settings page says when a role was not changed. */
export const CHANGE_ROLE_REFUSALS: Readonly<Record<Exclude<ChangeRoleOutcome["kind"], "done">, string>> = {
  forbidden: ADMINISTRATOR_ONLY,
  "unknown-user": "The role was not changed: there is no such user.",
  "unknown-role": "The role was not changed: a role is user or administrator.",
  "last-administrator": "The role was not changed: that user is the only administrator. Make another user administrator first.",
};

/**
 * Gives a user another role; only an administrator may, and the app always keeps one
 * administrator (the last one cannot become a plain user, even when two are demoted at once).
 */
export async function changeRole(
  users: UsersRepository,
  actor: Actor | undefined,
  input: { userId: unknown; role: unknown },
): Promise<ChangeRoleOutcome> {
  if (!isAdministrator(actor)) return { kind: "forbidden" };
  const role = z.enum(USER_ROLES).safeParse(input.role);
  if (!role.success) return { kind: "unknown-role" };
  const target = typeof input.userId === "string" ? await users.findById(input.userId) : undefined;
  if (target === undefined) return { kind: "unknown-user" };
  const outcome = await users.setRoleKeepingAnAdministrator(target.id, role.data);
  if (outcome === "last-administrator") return { kind: "last-administrator", username: target.username };
  if (outcome === "unknown-user") return { kind: "unknown-user" };
  return { kind: "done", username: target.username, role: role.data };
}

export type RemoveUserOutcome =
  | { readonly kind: "done"; readonly username: string }
  | { readonly kind: "forbidden" }
  | { readonly kind: "unknown-user" }
  /** An administrator removing themselves: another administrator may. */
  | { readonly kind: "self" }
  /** The sandbox's demo user, whom the sign-in page offers. */
  | { readonly kind: "demo-user" }
  /** The user is the only administrator: the app would have none. */
  | { readonly kind: "last-administrator"; readonly username: string };

/** What the settings page says when a user was not removed. */
export const REMOVE_USER_REFUSALS: Readonly<Record<Exclude<RemoveUserOutcome["kind"], "done">, string>> = {
  forbidden: ADMINISTRATOR_ONLY,
  "unknown-user": "No user was removed: there is no such user (removed already?).",
  self: "No user was removed: you cannot remove yourself while signed in. Another administrator can.",
  "demo-user": "No user was removed: the sandbox's demo user stays, since the sign-in page offers it.",
  "last-administrator": "No user was removed: that user is the only administrator. Make another user administrator first.",
};

/**
 * Removes a user and what the app keeps for them (removeKeepingAnAdministrator); only an
 * administrator may, never themselves, never the sandbox's demo user (`demoUsername`), and the
 * app always keeps one administrator.
 */
export async function removeUser(
  users: UsersRepository,
  actor: Actor | undefined,
  input: { userId: unknown; demoUsername?: string },
): Promise<RemoveUserOutcome> {
  if (!isAdministrator(actor)) return { kind: "forbidden" };
  const target = typeof input.userId === "string" ? await users.findById(input.userId) : undefined;
  if (target === undefined) return { kind: "unknown-user" };
  if (target.id === actor?.id) return { kind: "self" };
  if (input.demoUsername !== undefined && target.username === input.demoUsername) return { kind: "demo-user" };
  const outcome = await users.removeKeepingAnAdministrator(target.id);
  if (outcome === "last-administrator") return { kind: "last-administrator", username: target.username };
  if (outcome === "unknown-user") return { kind: "unknown-user" };
  return { kind: "done", username: target.username };
}
