"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { CONTACT_EMAIL_MAX } from "@/lib/psd2/schemas/contact-information";
import { getAspspContext } from "@/lib/tpp/aspsp/aspsp-context";
import { requireCurrentUser } from "@/lib/tpp/auth/get-current-user";
import { describeError } from "@/lib/tpp/describe-error";
import { getTppRuntime } from "@/lib/tpp/runtime";
import type { ContactEmailState } from "@/lib/tpp/tpp-dialogue/contact-email-state";
import { putContactEmail } from "@/lib/tpp/tpp-dialogue/put-contact-email";
import { forgetBankConnection } from "@/lib/tpp/users/forget-bank-connection";
import { DEMO_USERNAME } from "@/lib/tpp/auth/demo-user";
import { addUser, CONTACT_EMAIL_ADMINISTRATOR_ONLY, changeRole, isAdministrator, removeUser } from "@/lib/tpp/users/manage-users";
import { saveRedirectPreference } from "@/lib/tpp/users/save-redirect-preference";

const emailSchema = z
  .email({ message: "Write an e-mail address such as operations@example.no." })
  .max(CONTACT_EMAIL_MAX, { message: `An e-mail address has at most ${CONTACT_EMAIL_MAX} characters.` });

/**
 * Registers the TPP's contact e-mail at the bank (PUT /v1/tpps/{tppId}/contact-information): one
 * value for the whole TPP, so only an administrator may change it.
 */
export async function saveContactEmail(_previous: ContactEmailState, formData: FormData): Promise<ContactEmailState> {
  const user = await requireCurrentUser("/settings");
  const raw = formData.get("email");
  const email = typeof raw === "string" ? raw.trim() : "";
  if (!isAdministrator(user)) return { status: "forbidden", message: CONTACT_EMAIL_ADMINISTRATOR_ONLY, email };
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

export type AddUserState =
  | { readonly status: "idle" }
  | { readonly status: "added"; readonly username: string; readonly role: string }
  | { readonly status: "forbidden"; readonly message: string }
  | { readonly status: "invalid"; readonly fields: Readonly<Record<string, string>>; readonly values: Readonly<Record<string, string>> };

/** Adds an app user with a role (administrators only). */
export async function addAppUser(_previous: AddUserState, formData: FormData): Promise<AddUserState> {
  const user = await requireCurrentUser("/settings");
  const values = Object.fromEntries(["username", "displayName", "role"].map((name) => [name, String(formData.get(name) ?? "")]));
  const { users } = await getTppRuntime();
  const outcome = await addUser(users, user, { ...values, password: String(formData.get("password") ?? "") }, new Date());
  if (outcome.kind === "forbidden") return { status: "forbidden", message: outcome.message };
  if (outcome.kind === "invalid") return { status: "invalid", fields: outcome.fields, values };
  return { status: "added", username: outcome.username, role: outcome.role };
}

/** Makes a user an administrator, or a plain user again (administrators only; one administrator always stays). */
export async function changeUserRole(formData: FormData): Promise<void> {
  const user = await requireCurrentUser("/settings");
  const { users } = await getTppRuntime();
  const outcome = await changeRole(users, user, { userId: formData.get("userId"), role: formData.get("role") });
  if (outcome.kind === "done") redirect(`/settings?saved=role#users`);
  redirect(`/settings?roleRefused=${outcome.kind}#users`);
}

/** Removes a user and what the app keeps for them (administrators only; not oneself, not the sandbox's demo user, never the last administrator). */
export async function removeAppUser(formData: FormData): Promise<void> {
  const user = await requireCurrentUser("/settings");
  const { users, config } = await getTppRuntime();
  const demoUsername = config.environment === "sandbox" ? DEMO_USERNAME : undefined;
  const outcome = await removeUser(users, user, {
    userId: formData.get("userId"),
    ...(demoUsername === undefined ? {} : { demoUsername }),
  });
  if (outcome.kind === "done") redirect(`/settings?saved=removed#users`);
  redirect(`/settings?removeRefused=${outcome.kind}#users`);
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
