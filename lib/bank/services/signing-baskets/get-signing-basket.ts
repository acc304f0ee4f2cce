import { createPaymentsRepository } from "../../repositories/payments-repository";
import type { PaymentContext } from "../payments/payment-context";
import { basketLinks } from "../payments/payment-wire";
import { computeBasketStatus } from "./basket-status";
import { findTppBasket } from "./find-tpp-basket";

/**
 * GET /v1/signing-baskets/{basketId}: `{"payments":[ids],"transactionStatus","_links"}`, the
 * status being the worst case of its payments; startAuthorisation while a payment awaits it.
 *
 * @see docs/interface/signing-baskets.md#rules-in-the-sandbox
 */
export async function getSigningBasket(ctx: PaymentContext, request: { tppId: string; basketId: string }) {
  const basket = await findTppBasket(ctx.db, request.tppId, request.basketId);
  const payments = await createPaymentsRepository(ctx.db).listByBasket(basket.id);
  const transactionStatus = computeBasketStatus(payments);
  return {
    payments: payments.map((payment) => payment.id),
    transactionStatus,
    _links: {
      self: basketLinks.self(basket.id),
      status: basketLinks.status(basket.id),
      ...(payments.some((payment) => payment.status === "RCVD") ? { startAuthorisation: basketLinks.startAuthorisation(basket.id) } : {}),
    },
  };
}
