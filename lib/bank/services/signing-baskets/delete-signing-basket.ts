import { BankError } from "../../errors";
import { createPaymentsRepository } from "../../repositories/payments-repository";
import { createSigningBasketsRepository } from "../../repositories/signing-baskets-repository";
import type { PaymentContext } from "../payments/payment-context";
import { findTppBasket, unknownBasket } from "./find-tpp-basket";

/**
 * DELETE /v1/signing-baskets/{basketId}: only before any authorisation of it (else 409
 * CONFLICT). The basket goes; its payments stay, in RCVD, free for another basket or their own
 * authorisation. The basket's row is locked, so that a deletion and an authorisation start never
 * both succeed.
 *
 * @see supplement.md §2, §6
 */
export async function deleteSigningBasket(ctx: PaymentContext, request: { tppId: string; basketId: string }): Promise<void> {
  await findTppBasket(ctx.db, request.tppId, request.basketId);
  await ctx.db.transaction(async (tx) => {
    const baskets = createSigningBasketsRepository(tx);
    const basket = await baskets.findByIdForUpdate(request.basketId);
    if (!basket) throw unknownBasket(request.basketId);
    if (basket.authorisationStartedAt !== null) {
      throw new BankError(
        "CONFLICT",
        `The signing basket ${basket.id} cannot be deleted: its authorisation started at ${basket.authorisationStartedAt.toISOString()}. Delete its payments one by one instead`,
      );
    }
    await createPaymentsRepository(tx).clearBasket(basket.id);
    await baskets.delete(basket.id);
  });
}
