import "server-only";
import { isAppId } from "../app-id";
import { getAspspContext } from "../aspsp/aspsp-context";
import { requireCurrentUser } from "../auth/get-current-user";
import { getTppConfig } from "../config";
import { findLatestFlowOf } from "../flow-diagrams/flow-queries";
import { signedScaFailure } from "../flows/failure-signature";
import { loadForPage } from "../flows/load-for-page";
import { firstValue, type PageQuery } from "../page-query";
import { getRecordRetention } from "../retention/record-retention";
import { getTppRuntime } from "../runtime";
import { type BasketPageView, buildBasketPageView } from "./basket-page-view";
import { readBasketAtBank } from "./read-basket-at-bank";
import { basketPagePath } from "./submit-basket";

/**
 * The signing basket page's view: the basket and each of its payments read at the bank (what the
 * app keeps when the bank cannot be read) and its flow (asked for meanwhile). Undefined when the
 * id is not one the app makes, or the user has no basket of this id.
 * @see docs/interface/states.md#basket-not-atomic; docs/interface/signing-baskets.md#rules-in-the-sandbox
 */
export async function loadBasketPage(id: string, query: PageQuery): Promise<BasketPageView | undefined> {
  if (!isAppId(id)) return undefined;
  const returnTo = basketPagePath(id);
  const user = await requireCurrentUser(returnTo);
  const { baskets, payments } = await getTppRuntime();
  const stored = await baskets.findById(user.id, id);
  if (stored === undefined) return undefined;

  // The bank's basketId never changes: its flow is looked up while the bank is read.
  const [result, flow] = await Promise.all([
    loadForPage(returnTo, async () => readBasketAtBank(await getAspspContext({ returnTo }), { baskets, payments }, stored)),
    findLatestFlowOf(user.id, "basket", stored.basketId),
  ]);
  const members = result.ok
    ? result.value.payments
    : (await payments.listInBasket(user.id, id)).map((record) => ({ record, hiddenByKnownIssue: false }));
  return buildBasketPageView({
    basket: result.ok ? result.value.basket : stored,
    bankError: result.ok ? undefined : result.error,
    members,
    flowId: flow?.id,
    retention: getRecordRetention(),
    scaFailure: signedScaFailure(query, returnTo, getTppConfig().sessionSecret),
    approvalNotStartedSaid: firstValue(query.approval) === "not-started",
  });
}
