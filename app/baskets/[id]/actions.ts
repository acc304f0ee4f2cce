"use server";

import { redirect } from "next/navigation";
import { requireCurrentUser } from "@/lib/tpp/auth/get-current-user";
import type { ErrorDisplay } from "@/lib/tpp/describe-error";
import { deleteStoredBasket } from "@/lib/tpp/payments/delete-stored-basket";
import { basketPagePath } from "@/lib/tpp/payments/submit-basket";

export type DeleteBasketState = { readonly status: "idle" } | { readonly status: "failed"; readonly error: ErrorDisplay };

/** Deletes the basket at the bank (before its approval); its payments stay, waiting, in the list. */
export async function deleteBasketAction(id: string, _previous: DeleteBasketState, _data: FormData): Promise<DeleteBasketState> {
  const user = await requireCurrentUser(basketPagePath(id));
  const outcome = await deleteStoredBasket(user.id, id);
  if (outcome.kind === "failed") return { status: "failed", error: outcome.error };
  redirect("/payments?basket=deleted");
}
