/** What a flow's page says of it: how long it took, the page it is about, the bank's id of what it approved. */
import { describe, expect, it } from "vitest";
import { buildFlowPageView } from "./flow-page-view";
import type { FlowStep } from "./flow-steps";
import type { FlowRecord } from "./flows-repository";

const STARTED = new Date("2026-03-02T10:00:00.000Z");

function flowOf(changes: Partial<FlowRecord>): FlowRecord {
  return {
    id: "4b7e2c1a-9d3f-4e5a-8b6c-7d8e9f0a1b2c",
    userId: "user-1",
    kind: "payment",
    resourceId: "bank-payment-1",
    path: "/payments/0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b",
    startedAt: STARTED,
    endedAt: null,
    outcome: "waiting",
    detail: null,
    ...changes,
  };
}

const toBankAt = (ms: number): FlowStep => ({ kind: "to-bank", at: new Date(STARTED.getTime() + ms), url: null, status: 303 });

describe("a flow's page", () => {
  it("says how long it took: to its end, or to its last step while it goes on, and nothing before a step", () => {
    const ended = buildFlowPageView({
      flow: flowOf({ endedAt: new Date(STARTED.getTime() + 83_000), outcome: "completed" }),
      steps: [toBankAt(200)],
      callCount: 2,
    });
    expect(ended.elapsed).toBe("ended after 1 min 23 s");
    expect(buildFlowPageView({ flow: flowOf({}), steps: [toBankAt(200), toBankAt(1_250)], callCount: 0 }).elapsed).toBe(
      "last step after 1.3 s",
    );
    expect(buildFlowPageView({ flow: flowOf({}), steps: [], callCount: 0 }).elapsed).toBeUndefined();
  });

  it("links the page it is about, with words by its kind, but no page for a payment the bank did not take", () => {
    expect(buildFlowPageView({ flow: flowOf({}), steps: [], callCount: 0 }).concerns).toEqual({
      href: "/payments/0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b",
      label: "Open the payment",
    });
    expect(buildFlowPageView({ flow: flowOf({ path: "/payments/new" }), steps: [], callCount: 0 }).concerns).toBeUndefined();
    expect(buildFlowPageView({ flow: flowOf({ path: null }), steps: [], callCount: 0 }).concerns).toBeUndefined();
    const consent = buildFlowPageView({
      flow: flowOf({ kind: "consent", resourceId: null, path: "/payments/new" }),
      steps: [],
      callCount: 0,
    });
    expect(consent.concerns).toEqual({ href: "/payments/new", label: "Where it returned" });
    expect(consent.kindLabel).toBe("Consent");
  });

  it("names the bank's id of what it approved: a basketId for a basket, a paymentId for a payment, none for a consent", () => {
    expect(buildFlowPageView({ flow: flowOf({}), steps: [], callCount: 0 }).resource).toEqual({
      term: "The bank's paymentId",
      id: "bank-payment-1",
    });
    const basket = buildFlowPageView({ flow: flowOf({ kind: "basket", resourceId: "bank-basket-1" }), steps: [], callCount: 0 });
    expect(basket.resource).toEqual({ term: "The bank's basketId", id: "bank-basket-1" });
    expect(basket.kindLabel).toBe("Signing basket");
    expect(buildFlowPageView({ flow: flowOf({ kind: "consent", resourceId: null }), steps: [], callCount: 0 }).resource).toBeUndefined();
  });
});
