import "server-only";
import { getAspspContext } from "../aspsp/aspsp-context";
import { describeError, type ErrorDisplay } from "../describe-error";
import { deleteSigningBasket } from "../pis/delete-signing-basket";
import { getTppRuntime } from "../runtime";
import { basketPagePath } from "./submit-basket";

export type DeleteBasketOutcome =
  { readonly kind: "deleted" } | { readonly kind: "unknown" } | { readonly kind: "failed"; readonly error: ErrorDisplay };

/**
 * Deletes a kept basket at the bank (DELETE, while none of its payments is authorised): its payments stay,
 * waiting for approval, outside any basket. The bank's refusal is told.
 * @see docs/interface/endpoints.md#success-statuses, docs/interface/signing-baskets.md#rules-in-the-sandbox
 */
export async function deleteStoredBasket(userId: string, id: string): Promise<DeleteBasketOutcome> {
  const { baskets } = await getTppRuntime();
  const basket = await baskets.findById(userId, id);
  if (basket === undefined) return { kind: "unknown" };
  try {
    await deleteSigningBasket(await getAspspContext({ returnTo: basketPagePath(id) }), basket.basketId);
  } catch (error) {
    const display = describeError(error);
    if (display === undefined) throw error;
    return { kind: "failed", error: display };
  }
  await baskets.delete(userId, id, new Date());
  return { kind: "deleted" };
}
