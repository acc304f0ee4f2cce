"use server";

import { redirect } from "next/navigation";
import { requireCurrentUser } from "@/lib/tpp/auth/get-current-user";
import { decidePsuChange, PSU_CHANGED_PATH } from "@/lib/tpp/flows/complete-sca-callback";

/**
 * "Replace": the customer who logged in at the bank becomes the user's PSU. A Server Action: a
 * POST that Next accepts only from the app's own origin (its Origin header must be the app's host).
 */
export async function replacePsuId(): Promise<void> {
  const user = await requireCurrentUser(PSU_CHANGED_PATH);
  redirect(await decidePsuChange(user, "replace"));
}

/** "Keep": the PSU-ID stays; the return as the other customer is dropped. */
export async function keepPsuId(): Promise<void> {
  const user = await requireCurrentUser(PSU_CHANGED_PATH);
  redirect(await decidePsuChange(user, "keep"));
}
