import "server-only";
import type { AuthOptions } from "next-auth";
import type { JWT } from "next-auth/jwt";
import CredentialsProvider from "next-auth/providers/credentials";
import { getTppConfig } from "../config";
import { getTppRuntime } from "../runtime";
import type { UsersRepository } from "../users/users-repository";
import { type AppSessionsRepository, createAppSessionsRepository } from "./app-sessions-repository";
import { readClientAddress } from "./client-address";
import { decodeSessionToken, encodeSessionToken } from "./session-token-codec";
import type { SignInFailuresRepository } from "./sign-in-failures-repository";
import { throttledErrorMessage } from "./sign-in-throttle";
import { signInWithCredentials } from "./sign-in-with-credentials";

export { authorizeCredentials } from "./sign-in-with-credentials";

declare module "next-auth" {
  interface Session {
    /** The app user's id (the JWT's subject). */
    userId?: string;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    /** The sign-in this token belongs to (app_sessions.id): checked on every use, ended at sign-out. */
    sid?: string;
  }
}

/** How long an app sign-in lasts. */
export const SIGN_IN_MAX_AGE_SECONDS = 8 * 60 * 60;

/**
 * Thrown by the jwt callback for a token whose sign-in has ended (signed out, expired, unknown):
 * next-auth then answers as for no session, and clears the cookie where it can.
 */
export class AppSessionEndedError extends Error {
  constructor() {
    super("the sign-in this session token belongs to has ended");
    this.name = "AppSessionEndedError";
  }
}

/** What the options read and write: the users, the sign-in throttle's counts, the sign-ins. */
export interface AuthRepositories {
  readonly users: UsersRepository;
  readonly signInFailures: SignInFailuresRepository;
  readonly appSessions: AppSessionsRepository;
}

declare global {
  var __psd2TppAuthOptions: AuthOptions | undefined;
}

/**
 * next-auth's options for these repositories: credentials (throttled per user name and client
 * address), JWT sessions of 8 hours, each naming its sign-in (app_sessions) in `sid`. Every use of
 * a session (getServerSession, next-auth's own /api/auth/session) runs the jwt callback, which
 * reads that sign-in by its id: one that was signed out or has expired is no session, on every
 * instance of the app, whatever cookie is shown. Sign-out ends the sign-in.
 */
export function createAuthOptions(input: {
  readonly secret: string;
  readonly trustedProxies: Parameters<typeof readClientAddress>[1];
  readonly repositories: () => Promise<AuthRepositories>;
  readonly now?: () => Date;
}): AuthOptions {
  const now = input.now ?? (() => new Date());
  return {
    secret: input.secret,
    session: { strategy: "jwt", maxAge: SIGN_IN_MAX_AGE_SECONDS },
    // next-auth's token format, its key derived once and a token decrypted once (session-token-codec.ts).
    jwt: { encode: encodeSessionToken, decode: decodeSessionToken },
    pages: { signIn: "/signin" },
    providers: [
      CredentialsProvider({
        name: "User name and password",
        credentials: {
          username: { label: "User name", type: "text" },
          password: { label: "Password", type: "password" },
        },
        async authorize(credentials, request) {
          const repositories = await input.repositories();
          const clientAddress = readClientAddress(request.headers ?? {}, input.trustedProxies);
          const outcome = await signInWithCredentials(repositories, credentials, { clientAddress, now: now() });
          // next-auth answers a thrown error with ?error=<its message>: the sign-in page reads when to try again.
          if (outcome.kind === "throttled") throw new Error(throttledErrorMessage(outcome.retryAt));
          return outcome.kind === "signed-in" ? outcome.user : null;
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user, trigger }): Promise<JWT> {
        const { appSessions } = await input.repositories();
        if (trigger === "signIn" && user !== undefined) {
          return { ...token, sid: await appSessions.start(user.id, now(), SIGN_IN_MAX_AGE_SECONDS) };
        }
        const active = token.sid !== undefined && token.sub !== undefined && (await appSessions.isActive(token.sid, token.sub, now()));
        if (!active) throw new AppSessionEndedError();
        return token;
      },
      session({ session, token }) {
        return token.sub === undefined ? session : { ...session, userId: token.sub };
      },
    },
    events: {
      async signOut({ token }) {
        if (token?.sid === undefined) return;
        const { appSessions } = await input.repositories();
        await appSessions.end(token.sid, now());
      },
    },
    logger: {
      error(code, metadata) {
        // An ended sign-in is an answer (no session), not a failure of the app.
        if (metadata instanceof Error && metadata.name === "AppSessionEndedError") return;
        console.error(`[next-auth][error][${code}]`, metadata);
      },
      warn(code) {
        console.warn(`[next-auth][warn][${code}]`);
      },
      debug() {},
    },
  };
}

/**
 * The app's next-auth options (createAuthOptions on the TPP database). Made on first use (never
 * at build time: it reads the configuration and its secrets).
 */
export function getAuthOptions(): AuthOptions {
  if (globalThis.__psd2TppAuthOptions !== undefined) return globalThis.__psd2TppAuthOptions;
  const config = getTppConfig();
  const options = createAuthOptions({
    secret: config.nextAuthSecret,
    trustedProxies: config.trustedProxies,
    repositories: async () => {
      const runtime = await getTppRuntime();
      return {
        users: runtime.users,
        signInFailures: runtime.signInFailures,
        appSessions: createAppSessionsRepository(runtime.database.db),
      };
    },
  });
  globalThis.__psd2TppAuthOptions = options;
  return options;
}
