import { BankError } from "../../errors";
import { createPaymentsRepository } from "../../repositories/payments-repository";
import { createSigningBasketsRepository } from "../../repositories/signing-baskets-repository";
import type { PaymentContext } from "../payments/payment-context";
import { findTppBasket, unknownBasket } from "./find-tpp-basket";

/**
 * DELETE /v1/signing-baskets/{basketId}: while no authorisation of it has been applied (BG 1.3:
 * "as long as no (partial) authorisation has yet been applied"), that is while none of its
 * payments is authorised; else 409 CONFLICT. An approval started and not finished (the PSU left
 * the bank's page) does not keep it: its page then has nothing left to approve. The basket goes;
 * its payments stay, in RCVD, free for another basket or their own authorisation. The basket's
 * row and its payments are locked, so that a deletion and an approval never both succeed.
 *
 * @see docs/interface/endpoints.md#success-statuses, docs/interface/signing-baskets.md#rules-in-the-sandbox
 */
export async function deleteSigningBasket(ctx: PaymentContext, request: { tppId: string; basketId: string }): Promise<void> {
  await findTppBasket(ctx.db, request.tppId, request.basketId);
  await ctx.db.transaction(async (tx) => {
    const baskets = createSigningBasketsRepository(tx);
    const basket = await baskets.findByIdForUpdate(request.basketId);
    if (!basket) throw unknownBasket(request.basketId);
    const payments = createPaymentsRepository(tx);
    const members = await payments.findManyForUpdate((await payments.listByBasket(basket.id)).map((payment) => payment.id));
    const authorised = members.filter((payment) => payment.authorisedAt !== null);
    if (authorised.length > 0) {
      throw new BankError(
        "CONFLICT",
        `The signing basket ${basket.id} cannot be deleted: ${authorised.length} of its payments ${authorised.length === 1 ? "is" : "are"} authorised already. Delete its payments one by one instead`,
      );
    }
    await payments.clearBasket(basket.id);
    await baskets.delete(basket.id);
  });
}
