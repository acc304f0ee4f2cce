/**
 * Faults between the app and the bank (issue 22, point 2), through a real proxy in front of a real
 * sandbox bank: each fault gives the PSU words for what happened and what to do (never a stack),
 * one log line with the X-Request-ID, and the next request goes through. A payment creation is
 * never sent again on its own; a read is, once, with a new X-Request-ID.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { describeError } from "../describe-error";
import { TppError, type TppErrorCode } from "../errors";
import type { PaymentSubmitOutcome } from "../payment-form/payment-form-types";
import type { Fault } from "../testing/fault-proxy";
import { readSandboxClock } from "../testing/sandbox-operations";
import { initiateWithIntent } from "./initiate-with-intent";
import { type IntentWorld, startIntentWorld, TEST_TIMEOUT_MS } from "./intents.test-support";

let world: IntentWorld;

beforeAll(async () => {
  world = await startIntentWorld("pglite");
});
afterAll(() => world?.close());
beforeEach(async () => {
  await world.proxy.setFault({ kind: "none" });
  world.logs.length = 0;
});

const isPaymentCreation = (method: string, path: string) => method === "POST" && path.startsWith("/v1/payments/");
const creations = () => world.proxy.forwarded.filter((request) => isPaymentCreation(request.method, request.path));

interface FaultCase {
  readonly name: string;
  readonly fault: Fault;
  /** Whether the client refuses replies not signed as required (ASPSP_REQUIRE_SIGNED_RESPONSES). */
  readonly signed: boolean;
  /** The title the PSU reads for the failure itself. */
  readonly title: string;
  /** Whether the request reached the bank (which then holds the payment). */
  readonly reachedBank: boolean;
}

const CASES: readonly FaultCase[] = [
  { name: "connection refused", fault: { kind: "refuse" }, signed: false, title: "The bank could not be reached", reachedBank: false },
  {
    name: "a reset in the middle of the reply",
    fault: { kind: "reset-mid-reply" },
    signed: false,
    title: "The connection to the bank broke",
    reachedBank: true,
  },
  {
    name: "a reply slower than ASPSP_TIMEOUT_MS",
    fault: { kind: "slow", delayMs: TEST_TIMEOUT_MS + 1_500 },
    signed: false,
    title: "The bank did not answer in time",
    reachedBank: true,
  },
  {
    name: "a gateway's 502",
    fault: { kind: "gateway-error", status: 502 },
    signed: false,
    title: "The bank had a problem",
    reachedBank: true,
  },
  {
    name: "a body that is not JSON",
    fault: { kind: "not-json" },
    signed: false,
    title: "The bank's answer could not be read",
    reachedBank: true,
  },
  {
    name: "a truncated body",
    fault: { kind: "truncated" },
    signed: false,
    title: "The bank's answer could not be read",
    reachedBank: true,
  },
  {
    name: "a reply without its signature, signed replies required",
    fault: { kind: "unsigned" },
    signed: true,
    title: "The bank's answer was not signed as required",
    reachedBank: true,
  },
  {
    name: "a reply whose signature does not match it, signed replies required",
    fault: { kind: "wrong-signature" },
    signed: true,
    title: "The bank's answer was not signed as required",
    reachedBank: true,
  },
];

