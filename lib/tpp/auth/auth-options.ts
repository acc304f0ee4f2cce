import "server-only";
import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getTppConfig } from "../config";
import { getTppRuntime } from "../runtime";
import { readClientAddress } from "./client-address";
import { throttledErrorMessage } from "./sign-in-throttle";
import { signInWithCredentials } from "./sign-in-with-credentials";

export { authorizeCredentials } from "./sign-in-with-credentials";

declare module "next-auth" {
  interface Session {
    /** The app user's id (the JWT's subject). */
    userId?: string;
  }
}

/** How long an app sign-in lasts. */
export const SIGN_IN_MAX_AGE_SECONDS = 8 * 60 * 60;

declare global {
  var __psd2TppAuthOptions: AuthOptions | undefined;
}

/**
 * The next-auth options of the app: credentials against the TPP database (throttled per user
 * name and client address), JWT sessions of 8 hours, the app's own sign-in page. Made on first
 * use (never at build time: it reads the configuration and its secrets).
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
        async authorize(credentials, request) {
          const runtime = await getTppRuntime();
          const clientAddress = readClientAddress(request.headers ?? {}, config.trustedProxies);
          const outcome = await signInWithCredentials(runtime, credentials, { clientAddress, now: new Date() });
          // next-auth answers a thrown error with ?error=<its message>: the sign-in page reads when to try again.
          if (outcome.kind === "throttled") throw new Error(throttledErrorMessage(outcome.retryAt));
          return outcome.kind === "signed-in" ? outcome.user : null;
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
