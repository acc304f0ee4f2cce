/**
 * The app's clock against a real sandbox bank (its own process): it follows the sandbox clock,
 * frozen or running, reads it at most once per maxAgeMs, reads again after invalidate(), and
 * falls back to the system clock when the bank cannot be reached.
 * @see docs/interface/sandbox-operations.md#sandbox-operations
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRequestSigner } from "../../psd2/signing";
import { createAspspClient } from "../aspsp/create-aspsp-client";
import { createTestAspspClient, type TestAspspClient } from "../testing/create-test-aspsp-client";
import { moveSandboxClock } from "../testing/sandbox-operations";
import { freePort } from "../../../testing/bank-process";
import { type SandboxBank, startSandboxBank } from "../testing/start-sandbox-bank";
import { testPki } from "../testing/test-pki";
import { osloDateOf } from "./app-clock";
import { createAppClockProvider } from "./create-app-clock-provider";

describe("createAppClockProvider against the sandbox bank", () => {
  let bank: SandboxBank;
  let tpp: TestAspspClient;

  beforeAll(async () => {
    bank = await startSandboxBank();
    tpp = await createTestAspspClient(bank.url);
  });
  afterAll(async () => {
    await tpp?.client.close();
    await bank?.close();
  });

  const clockReads = () =>
    tpp.exchanges.filter((exchange) => exchange.method === "GET" && new URL(exchange.url).pathname === "/v1/sandbox/clock").length;

  it("a frozen sandbox clock: its instant and Oslo date, read once for concurrent and repeated uses", async () => {
    // 23:30 UTC on 31 March is already 1 April in Oslo (CEST).
    await moveSandboxClock(tpp.client, { now: "2026-03-31T23:30:00Z", frozen: true });
    const provider = createAppClockProvider({ environment: "sandbox", client: async () => tpp.client });
    const before = clockReads();
    const [first, second] = await Promise.all([provider.get(), provider.get()]);
    const third = await provider.get();
    expect(clockReads() - before).toBe(1);
    expect(first).toBe(second);
    expect(third).toBe(first);
    expect(first?.source).toBe("bank-sandbox");
    expect(first?.now().toISOString()).toBe("2026-03-31T23:30:00.000Z");
    expect(first?.today()).toBe("2026-04-01");
    // The caller of the clock is nobody: no PSU headers.
    const headers = tpp.sentHeaders("GET", /^\/v1\/sandbox\/clock$/);
    for (const absent of ["psu-id", "psu-ip-address", "psu-corporate-id", "tpp-session-id"]) expect(headers).not.toHaveProperty(absent);
  });

  it("sends TPP-Redirect-Preferred on the clock read as the user chose (false: approval in the bank's app)", async () => {
    for (const redirectPreferred of [false, true]) {
      const provider = createAppClockProvider({ environment: "sandbox", client: async () => tpp.client });
      const before = clockReads();
      await provider.get(async () => ({ redirectPreferred }));
      expect(clockReads() - before).toBe(1);
      expect(tpp.sentHeaders("GET", /^\/v1\/sandbox\/clock$/)["tpp-redirect-preferred"]).toBe(String(redirectPreferred));
    }
  });

  // Each move forward runs the batch runs it passes: the moves here stay a few days apart.
  it("keeps a reading for maxAgeMs (bounded staleness), and reads again after invalidate()", async () => {
    await moveSandboxClock(tpp.client, { now: "2026-04-02T10:00:00Z", frozen: true });
    const provider = createAppClockProvider({ environment: "sandbox", client: async () => tpp.client, maxAgeMs: 60_000 });
    expect((await provider.get()).now().toISOString()).toBe("2026-04-02T10:00:00.000Z");

    await moveSandboxClock(tpp.client, { advance: "P1D" });
    // Within maxAgeMs the kept reading stands, though the bank's clock moved.
    expect((await provider.get()).now().toISOString()).toBe("2026-04-02T10:00:00.000Z");
    provider.invalidate();
    const moved = await provider.get();
    expect(moved.now().toISOString()).toBe("2026-04-03T10:00:00.000Z");
    expect(moved.today()).toBe("2026-04-03");
  });

  it("a running clock: the system time plus the bank's offset, measured to well under a second", async () => {
    // Set 123 ms past a whole second: the bank's offsetSeconds could not carry that.
    const moved = await moveSandboxClock(tpp.client, { now: "2026-04-04T08:00:00.123Z", frozen: false });
    const movedAt = Date.now();
    expect(moved.frozen).toBe(false);
    const provider = createAppClockProvider({ environment: "sandbox", client: async () => tpp.client, maxAgeMs: 50 });
    const clock = await provider.get();
    const expected = Date.parse(moved.now) + (Date.now() - movedAt);
    expect(Math.abs(clock.now().getTime() - expected)).toBeLessThan(250);
    expect(clock.today()).toBe(osloDateOf(clock.now()));

    // Older than maxAgeMs: read again.
    const before = clockReads();
    await new Promise((resolve) => setTimeout(resolve, 80));
    await provider.get();
    expect(clockReads() - before).toBe(1);
  });

  it("production: the system clock, without asking the bank", async () => {
    const before = clockReads();
    const clock = await createAppClockProvider({ environment: "production", client: async () => tpp.client }).get();
    expect(clock.source).toBe("system");
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1000);
    expect(clockReads()).toBe(before);
  });

  it("a bank that cannot be reached: the system clock, and the reason told", async () => {
    const port = await freePort();
    const unreachable = createAspspClient({
      baseUrl: `http://127.0.0.1:${port}`,
      signer: createRequestSigner({ privateKeyPem: testPki.tppKeyPem, certificatePem: testPki.tppCertificatePem }),
      redirectUri: "http://127.0.0.1:3999/callback",
    });
    const reasons: string[] = [];
    try {
      const provider = createAppClockProvider({
        environment: "sandbox",
        client: async () => unreachable,
        onFallback: (reason) => reasons.push(reason),
      });
      const clock = await provider.get();
      expect(clock.source).toBe("system");
      expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1000);
      // The fallback is kept as a reading is: one attempt, one reason.
      await provider.get();
      expect(reasons).toHaveLength(1);
      expect(reasons[0]).toContain(`The bank at http://127.0.0.1:${port} could not be reached for GET /v1/sandbox/clock`);
      expect(reasons[0]).toContain("the system clock is used instead");
    } finally {
      await unreachable.close();
    }
  });

  it("a client that cannot be made (e.g. no certificate yet) also falls back to the system clock", async () => {
    const reasons: string[] = [];
    const provider = createAppClockProvider({
      environment: "sandbox",
      client: async () => {
        throw new Error("the sandbox portal did not issue a certificate");
      },
      onFallback: (reason) => reasons.push(reason),
    });
    expect((await provider.get()).source).toBe("system");
    expect(reasons).toEqual([
      "the bank's sandbox clock could not be read (the sandbox portal did not issue a certificate): the system clock is used instead",
    ]);
  });
});
