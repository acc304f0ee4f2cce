import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { hashPassword } from "../auth/hash-password";
import { USER_ROLES } from "../db/schema";
import { newUserSchema } from "./manage-users";
import type { UsersRepository } from "./users-repository";

export const USER_COMMAND_USAGE = `usage: npm run -s tpp:user -- <command>
  list                                        the app's users and their roles
  add <username> <name> [--role <role>]       a new user (role: user, the default, or administrator);
                                              the first password on stdin, at least 12 characters
  role <username> <user|administrator>        another role for a user
  remove <username>                           removes a user with their sessions, payments, baskets
                                              and flows in the app (the app keeps one administrator)
The database is the app's: DATABASE_URL, else PGlite in TPP_DATA_DIR (default .data/tpp; stop the
app first, PGlite opens a data directory in one process at a time).
`;

export interface UserCommandResult {
  readonly exitCode: number;
  readonly output: string;
}

const fail = (message: string): UserCommandResult => ({ exitCode: 2, output: `${message}\n\n${USER_COMMAND_USAGE}` });

/**
 * The operator's command for the app's users, where no administrator exists yet to add them on
 * /settings (production has no demo user): list them, add one with a role, change a role.
 */
export async function runUserCommand(
  args: readonly string[],
  io: { readonly users: UsersRepository; readonly readPassword: () => Promise<string>; readonly now: Date },
): Promise<UserCommandResult> {
  const [command, ...rest] = args;
  if (command === "list" && rest.length === 0) {
    const all = await io.users.list();
    return {
      exitCode: 0,
      output: all.length === 0 ? "no users\n" : all.map((user) => `${user.username}\t${user.role}\t${user.displayName}\n`).join(""),
    };
  }
  if (command === "add") {
    const roleAt = rest.indexOf("--role");
    const role = roleAt === -1 ? "user" : rest[roleAt + 1];
    const positional = roleAt === -1 ? rest : [...rest.slice(0, roleAt), ...rest.slice(roleAt + 2)];
    if (positional.length !== 2) return fail("add: give a user name and a name (in quotes when it has spaces)");
    const parsed = newUserSchema.safeParse({
      username: positional[0],
      displayName: positional[1],
      role,
      password: await io.readPassword(),
    });
    if (!parsed.success) return fail(parsed.error.issues.map((issue) => `add: ${String(issue.path[0])}: ${issue.message}`).join("\n"));
    if ((await io.users.findByUsername(parsed.data.username)) !== undefined)
      return fail(`add: there is a user named ${parsed.data.username} already`);
    await io.users.insert({
      id: randomUUID(),
      username: parsed.data.username,
      displayName: parsed.data.displayName,
      passwordHash: await hashPassword(parsed.data.password),
      role: parsed.data.role,
      createdAt: io.now,
    });
    return { exitCode: 0, output: `added ${parsed.data.username} (${parsed.data.role})\n` };
  }
  if (command === "role" && rest.length === 2) {
    const role = z.enum(USER_ROLES).safeParse(rest[1]);
    if (!role.success) return fail(`role: ${String(rest[1])} is not a role (user or administrator)`);
    const user = await io.users.findByUsername(rest[0] ?? "");
    if (user === undefined) return fail(`role: there is no user named ${String(rest[0])}`);
    const outcome = await io.users.setRoleKeepingAnAdministrator(user.id, role.data);
    if (outcome === "last-administrator")
      return fail(`role: ${user.username} is the only administrator; make another user administrator first`);
    if (outcome === "unknown-user") return fail(`role: there is no user named ${user.username}`);
    return { exitCode: 0, output: `${user.username} is now ${role.data === "administrator" ? "an administrator" : "a user"}\n` };
  }
  if (command === "remove" && rest.length === 1) {
    const user = await io.users.findByUsername(rest[0] ?? "");
    if (user === undefined) return fail(`remove: there is no user named ${String(rest[0])}`);
    const outcome = await io.users.removeKeepingAnAdministrator(user.id);
    if (outcome === "last-administrator")
      return fail(`remove: ${user.username} is the only administrator; make another user administrator first`);
    if (outcome === "unknown-user") return fail(`remove: there is no user named ${user.username}`);
    return { exitCode: 0, output: `removed ${user.username}\n` };
  }
  return fail(command === undefined ? "no command given" : `unknown command or arguments: ${args.join(" ")}`);
}
