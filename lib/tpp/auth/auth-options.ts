import "server-only";
import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { getTppConfig } from "../config";
import { getTppRuntime } from "../runtime";
import type { UsersRepository } from "../users/users-repository";
import { UNKNOWN_USER_HASH, verifyPassword } from "./hash-password";

declare module "next-auth" {
  interface Session {
    /** The app user's id (the JWT's subject). */
    userId?: string;
  }
}

/** The sign-in form's fields. */
const credentialsSchema = z.object({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(1000),
});

/** How long an app sign-in lasts. */
export const SIGN_IN_MAX_AGE_SECONDS = 8 * 60 * 60;

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

declare global {
  var __psd2TppAuthOptions: AuthOptions | undefined;
}

/**
 * The next-auth options of the app: credentials against the TPP database, JWT sessions of 8
 * hours, the app's own sign-in page. Made on first use (never at build time: it reads the
 * configuration and its secrets).
 */
export function getAuthOptions(): AuthOptions {
  if (globalThis.__psd2TppAuthOptions !== undefined) return globalThis.__psd2TppAuthOptions;
  const config = getTppConfig();
  const options: AuthOptions = {
    secret: config.nextAuthSecret,
    session: { strategy: "jwt", maxAge: SIGN_IN_MAX_AGE_SECONDS },
    pages: { signIn: "/signin" },
    providers: [
      CredentialsProvider({
        name: "User name and password",
        credentials: {
          username: { label: "User name", type: "text" },
          password: { label: "Password", type: "password" },
        },
        async authorize(credentials) {
          const runtime = await getTppRuntime();
          return authorizeCredentials(runtime.users, credentials);
        },
      }),
    ],
    callbacks: {
      session({ session, token }) {
        return token.sub === undefined ? session : { ...session, userId: token.sub };
      },
    },
  };
  globalThis.__psd2TppAuthOptions = options;
  return options;
}
