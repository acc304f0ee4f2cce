"use client";

import { useActionState } from "react";
import { inputClass } from "@/components/forms/input-class";
import { buttonStyles } from "@/components/ui/button-styles";
import type { AddUserState } from "./actions";

/** An administrator adds an app user: user name, name, first password and role; each field's problem beside it. */
export function AddUserForm({ action }: { action: (state: AddUserState, data: FormData) => Promise<AddUserState> }) {
  const [state, formAction, pending] = useActionState(action, { status: "idle" } as AddUserState);
  const fields = state.status === "invalid" ? state.fields : {};
  const values = state.status === "invalid" ? state.values : {};
  const field = (name: string, label: string, type: string, autoComplete: string) => (
    <div>
      <label htmlFor={`new-user-${name}`} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={`new-user-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={type === "password" ? undefined : values[name]}
        key={`${name}-${state.status}`}
        aria-invalid={fields[name] === undefined ? undefined : true}
        aria-describedby={fields[name] === undefined ? undefined : `new-user-${name}-error`}
        className={inputClass(fields[name] !== undefined)}
      />
      {fields[name] !== undefined && (
        <p id={`new-user-${name}-error`} className="mt-1 text-sm text-red-700">
          {fields[name]}
        </p>
      )}
    </div>
  );
  return (
    <form action={formAction} className="space-y-4" noValidate>
      <div className="grid gap-4 md:grid-cols-2">
        {field("username", "User name", "text", "off")}
        {field("displayName", "Name shown", "text", "off")}
        {field("password", "First password (at least 12 characters)", "password", "new-password")}
        <div>
          <label htmlFor="new-user-role" className="block text-sm font-medium text-slate-700">
            Role
          </label>
          <select
            id="new-user-role"
            name="role"
            defaultValue={values.role ?? "user"}
            key={`role-${state.status}`}
            className={inputClass(false)}
          >
            <option value="user">User: acts for themselves at the bank</option>
            <option value="administrator">Administrator: also changes the TPP&apos;s own settings</option>
          </select>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={pending} className={buttonStyles.secondary}>
          {pending ? "Adding…" : "Add user"}
        </button>
        <div aria-live="polite">
          {state.status === "added" && (
            <p className="text-sm text-emerald-700">
              Added {state.username} as {state.role === "administrator" ? "an administrator" : "a user"}.
            </p>
          )}
          {state.status === "forbidden" && (
            <p role="alert" className="text-sm text-red-700">
              {state.message}
            </p>
          )}
        </div>
      </div>
    </form>
  );
}
