import NextAuth, { type AuthOptions, getServerSession } from "next-auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedTppDatabase } from "../db/open-tpp-database";
import { createTppTestDatabase, tppTestDatabaseKinds } from "../testing/test-database";
import { createUsersRepository } from "../users/users-repository";
import { createAppSessionsRepository } from "./app-sessions-repository";
import { type AuthRepositories, createAuthOptions, SIGN_IN_MAX_AGE_SECONDS } from "./auth-options";
import { hashPassword } from "./hash-password";
import { createSignInFailuresRepository } from "./sign-in-failures-repository";

const SECRET = "x".repeat(40);
const HOST = "localhost:3000";
const saved = process.env.NEXTAUTH_URL;
const SESSION_COOKIE = "next-auth.session-token";

type Cookies = Record<string, string>;

/** A Node-style response as next-auth's handlers write it: status, headers, body. */
function recordingResponse() {
  const headers = new Map<string, string | string[]>();
  const state: { status: number; body: unknown } = { status: 200, body: undefined };
  const response = {
    status(code: number) {
      state.status = code;
      return response;
    },
    setHeader(name: string, value: string | string[]) {
      headers.set(name.toLowerCase(), value);
      return response;
    },
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    json(body: unknown) {
      state.body = body;
    },
    send(body: unknown) {
      state.body = typeof body === "string" && body.startsWith("{") ? JSON.parse(body) : body;
    },
    end() {},
  };
  const cookies = (): Cookies => {
    const lines = headers.get("set-cookie") ?? [];
    return Object.fromEntries(
      (Array.isArray(lines) ? lines : [lines]).map((line) => {
        const pair = line.split(";")[0] ?? "";
        const at = pair.indexOf("=");
        return [pair.slice(0, at), decodeURIComponent(pair.slice(at + 1))];
      }),
    );
  };
  return { response, state, cookies };
}

/** One of next-auth's endpoints (/api/auth/<action>/<provider>), answered by its own handler with these options. */
async function call(
  options: AuthOptions,
  request: { action: string; method: "GET" | "POST"; cookies?: Cookies; body?: Record<string, string>; providerId?: string },
) {
  const recorded = recordingResponse();
  const nextauth = request.providerId === undefined ? [request.action] : [request.action, request.providerId];
  const req = {
    query: { nextauth },
    method: request.method,
    cookies: request.cookies ?? {},
    body: request.body ?? {},
    headers: { host: HOST, "x-tpp-client-address": "192.0.2.1" },
  };
  await (NextAuth as unknown as (req: unknown, res: unknown, options: AuthOptions) => Promise<void>)(req, recorded.response, options);
  return { body: recorded.state.body as Record<string, unknown> | undefined, cookies: recorded.cookies(), status: recorded.state.status };
}

async function csrf(options: AuthOptions, cookies: Cookies = {}): Promise<{ token: string; cookies: Cookies }> {
  const answer = await call(options, { action: "csrf", method: "GET", cookies });
  const token = answer.body?.csrfToken;
  if (typeof token !== "string") throw new Error("no CSRF token");
  return { token, cookies: { ...cookies, ...answer.cookies } };
}

async function signIn(options: AuthOptions, username: string, password: string): Promise<Cookies> {
  const { token, cookies } = await csrf(options);
  const answer = await call(options, {
    action: "callback",
    providerId: "credentials",
    method: "POST",
    cookies,
    body: { csrfToken: token, username, password, json: "true" },
  });
  const session = answer.cookies[SESSION_COOKIE];
  if (session === undefined) throw new Error(`not signed in: ${JSON.stringify(answer.body)}`);
  return { ...cookies, [SESSION_COOKIE]: session };
}

/** next-auth's /api/auth/session: what its client reads. */
async function sessionOf(options: AuthOptions, cookies: Cookies) {
  return call(options, { action: "session", method: "GET", cookies });
}

/** getServerSession, as the app's pages, actions and routes read the session (getCurrentUser). */
async function serverSessionOf(options: AuthOptions, cookies: Cookies) {
  const recorded = recordingResponse();
  return getServerSession({ headers: { host: HOST }, cookies } as never, recorded.response as never, options);
}