function expectWords(outcome: PaymentSubmitOutcome): void {
  const text = JSON.stringify(outcome);
  // Words, never a stack trace.
  expect(text).not.toMatch(/\bat \S+ \(|\.ts:\d+|node:internal/);
}

describe("a payment creation meets a fault between the app and the bank", () => {
  it.each(CASES)(
    "$name: the PSU is told in words, one line is logged, the payment is sent once, and the next one goes through",
    async (c) => {
      const ctx = world.ctx({ signed: c.signed });
      const draft = world.draft();
      const before = creations().length;
      await world.proxy.setFault(c.fault, isPaymentCreation);

      const started = Date.now();
      const result = await initiateWithIntent(world, ctx, draft, { allowLogicalDuplicate: false });
      expect(Date.now() - started).toBeLessThan(TEST_TIMEOUT_MS + 2_000);
      if (!("refused" in result)) throw new Error("the payment was kept despite the fault");
      const outcome = result.refused;
      expectWords(outcome);
      if (outcome.kind !== "failed") throw new Error(`expected a failure, got ${outcome.kind}`);
      // The failure's own words, and where its X-Request-ID leads.
      expect(describeError(result.error)?.title).toBe(c.title);
      expect(creations().length - before).toBe(c.reachedBank ? 1 : 0);
      const awaiting = await world.intents.listAwaiting(world.userId);
      const twin = awaiting.find((intent) => intent.requestBody === JSON.stringify(draft.body));
      if (c.reachedBank) {
        const sent = creations().at(-1);
        expect(outcome.title).toBe("Sent, answer not received");
        expect(outcome.summary).toContain(c.title);
        expect(outcome.summary).toContain("payment list");
        expect(outcome.requestId).toBe(sent?.requestId);
        // Listed as sent, answer not received.
        expect(twin).toMatchObject({ state: "unanswered", requestId: sent?.requestId });
      } else {
        expect(outcome.title).toBe(c.title);
        expect(outcome.summary).toContain("Try again");
        expect(twin).toBeUndefined();
      }
      expect(world.logs).toHaveLength(1);
      expect(world.logs[0]).toContain(outcome.requestId ?? "no X-Request-ID");
      expect(world.logs[0]).toMatch(/^tpp: bank call POST \/v1\/payments\/norwegian-domestic-credit-transfers failed, X-Request-ID \S+: /);

      // The app works for the next request: with the bank reachable again, the payment goes through
      // (an answered-nothing twin is held back until the PSU confirms, then allowLogicalDuplicate=true).
      await world.proxy.setFault({ kind: "none" });
      let next = await initiateWithIntent(world, ctx, draft, { allowLogicalDuplicate: false });
      if (c.reachedBank) {
        expect(next).toMatchObject({ refused: { kind: "duplicate", requestId: outcome.requestId } });
        expect(creations().length - before).toBe(1);
        next = await initiateWithIntent(world, ctx, draft, { allowLogicalDuplicate: true });
        expect(creations().at(-1)?.path).toMatch(/\?allowLogicalDuplicate=true$/);
      }
      if (!("kept" in next)) throw new Error(`the next payment was not kept: ${JSON.stringify(next)}`);
      expect(next.kept.record.status).toBe("RCVD");
      expect(creations().length - before).toBe(c.reachedBank ? 2 : 1);
    },
  );
});

describe("a read meets a fault", () => {
  const isClockRead = (method: string, path: string) => method === "GET" && path === "/v1/sandbox/clock";

  it("is sent once more with a new X-Request-ID after a reset, and succeeds", async () => {
    let first = true;
    await world.proxy.setFault({ kind: "reset-mid-reply" }, (method, path) => {
      if (!isClockRead(method, path) || !first) return false;
      first = false;
      return true;
    });
    const before = world.proxy.forwarded.length;
    const clock = await readSandboxClock(world.ctx().client);
    expect(clock.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const reads = world.proxy.forwarded.slice(before);
    expect(reads).toHaveLength(2);
    expect(reads[0]?.requestId).not.toBe(reads[1]?.requestId);
    expect(world.logs).toEqual([]);
  });

  it.each<[string, Fault, TppErrorCode]>([
    ["a reset on both attempts", { kind: "reset-mid-reply" }, "ASPSP_CONNECTION_LOST"],
    ["a reply slower than ASPSP_TIMEOUT_MS", { kind: "slow", delayMs: TEST_TIMEOUT_MS + 1_500 }, "ASPSP_TIMEOUT"],
    ["a body that is not JSON", { kind: "not-json" }, "ASPSP_RESPONSE_INVALID"],
  ])("%s: a TppError whose words the page shows, one log line naming the X-Request-ID(s)", async (_name, fault, code) => {
    await world.proxy.setFault(fault, isClockRead);
    const before = world.proxy.forwarded.length;
    const error = await readSandboxClock(world.ctx().client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TppError);
    expect(error).toMatchObject({ code });
    const display = describeError(error);
    expect(display?.summary).toMatch(/Try again/);
    const sent = world.proxy.forwarded.slice(before);
    expect(display?.requestId).toBe(sent.at(-1)?.requestId);
    expect(world.logs).toHaveLength(1);
    for (const request of sent) expect(world.logs[0]).toContain(request.requestId ?? "no X-Request-ID");
    // Timeouts are not retried (the bank may be busy with it); a broken connection is, once.
    expect(sent).toHaveLength(code === "ASPSP_CONNECTION_LOST" ? 2 : 1);
    await world.proxy.setFault({ kind: "none" });
    expect((await readSandboxClock(world.ctx().client)).today).toMatch(/^\d{4}-/);
  });
});
