"use server";

import { z } from "zod";
import { requireCurrentUser } from "@/lib/tpp/auth/get-current-user";
import { type SubmitBasketOutcome, submitBasket } from "@/lib/tpp/payments/submit-basket";

export type SignTogetherState = { readonly status: "idle" } | { readonly status: "refused"; readonly outcome: SubmitBasketOutcome };

const idsSchema = z.array(z.string().regex(/^[0-9a-f-]{36}$/)).max(100);

/** "Sign together": the ticked payments in one signing basket, approved with one SCA at the bank. */
export async function signTogether(_previous: SignTogetherState, formData: FormData): Promise<SignTogetherState> {
  const user = await requireCurrentUser("/payments");
  const parsed = idsSchema.safeParse(formData.getAll("payment"));
  if (!parsed.success)
    return {
      status: "refused",
      outcome: { kind: "invalid", message: "The ticked payments could not be read; reload the page and tick them again." },
    };
  return { status: "refused", outcome: await submitBasket(user.id, parsed.data) };
}
