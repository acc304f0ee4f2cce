import type { Metadata } from "next";
import { ContactEmailForm } from "@/components/contact-email-form";
import { ErrorPanel } from "@/components/error-panel";
import { buttonStyles } from "@/components/ui/button-styles";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { getAspspContext } from "@/lib/tpp/aspsp/aspsp-context";
import { requireCurrentUser } from "@/lib/tpp/auth/get-current-user";
import { loadForPage } from "@/lib/tpp/flows/load-for-page";
import { getTppRuntime } from "@/lib/tpp/runtime";
import { getContactEmail } from "@/lib/tpp/tpp-dialogue/get-contact-email";
import { DEMO_USERNAME } from "@/lib/tpp/auth/demo-user";
import { CHANGE_ROLE_REFUSALS, isAdministrator, REMOVE_USER_REFUSALS } from "@/lib/tpp/users/manage-users";
import { addAppUser, changeUserRole, forgetConnection, removeAppUser, saveApprovalMethod, saveContactEmail } from "./actions";
import { AddUserForm } from "./add-user-form";
import { ownValue } from "@/lib/psd2/lookup/own-value";

export const metadata: Metadata = { title: "Settings" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function SettingsPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const user = await requireCurrentUser("/settings");
  const contact = await loadForPage("/settings", async () => getContactEmail(await getAspspContext({ returnTo: "/settings" })));
  const administrator = isAdministrator(user);
  const runtime = await getTppRuntime();
  const appUsers = administrator ? await runtime.users.list() : [];
  const administrators = appUsers.filter((appUser) => appUser.role === "administrator").length;
  /** The sandbox's demo user, whom the sign-in page offers: never removed. */
  const demoUsername = runtime.config.environment === "sandbox" ? DEMO_USERNAME : undefined;
  const roleRefused = typeof query.roleRefused === "string" ? ownValue(CHANGE_ROLE_REFUSALS, query.roleRefused) : undefined;
  const removeRefused = typeof query.removeRefused === "string" ? ownValue(REMOVE_USER_REFUSALS, query.removeRefused) : undefined;
  const choices = [
    {
      value: "browser",
      title: "Log in at the bank in the browser",
      text: "The bank's login page opens, then you come back here. (TPP-Redirect-Preferred: true)",
      checked: user.redirectPreferred,
    },
    {
      value: "app",
      title: "Approve in the bank's mobile app",
      text: "The bank asks you to approve in its app, with biometrics where the phone has them. (TPP-Redirect-Preferred: false, sent on every call)",
      checked: !user.redirectPreferred,
    },
  ];
  return (
    <div className="space-y-8">
      <PageHeader
        eyebrow="Settings"
        title="Settings"
        description="What this app tells the bank about itself, and how you want to approve at the bank."
      />

      <Panel id="contact" title="Contact e-mail at the bank" description="TPP dialogue API: PUT /v1/tpps/{tppId}/contact-information">
        {!contact.ok ? (
          <ErrorPanel error={contact.error} />
        ) : administrator ? (
          <ContactEmailForm current={contact.value} action={saveContactEmail} />
        ) : (
          <div className="space-y-3 text-sm text-slate-700">
            <dl className="grid grid-cols-1 gap-1 sm:grid-cols-[max-content_1fr] sm:gap-x-4">
              <dt className="font-medium text-slate-700">Contact e-mail for operational notices</dt>
              <dd className="break-all font-mono text-slate-900">{contact.value ?? "None registered at the bank"}</dd>
            </dl>
            <p>
              Only an administrator of this app can change it: it is one address for the whole TPP, shared by every user, not yours alone.
              Ask an administrator if it should change.
            </p>
          </div>
        )}
      </Panel>

      <Panel id="approval" title="How you approve at the bank" description="Kept for your user; used from the next approval on.">
        <form action={saveApprovalMethod} className="space-y-4">
          <fieldset>
            <legend className="sr-only">How you approve at the bank</legend>
            <div className="grid gap-3 md:grid-cols-2">
              {choices.map((choice) => (
                <label
                  key={choice.value}
                  htmlFor={`approval-${choice.value}`}
                  aria-label={choice.title}
                  className="flex cursor-pointer gap-3 rounded-xl border border-slate-200 p-4 hover:border-brand-500 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
                >
                  <input
                    id={`approval-${choice.value}`}
                    type="radio"
                    name="approval"
                    value={choice.value}
                    defaultChecked={choice.checked}
                    className="mt-1 h-4 w-4 accent-brand-600"
                  />
                  <span>
                    <span className="block text-sm font-semibold text-slate-900">{choice.title}</span>
                    <span className="mt-0.5 block text-sm text-slate-600">{choice.text}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className={buttonStyles.primary}>
              Save choice
            </button>
            {query.saved === "approval" && (
              <p role="status" className="text-sm text-emerald-700">
                Saved.
              </p>
            )}
          </div>
        </form>
      </Panel>

      <Panel id="connection" title="Bank connection" description="What this app keeps to act for you at the bank.">
        <div className="space-y-4 text-sm text-slate-700">
          <p>
            {user.psuId === undefined ? (
              "The app has no PSU-ID for you: your next payment identifies you at the bank in the same approval, and reading accounts starts with a consent."
            ) : (
              <>
                The bank identifies you to this app as PSU-ID <span className="font-mono break-all">{user.psuId}</span>
                {user.corporateAgreements.length > 0
                  ? `, with ${user.corporateAgreements.length} corporate agreement${user.corporateAgreements.length === 1 ? "" : "s"}`
                  : ""}
                .
              </>
            )}
          </p>
          <p>
            Forgetting the connection removes the PSU-ID, the corporate agreements and the current approval from this app; your payments
            stay in the list. The consent stays at the bank until you withdraw it there (choose accounts again and untick them).
          </p>
          <form action={forgetConnection} className="flex flex-wrap items-center gap-3">
            <button
              type="submit"
              className={buttonStyles.danger}
              disabled={user.psuId === undefined && user.corporateAgreements.length === 0}
            >
              Forget this bank connection
            </button>
            {query.saved === "forgotten" && (
              <p role="status" className="text-sm text-emerald-700">
                Forgotten: the app no longer holds a PSU-ID for you.
              </p>
            )}
          </form>
        </div>
      </Panel>

      {administrator && (
        <Panel
          id="users"
          title="Users of this app"
          description="Administrators change the TPP's own settings and its users; every user acts for themselves at the bank."
        >
          <div className="space-y-6">
            {query.saved === "role" && (
              <p role="status" className="text-sm text-emerald-700">
                Role changed.
              </p>
            )}
            {query.saved === "removed" && (
              <p role="status" className="text-sm text-emerald-700">
                User removed.
              </p>
            )}
            {[roleRefused, removeRefused].map(
              (refused) =>
                refused !== undefined && (
                  <p key={refused} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
                    {refused}
                  </p>
                ),
            )}
            <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
              {appUsers.map((appUser) => {
                const nextRole = appUser.role === "administrator" ? "user" : "administrator";
                // The app keeps an administrator: the only one cannot become a user (the action refuses it too).
                const onlyAdministrator = appUser.role === "administrator" && administrators === 1;
                return (
                  <li key={appUser.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
                    <div className="min-w-0 text-sm">
                      <span className="font-semibold text-slate-900">{appUser.displayName}</span>{" "}
                      <span className="break-all font-mono text-slate-600">{appUser.username}</span>
                      <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                        {appUser.role === "administrator" ? "Administrator" : "User"}
                      </span>
                      {appUser.id === user.id && <span className="ml-2 text-xs text-slate-600">(you)</span>}
                    </div>
                    <div className="flex flex-wrap items-start gap-2">
                      {onlyAdministrator ? (
                        <p className="max-w-xs py-2 text-xs text-slate-600">
                          The only administrator: make another user administrator before this one can become a user.
                        </p>
                      ) : (
                        <form action={changeUserRole}>
                          <input type="hidden" name="userId" value={appUser.id} />
                          <input type="hidden" name="role" value={nextRole} />
                          <button
                            type="submit"
                            className={buttonStyles.quiet}
                            aria-label={`${nextRole === "administrator" ? "Make administrator" : "Make user"}: ${appUser.username}`}
                          >
                            {nextRole === "administrator" ? "Make administrator" : "Make user"}
                          </button>
                        </form>
                      )}
                      {appUser.id !== user.id && appUser.username !== demoUsername && (
                        <details className="rounded-lg px-1">
                          <summary className={`${buttonStyles.quiet} cursor-pointer`}>
                            Remove<span className="sr-only"> {appUser.username}</span>
                          </summary>
                          <form
                            action={removeAppUser}
                            className="mt-2 max-w-xs space-y-2 rounded-lg border border-red-200 bg-red-50/50 p-3"
                          >
                            <input type="hidden" name="userId" value={appUser.id} />
                            <p className="text-xs text-slate-700">
                              {appUser.username} is signed out at once, and their payments, signing baskets, flows and calls in the request
                              inspector are deleted from this app (the bank keeps its own). This cannot be undone.
                            </p>
                            <button type="submit" className={buttonStyles.danger}>
                              Remove {appUser.username}
                            </button>
                          </form>
                        </details>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
            <div>
              <h3 className="text-sm font-semibold text-slate-900">Add a user</h3>
              <div className="mt-3">
                <AddUserForm action={addAppUser} />
              </div>
            </div>
          </div>
        </Panel>
      )}
    </div>
  );
}
