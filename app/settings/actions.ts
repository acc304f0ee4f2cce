"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { getAspspContext } from "@/lib/tpp/aspsp/aspsp-context";
import { describeError, type ErrorDisplay } from "@/lib/tpp/describe-error";
import { putContactEmail } from "@/lib/tpp/tpp-dialogue/put-contact-email";
import { forgetBankConnection } from "@/lib/tpp/users/forget-bank-connection";
import { saveRedirectPreference } from "@/lib/tpp/users/save-redirect-preference";

export type ContactEmailState =
  | { readonly status: "idle" }
  | { readonly status: "saved"; readonly email: string }
  | { readonly status: "invalid"; readonly message: string; readonly email: string }
  | { readonly status: "failed"; readonly error: ErrorDisplay; readonly email: string };

const emailSchema = z.email({ message: "Write an e-mail address such as operations@example.no." }).max(254);

/** Registers the TPP's contact e-mail at the bank (PUT /v1/tpps/{tppId}/contact-information). */
export async function saveContactEmail(_previous: ContactEmailState, formData: FormData): Promise<ContactEmailState> {
  const raw = formData.get("email");
  const email = typeof raw === "string" ? raw.trim() : "";
  const parsed = emailSchema.safeParse(email);
  if (!parsed.success) return { status: "invalid", message: parsed.error.issues[0]?.message ?? "Not an e-mail address.", email };
  try {
    const saved = await putContactEmail(await getAspspContext({ returnTo: "/settings" }), parsed.data);
    return { status: "saved", email: saved };
  } catch (error) {
    const display = describeError(error);
    if (display === undefined) throw error;
    return { status: "failed", error: display, email };
  }
}

const preferenceSchema = z.enum(["browser", "app"]);

/** The "approve in the bank's mobile app" choice: TPP-Redirect-Preferred false on every call. */
export async function saveApprovalMethod(formData: FormData): Promise<void> {
  const parsed = preferenceSchema.safeParse(formData.get("approval"));
  if (!parsed.success) redirect("/settings");
  await saveRedirectPreference(parsed.data === "browser");
  redirect("/settings?saved=approval");
}

/** Forgets the PSU-ID, the agreements and the PSU session of the signed-in user (the payments stay). */
export async function forgetConnection(): Promise<void> {
  await forgetBankConnection();
  redirect("/settings?saved=forgotten");
}
