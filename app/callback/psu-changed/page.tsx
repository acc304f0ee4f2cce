import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { buttonStyles } from "@/components/ui/button-styles";
import { requireCurrentUser } from "@/lib/tpp/auth/get-current-user";
import { PSU_CHANGED_PATH } from "@/lib/tpp/flows/complete-sca-callback";
import { connectPathFor } from "@/lib/tpp/flows/connect-path";
import { readPsuSession } from "@/lib/tpp/session/psu-session";
import { keepPsuId, replacePsuId } from "./actions";

export const metadata: Metadata = { title: "You logged in at the bank as someone else" };

const WHAT_WAS_APPROVED = {
  consent: "access to accounts",
  identify: "an identification",
  payment: "a payment",
  basket: "a signing basket",
} as const;

/**
 * Where the callback sends the user when the bank's success redirect named another customer
 * (psu-id) than the one the app keeps for them: which PSU-ID is kept, which came, and the choice
 * (two POST forms); how to connect another customer on purpose.
 */
export default async function PsuChangedPage() {
  const user = await requireCurrentUser(PSU_CHANGED_PATH);
  const change = (await readPsuSession(user.id))?.psuChange;
  if (change === undefined) {
    return (
      <div className="mx-auto max-w-2xl">
        <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8" aria-labelledby="psu-changed-title">
          <h1 id="psu-changed-title" className="text-2xl font-bold tracking-tight text-slate-900">
            Nothing to decide
          </h1>
          <p className="mt-4 text-base leading-7 text-slate-700">
            No return from the bank is waiting for your answer in this browser (it was answered already, or you signed in again).
          </p>
          <div className="mt-8">
            <Link href="/" className={buttonStyles.secondary}>
              Home
            </Link>
          </div>
        </section>
      </div>
    );
  }
  const connectAnother = connectPathFor(change.authorisation.returnTo, { newPsu: true });
  return (
    <div className="mx-auto max-w-2xl">
      <section className="rounded-2xl border border-amber-200 bg-white p-6 shadow-sm sm:p-8" aria-labelledby="psu-changed-title">
        <p className="text-sm font-medium uppercase tracking-wider text-amber-800">Back from the bank</p>
        <h1 id="psu-changed-title" className="mt-2 text-2xl font-bold tracking-tight text-slate-900">
          You logged in at the bank as someone else
        </h1>
        <div className="mt-4 space-y-3 text-base leading-7 text-slate-700">
          <p>
            The approval of {WHAT_WAS_APPROVED[change.authorisation.kind]} went through at the bank, but as another customer than the one
            this app keeps for you. Nothing has been changed yet: choose which customer the app acts for.
          </p>
        </div>
        <dl className="mt-6 grid grid-cols-1 gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-4 text-sm sm:grid-cols-[max-content_1fr] sm:gap-y-2">
          <dt className="font-medium text-slate-700">PSU-ID kept now</dt>
          <dd className="break-all font-mono text-slate-900">{change.currentPsuId}</dd>
          <dt className="font-medium text-slate-700">PSU-ID the bank just sent</dt>
          <dd className="break-all font-mono text-slate-900">{change.psuId}</dd>
        </dl>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <form action={replacePsuId}>
            <button type="submit" className={`${buttonStyles.primary} w-full sm:w-auto`}>
              Replace with the new customer
            </button>
          </form>
          <form action={keepPsuId}>
            <button type="submit" className={`${buttonStyles.secondary} w-full sm:w-auto`}>
              Keep the current customer
            </button>
          </form>
        </div>
        <div className="mt-6 space-y-2 border-t border-slate-100 pt-6 text-sm leading-6 text-slate-700">
          <p>
            Replacing makes the new customer the one the app acts for: the previous customer&apos;s corporate agreements are forgotten, and
            what was just approved is kept. Keeping drops this return; the next action at the bank asks the current customer to log in
            again.
          </p>
          <p>
            To connect another customer on purpose, use{" "}
            {/* An <a>, not a prefetching <Link>: it starts an approval at the bank (/connect). */}
            <a href={connectAnother} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
              Connect another customer
            </a>{" "}
            (also on the home page): any of the bank&apos;s customers may then log in, and the app takes that customer without asking.
          </p>
        </div>
      </section>
    </div>
  );
}
