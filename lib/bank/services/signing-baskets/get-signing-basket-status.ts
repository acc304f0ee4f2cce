import { createPaymentsRepository } from "../../repositories/payments-repository";
import type { PaymentContext } from "../payments/payment-context";
import { computeBasketStatus } from "./basket-status";
import { findTppBasket } from "./find-tpp-basket";

/**
 * GET /v1/signing-baskets/{basketId}/status: `{"transactionStatus"}`, the worst case of its
 * payments (each payment's own status is read through its own status query).
 *
 * @see docs/interface/states.md#basket-not-atomic; docs/interface/signing-baskets.md#rules-in-the-sandbox
 */
export async function getSigningBasketStatus(ctx: PaymentContext, request: { tppId: string; basketId: string }) {
  const basket = await findTppBasket(ctx.db, request.tppId, request.basketId);
  return { transactionStatus: computeBasketStatus(await createPaymentsRepository(ctx.db).listByBasket(basket.id)) };
}
