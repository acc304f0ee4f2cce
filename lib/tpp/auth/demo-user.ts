import "server-only";
import { randomInt, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { UsersRepository } from "../users/users-repository";
import { hashPassword, verifyPassword } from "./hash-password";

/** The sandbox's demo user: its credentials are kept in the data directory and shown on the sign-in page. */
export interface DemoCredentials {
  readonly username: string;
  readonly password: string;
}

export const DEMO_USERNAME = "demo";
export const DEMO_DISPLAY_NAME = "Demo User";
const DEMO_FILE = "demo-user.json";

const demoFileSchema = z.object({ username: z.string().min(1), password: z.string().min(8) });

// No look-alike characters (0/o, 1/l): the password is read off the sign-in page.
const ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

function newPassword(): string {
  const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `${group()}-${group()}-${group()}`;
}

/** The demo user's credentials from `<dataDir>/demo-user.json`, or undefined (production never has one). */
export function readDemoCredentials(dataDir: string): DemoCredentials | undefined {
  try {
    const parsed = demoFileSchema.safeParse(JSON.parse(readFileSync(path.join(dataDir, DEMO_FILE), "utf8")));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Makes sure the sandbox's demo user exists and that its password is the one kept in
 * `<dataDir>/demo-user.json` (a new random password on first start), with the administrator role
 * (it may change the TPP's contact e-mail). Sandbox only.
 */
export async function ensureDemoUser(users: UsersRepository, dataDir: string, now: Date): Promise<DemoCredentials> {
  let credentials = readDemoCredentials(dataDir);
  if (credentials === undefined) {
    credentials = { username: DEMO_USERNAME, password: newPassword() };
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, DEMO_FILE), `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  }
  const existing = await users.findByUsername(credentials.username);
  if (existing === undefined) {
    await users.insert({
      id: randomUUID(),
      username: credentials.username,
      displayName: DEMO_DISPLAY_NAME,
      passwordHash: await hashPassword(credentials.password),
      createdAt: now,
      role: "administrator",
    });
  } else {
    if (!(await verifyPassword(credentials.password, existing.passwordHash))) {
      // The file was replaced (or the database kept from another one): the file wins.
      await users.setPasswordHash(existing.id, await hashPassword(credentials.password));
    }
    // The sandbox's demo user administers the sandbox's TPP (a database from before roles too).
    if (existing.role !== "administrator") await users.setRole(existing.id, "administrator");
  }
  return credentials;
}
