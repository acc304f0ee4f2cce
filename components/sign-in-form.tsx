"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { describeSignInError } from "@/lib/tpp/auth/sign-in-throttle";
import { inputClass } from "./forms/input-class";

export function SignInForm({
  callbackUrl,
  initialError,
  defaultUsername,
}: {
  callbackUrl: string;
  initialError: string | undefined;
  defaultUsername: string | undefined;
}) {
  const router = useRouter();
  const [error, setError] = useState(initialError);
  // The field left empty, marked and named in the error; nothing is sent (nor counted) then.
  const [emptyField, setEmptyField] = useState<"username" | "password" | undefined>(undefined);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const username = String(form.get("username") ?? "");
    const password = String(form.get("password") ?? "");
    const empty = username.trim() === "" ? "username" : password === "" ? "password" : undefined;
    setEmptyField(empty);
    if (empty !== undefined) {
      setError(empty === "username" ? "Enter your user name." : "Enter your password.");
      event.currentTarget.querySelector<HTMLInputElement>(`#${empty}`)?.focus();
      return;
    }
    setPending(true);
    setError(undefined);
    const result = await signIn("credentials", {
      redirect: false,
      username,
      password,
      callbackUrl,
    });
    setPending(false);
    if (result?.ok === true && result.error === null) {
      router.replace(callbackUrl);
      router.refresh();
    } else {
      // A throttled sign-in (429) names when to try again; any other refusal is the same words.
      setError(describeSignInError(result?.error ?? "CredentialsSignin"));
    }
  }

  return (
    <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
      <div>
        <label htmlFor="username" className="block text-sm font-medium text-slate-700">
          User name
        </label>
        <input
          id="username"
          name="username"
          autoComplete="username"
          required
          defaultValue={defaultUsername}
          aria-invalid={emptyField === "username" ? true : undefined}
          aria-describedby={emptyField === "username" ? "sign-in-error" : undefined}
          className={inputClass(emptyField === "username")}
        />
      </div>
      <div>
        <label htmlFor="password" className="block text-sm font-medium text-slate-700">
          Password
        </label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={emptyField === "password" ? true : undefined}
          aria-describedby={emptyField === "password" ? "sign-in-error" : undefined}
          className={inputClass(emptyField === "password")}
        />
      </div>
      {error !== undefined && (
        <p id="sign-in-error" role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={pending}
        className="w-full rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:opacity-60"
      >
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
