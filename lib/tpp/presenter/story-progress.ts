import "server-only";
import { getTppRuntime } from "../runtime";
import type { DemoStepId } from "./demo-story";

/** Where the story stands for a user: which steps are done, and the pages the later steps open. */
export interface StoryProgress {
  readonly done: ReadonlySet<DemoStepId>;
  /** The latest signing basket's page, once there is one. */
  readonly basketPath: string | undefined;
  /** The page of a payment of that basket rejected for lack of funds, once there is one. */
  readonly rejectedPaymentPath: string | undefined;
  /** The user's latest flow (for its diagram). */
  readonly latestFlowId: string | undefined;
}

const KID_CREDITOR = "38009416606";

/**
 * What the TPP's own database says of the story since it last began (the user's latest
 * completed consent started from the presenter view: step 1, "Connect a bank"): connected, a bill paid to the KID creditor and
 * approved, a basket made, its payments settled, one of them rejected for lack of funds. What
 * was made before that connection belongs to an earlier telling and counts for nothing. Reading
 * accounts leaves no trace to judge by: it is never marked.
 */
export async function getStoryProgress(user: { readonly id: string; readonly psuId: string | undefined }): Promise<StoryProgress> {
  const { payments, baskets, flows } = await getTppRuntime();
  const [recent, recentBaskets, recentFlows] = await Promise.all([
    payments.list(user.id, { limit: 50 }),
    baskets.list(user.id, { limit: 5 }),
    flows.list(user.id, { limit: 50 }),
  ]);
  // The story's step 1 returns to the presenter view; a consent made on another page (an SCA renewed) does not begin it again.
  const connected = recentFlows.items.find((flow) => flow.kind === "consent" && flow.outcome === "completed" && flow.path === "/presenter");
  const done = new Set<DemoStepId>();
  if (user.psuId === undefined || connected === undefined) {
    return { done, basketPath: undefined, rejectedPaymentPath: undefined, latestFlowId: recentFlows.items[0]?.id };
  }
  done.add("connect");
  const since = connected.startedAt.getTime();
  if (
    recent.items.some(
      (payment) =>
        payment.createdAt.getTime() >= since &&
        payment.creditorAccount === KID_CREDITOR &&
        payment.status !== "RCVD" &&
        payment.status !== "RJCT" &&
        payment.status !== "CANC",
    )
  ) {
    done.add("bill");
  }
  const basket = recentBaskets.find((candidate) => candidate.createdAt.getTime() >= since);
  let rejectedPaymentPath: string | undefined;
  if (basket !== undefined) {
    if (basket.status !== "RCVD") done.add("basket");
    const members = await payments.listInBasket(user.id, basket.id);
    if (
      members.length > 0 &&
      members.every((payment) => payment.status === "ACSC" || payment.status === "RJCT" || payment.status === "CANC")
    )
      done.add("end-of-day");
    const rejected = members.find((payment) => payment.status === "RJCT" && payment.fundsAvailable === false);
    if (rejected !== undefined) {
      done.add("rejected");
      rejectedPaymentPath = `/payments/${encodeURIComponent(rejected.id)}`;
    }
  }
  // The app read without the customer since the story began (a refresh's flow).
  if (recentFlows.items.some((flow) => flow.kind === "refresh" && flow.outcome === "completed" && flow.startedAt.getTime() >= since)) {
    done.add("away");
  }
  return {
    done,
    basketPath: basket === undefined ? undefined : `/baskets/${encodeURIComponent(basket.id)}`,
    rejectedPaymentPath,
    latestFlowId: recentFlows.items[0]?.id,
  };
}
