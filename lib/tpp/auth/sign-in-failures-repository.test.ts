import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedTppDatabase } from "../db/open-tpp-database";
import { createTppTestDatabase, tppTestDatabaseKinds } from "../testing/test-database";
import { createUsersRepository } from "../users/users-repository";
import { hashPassword } from "./hash-password";
import { createSignInFailuresRepository } from "./sign-in-failures-repository";
import { FAILURE_MEMORY_MS } from "./sign-in-throttle";
import { signInWithCredentials } from "./sign-in-with-credentials";

const T0 = new Date("2026-11-26T10:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

describe.each(tppTestDatabaseKinds())("the sign-in throttle on %s", (kind) => {
  let database: OpenedTppDatabase;
  let repositories: { users: ReturnType<typeof createUsersRepository>; signInFailures: ReturnType<typeof createSignInFailuresRepository> };
  beforeAll(async () => {
    database = await createTppTestDatabase(kind);
    repositories = { users: createUsersRepository(database.db), signInFailures: createSignInFailuresRepository(database.db) };
    const passwordHash = await hashPassword("riktig passord");
    for (const username of ["kari", "ola", "siri"])
      await repositories.users.insert({ id: `u-${username}`, username, displayName: username, passwordHash, createdAt: T0 });
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  const signIn = (username: string, password: string, now: Date, clientAddress: string | undefined = "192.0.2.10") =>
    signInWithCredentials(repositories, { username, password }, { clientAddress, now });

  it("answers 200 wrong passwords in a row with a wait after the third, checks no password while it runs, and takes the right one after it", async () => {
    const outcomes = [];
    for (let i = 0; i < 200; i += 1) outcomes.push((await signIn("kari", `feil ${i}`, at(i), "192.0.2.1")).kind);
    // Three failures cost nothing, the fourth attempt is checked too and starts a 15 s wait.
    expect(outcomes.slice(0, 4)).toEqual(["refused", "refused", "refused", "refused"]);
    expect(new Set(outcomes.slice(4))).toEqual(new Set(["throttled"]));
    // The right password waits as well: the throttle does not tell which password was right.
    expect(await signIn("kari", "riktig passord", at(1000), "192.0.2.1")).toEqual({ kind: "throttled", retryAt: at(3 + 15_000) });
    expect(await repositories.signInFailures.find({ kind: "username", value: "kari" })).toMatchObject({ failures: 4 });
    // After the wait: the right password works and clears the user name's count.
    expect(await signIn("kari", "riktig passord", at(3 + 15_000), "192.0.2.1")).toEqual({
      kind: "signed-in",
      user: { id: "u-kari", name: "kari" },
    });
    expect(await repositories.signInFailures.find({ kind: "username", value: "kari" })).toBeUndefined();
  });

  it("doubles the wait with each failure after it, up to 15 minutes", async () => {
    let now = at(0);
    for (let i = 0; i < 3; i += 1) expect((await signIn("ola", "feil", now, "192.0.2.2")).kind).toBe("refused");
    const waits: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      expect((await signIn("ola", "feil", now, "192.0.2.2")).kind).toBe("refused");
      const refusal = await signIn("ola", "feil", now, "192.0.2.2");
      if (refusal.kind !== "throttled") throw new Error(`expected a wait, got ${refusal.kind}`);
      waits.push((refusal.retryAt.getTime() - now.getTime()) / 1000);
      now = refusal.retryAt;
    }
    expect(waits).toEqual([15, 30, 60, 120, 240, 480, 900, 900]);
    expect((await signIn("ola", "riktig passord", now, "192.0.2.2")).kind).toBe("signed-in");
  });

  it("counts per client address across user names, and a success of one's own does not clear the address", async () => {
    const address = "198.51.100.7";
    for (let i = 0; i < 20; i += 1) expect((await signIn(`nobody-${i}`, "feil", at(i), address)).kind).toBe("refused");
    // A success here clears siri's count, not the address's: one account must not reset the guessing of others.
    expect((await signIn("siri", "riktig passord", at(20), address)).kind).toBe("signed-in");
    expect(await repositories.signInFailures.find({ kind: "address", value: address })).toMatchObject({ failures: 20, lockedUntil: null });
    expect((await signIn("nobody-21", "feil", at(21), address)).kind).toBe("refused");
    const waiting = await signIn("siri", "riktig passord", at(22), address);
    expect(waiting).toEqual({ kind: "throttled", retryAt: at(21 + 15_000) });
    // Another address, the same user: not held up by that address.
    expect((await signIn("siri", "riktig passord", at(22), "198.51.100.8")).kind).toBe("signed-in");
    // Without a known address, the user name alone counts.
    expect((await signIn("siri", "riktig passord", at(22), undefined)).kind).toBe("signed-in");
  });

  it("takes one of many attempts sent at once when the wait starts, not all of them", async () => {
    for (let i = 0; i < 3; i += 1) await signIn("burst", "feil", at(0), "203.0.113.5");
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => signIn("burst", "feil", at(1), "203.0.113.5")));
    expect(outcomes.filter((outcome) => outcome.kind === "refused")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind === "throttled")).toHaveLength(9);
  });

  it("forgets a count a day after its last failure", async () => {
    for (let i = 0; i < 5; i += 1) await signIn("glemt", "feil", at(i * 60 * 60_000), "203.0.113.9");
    expect(await repositories.signInFailures.find({ kind: "username", value: "glemt" })).toMatchObject({ failures: 5 });
    await signIn("glemt", "feil", at(4 * 60 * 60_000 + FAILURE_MEMORY_MS + 1), "203.0.113.9");
    expect(await repositories.signInFailures.find({ kind: "username", value: "glemt" })).toMatchObject({ failures: 1, lockedUntil: null });
  });

  it("counts nothing for input that is no sign-in", async () => {
    expect(await signInWithCredentials(repositories, { username: "  " }, { clientAddress: "203.0.113.77", now: T0 })).toEqual({
      kind: "refused",
    });
    expect(await repositories.signInFailures.find({ kind: "address", value: "203.0.113.77" })).toBeUndefined();
  });
});