describe.each(tppTestDatabaseKinds())("sign-out ends the sign-in on %s", (kind) => {
  let database: OpenedTppDatabase;
  /** Two instances of the app: their own options and repositories, one database. */
  let instanceA: AuthOptions;
  let instanceB: AuthOptions;
  beforeAll(async () => {
    process.env.NEXTAUTH_URL = `http://${HOST}`;
    database = await createTppTestDatabase(kind);
    const repositories = (): Promise<AuthRepositories> =>
      Promise.resolve({
        users: createUsersRepository(database.db),
        signInFailures: createSignInFailuresRepository(database.db),
        appSessions: createAppSessionsRepository(database.db),
      });
    instanceA = createAuthOptions({ secret: SECRET, trustedProxies: 0, repositories });
    instanceB = createAuthOptions({ secret: SECRET, trustedProxies: 0, repositories });
    const passwordHash = await hashPassword("riktig passord");
    await createUsersRepository(database.db).insert({
      id: "u-kari",
      username: "kari",
      displayName: "Kari",
      passwordHash,
      createdAt: new Date(),
    });
  }, 60_000);
  afterAll(async () => {
    await database.close();
    if (saved === undefined) delete process.env.NEXTAUTH_URL;
    else process.env.NEXTAUTH_URL = saved;
  });

  it("starts a sign-in in the database, named in the token, read on every use of the session", async () => {
    const cookies = await signIn(instanceA, "kari", "riktig passord");
    const session = await sessionOf(instanceA, cookies);
    expect(session.body).toMatchObject({ userId: "u-kari" });
    // The other instance reads the same sign-in.
    expect((await sessionOf(instanceB, cookies)).body).toMatchObject({ userId: "u-kari" });
    expect(await serverSessionOf(instanceB, cookies)).toMatchObject({ userId: "u-kari" });
  });

  it("refuses a token captured before sign-out, on this instance and on another, and leaves other sign-ins alone", async () => {
    const captured = await signIn(instanceA, "kari", "riktig passord");
    const otherBrowser = await signIn(instanceB, "kari", "riktig passord");
    const { token } = await csrf(instanceA, captured);
    const signOut = await call(instanceA, { action: "signout", method: "POST", cookies: captured, body: { csrfToken: token } });
    // next-auth removes the cookie from the browser that signed out...
    expect(signOut.cookies[SESSION_COOKIE]).toBe("");
    // ...and the sign-in is ended: the captured cookie shown again reads no session, anywhere.
    expect((await sessionOf(instanceA, captured)).body).toEqual({});
    expect((await sessionOf(instanceB, captured)).body).toEqual({});
    expect(await serverSessionOf(instanceA, captured)).toBeNull();
    expect(await serverSessionOf(instanceB, captured)).toBeNull();
    // The answer to the ended token also removes its cookie.
    expect((await sessionOf(instanceB, captured)).cookies[SESSION_COOKIE]).toBe("");
    // Kari's sign-in in another browser lasts.
    expect((await sessionOf(instanceA, otherBrowser)).body).toMatchObject({ userId: "u-kari" });
  });

  it("does not sign out for a sign-out without next-auth's CSRF token", async () => {
    const cookies = await signIn(instanceA, "kari", "riktig passord");
    await call(instanceA, { action: "signout", method: "POST", cookies, body: { csrfToken: "forged" } });
    expect((await sessionOf(instanceA, cookies)).body).toMatchObject({ userId: "u-kari" });
  });

  it("refuses a token without a sign-in (made before sign-ins were kept) and one of another user's sign-in", async () => {
    const { encode } = await import("next-auth/jwt");
    const withoutSid = await encode({ token: { sub: "u-kari", name: "Kari" }, secret: SECRET });
    expect((await sessionOf(instanceA, { [SESSION_COOKIE]: withoutSid })).body).toEqual({});
    const cookies = await signIn(instanceA, "kari", "riktig passord");
    const { decode } = await import("next-auth/jwt");
    const token = await decode({ token: cookies[SESSION_COOKIE], secret: SECRET });
    const forged = await encode({ token: { ...token, sub: "u-ola" }, secret: SECRET });
    expect((await sessionOf(instanceA, { [SESSION_COOKIE]: forged })).body).toEqual({});
  });

  it("keeps a sign-in as long as its token lasts and no longer; drops a user's expired ones at the next sign-in", async () => {
    const sessions = createAppSessionsRepository(database.db);
    const t0 = new Date("2026-11-26T08:00:00Z");
    const old = await sessions.start("u-kari", t0, SIGN_IN_MAX_AGE_SECONDS);
    expect(await sessions.isActive(old, "u-kari", new Date(t0.getTime() + SIGN_IN_MAX_AGE_SECONDS * 1000 - 1))).toBe(true);
    expect(await sessions.isActive(old, "u-kari", new Date(t0.getTime() + SIGN_IN_MAX_AGE_SECONDS * 1000))).toBe(false);
    expect(await sessions.isActive(old, "u-ola", t0)).toBe(false);
    await sessions.start("u-kari", new Date(t0.getTime() + SIGN_IN_MAX_AGE_SECONDS * 1000 + 1), SIGN_IN_MAX_AGE_SECONDS);
    expect(await sessions.find(old)).toBeUndefined();
    const ended = await sessions.start("u-kari", t0, SIGN_IN_MAX_AGE_SECONDS);
    await sessions.end(ended, new Date(t0.getTime() + 1000));
    await sessions.end(ended, new Date(t0.getTime() + 2000));
    expect((await sessions.find(ended))?.endedAt).toEqual(new Date(t0.getTime() + 1000));
    expect(await sessions.isActive(ended, "u-kari", new Date(t0.getTime() + 1500))).toBe(false);
  });
});
