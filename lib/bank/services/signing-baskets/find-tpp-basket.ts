import type { Executor } from "../../db/open-bank-database";
import { BankError } from "../../errors";
import { createSigningBasketsRepository, type SigningBasketRow } from "../../repositories/signing-baskets-repository";

/** The 404 of a basket id that is unknown or another TPP's: alike. */
export function unknownBasket(basketId: string): BankError {
  return new BankError("RESOURCE_UNKNOWN", `The signing basket ${basketId.slice(0, 64)} is unknown for this TPP`, { path: "basketId" });
}

/** A signing basket of this TPP, or 404 RESOURCE_UNKNOWN. @see docs/interface/errors.md#statuses-by-code, docs/interface/signing-baskets.md#rules-in-the-sandbox */
export async function findTppBasket(db: Executor, tppId: string, basketId: string): Promise<SigningBasketRow> {
  const basket = await createSigningBasketsRepository(db).findById(basketId);
  if (!basket || basket.tppId !== tppId) throw unknownBasket(basketId);
  return basket;
}
