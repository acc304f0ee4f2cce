"use server";

import { redirect } from "next/navigation";
import { requireCurrentUser } from "@/lib/tpp/auth/get-current-user";
import type { ApproveBasketState, DeleteBasketState } from "@/lib/tpp/payments/basket-action-states";
import { approveStoredBasket } from "@/lib/tpp/payments/approve-stored-basket";
import { deleteStoredBasket } from "@/lib/tpp/payments/delete-stored-basket";
import { basketPagePath } from "@/lib/tpp/payments/submit-basket";

/** Deletes the basket at the bank (before its approval); its payments stay, waiting, in the list. */
export async function deleteBasketAction(id: string, _previous: DeleteBasketState, _data: FormData): Promise<DeleteBasketState> {
  const user = await requireCurrentUser(basketPagePath(id));
  const outcome = await deleteStoredBasket(user.id, id);
  if (outcome.kind === "failed") return { status: "failed", error: outcome.error };
  redirect("/payments?basket=deleted");
}

/** Starts the basket's one approval at the bank (again): the browser goes to the bank; a refusal is told in place. */
export async function approveBasketAction(id: string, _previous: ApproveBasketState, _data: FormData): Promise<ApproveBasketState> {
  const user = await requireCurrentUser(basketPagePath(id));
  return { status: "refused", outcome: await approveStoredBasket(user.id, id) };
}
