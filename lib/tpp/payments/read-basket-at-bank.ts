import "server-only";
import type { AspspContext } from "../aspsp/aspsp-context";
import { getSigningBasket } from "../pis/get-signing-basket";
import type { SigningBasketRecord, BasketsRepository } from "./baskets-repository";
import type { PaymentRecord, PaymentsRepository, StatusReadSource } from "./payments-repository";
import { readPaymentAtBank } from "./read-payment-at-bank";

/** A kept signing basket as the bank sees it now, with each of its payments' own status. */
export interface BasketAtBank {
  readonly basket: SigningBasketRecord;
  readonly payments: readonly { readonly record: PaymentRecord; readonly hiddenByKnownIssue: boolean }[];
}

/**
 * Reads a kept basket's status at the bank and each of its payments' own status (the basket's
 * is only the worst case: docs/interface/signing-baskets.md#rules-in-the-sandbox), keeping every status read.
 * @see docs/interface/states.md#basket-not-atomic; docs/interface/signing-baskets.md#rules-in-the-sandbox
 */
export async function readBasketAtBank(
  ctx: AspspContext,
  repositories: { readonly baskets: BasketsRepository; readonly payments: PaymentsRepository },
  basket: SigningBasketRecord,
  options: { source?: StatusReadSource } = {},
): Promise<BasketAtBank> {
  const records = await repositories.payments.listInBasket(basket.userId, basket.id);
  const [atBank, reads] = await Promise.all([
    getSigningBasket(ctx, basket.basketId),
    Promise.all(records.map((record) => readPaymentAtBank(ctx, repositories.payments, record, { source: options.source ?? "status" }))),
  ]);
  const updated = await repositories.baskets.recordStatusRead(basket.userId, basket.id, atBank.status, new Date());
  return {
    basket: updated ?? basket,
    payments: reads.map((read) => ({ record: read.record, hiddenByKnownIssue: read.hiddenByKnownIssue })),
  };
}
