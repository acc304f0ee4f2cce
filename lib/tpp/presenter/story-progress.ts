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
 * What the TPP's own database says of the story: connected (a PSU-ID), a bill paid to the KID
 * creditor and approved, a basket made, its payments settled, one of them rejected for lack of
 * funds. Reading accounts leaves no trace to judge by: it is never marked.
 */
export async function getStoryProgress(user: { readonly id: string; readonly psuId: string | undefined }): Promise<StoryProgress> {
  const { payments, baskets, flows } = await getTppRuntime();
  const [recent, latestBaskets, latestFlows] = await Promise.all([payments.list(user.id, { limit: 50 }), baskets.list(user.id, { limit: 1 }), flows.list(user.id, { limit: 1 })]);
  const done = new Set<DemoStepId>();
  if (user.psuId !== undefined) done.add("connect");
  if (recent.items.some((payment) => payment.creditorAccount === KID_CREDITOR && payment.status !== "RCVD" && payment.status !== "RJCT" && payment.status !== "CANC")) done.add("bill");
  const basket = latestBaskets[0];
  let rejectedPaymentPath: string | undefined;
  if (basket !== undefined) {
    if (basket.status !== "RCVD") done.add("basket");
    const members = await payments.listInBasket(user.id, basket.id);
    if (members.length > 0 && members.every((payment) => payment.status === "ACSC" || payment.status === "RJCT" || payment.status === "CANC")) done.add("end-of-day");
    const rejected = members.find((payment) => payment.status === "RJCT" && payment.fundsAvailable === false);
    if (rejected !== undefined) {
      done.add("rejected");
      rejectedPaymentPath = `/payments/${encodeURIComponent(rejected.id)}`;
    }
  }
  return {
    done,
    basketPath: basket === undefined ? undefined : `/baskets/${encodeURIComponent(basket.id)}`,
    rejectedPaymentPath,
    latestFlowId: latestFlows.items[0]?.id,
  };
}
