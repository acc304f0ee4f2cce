"use server";

import { z } from "zod";
import { requireCurrentUser } from "@/lib/tpp/auth/get-current-user";
import { revalidatePath } from "next/cache";
import type { SignTogetherState } from "@/lib/tpp/payments/sign-together-state";
import { submitBasket } from "@/lib/tpp/payments/submit-basket";
import { getTppRuntime } from "@/lib/tpp/runtime";

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

const intentSchema = z.string().regex(/^[0-9a-f-]{36}$/);

/** "I checked: remove": a payment sent without an answer leaves the list once the PSU has checked it at the bank. */
export async function dismissUnanswered(formData: FormData): Promise<void> {
  const user = await requireCurrentUser("/payments");
  const parsed = intentSchema.safeParse(formData.get("intent"));
  if (!parsed.success) return;
  const { intents } = await getTppRuntime();
  await intents.dismiss(user.id, parsed.data, new Date());
  revalidatePath("/payments");
}
