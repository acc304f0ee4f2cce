import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { buttonStyles } from "@/components/ui/button-styles";
import { requireCurrentUser } from "@/lib/tpp/auth/get-current-user";
import { getTppConfig } from "@/lib/tpp/config";
import { safeReturnPath } from "@/lib/tpp/flows/safe-return-path";
import { connectConfirmationPathFor } from "@/lib/tpp/security/connect-confirmation-path";
import { CONFIRMATION_TOKEN_FIELD, createConfirmationToken } from "@/lib/tpp/security/request-origin";
import { readPsuSession } from "@/lib/tpp/session/psu-session";

export const metadata: Metadata = { title: "Connect your bank?" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/**
 * /connect/confirm: where /connect sends a request that did not come from the app's own pages
 * (another site's link, a browser without fetch metadata). Nothing has reached the bank yet; the
 * form POSTs /connect with a token bound to this user's session, so only this page can start it.
 */
export default async function ConfirmConnectPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const returnTo = safeReturnPath(single(query.returnTo));
  const purpose = single(query.purpose) === "identify" ? "identify" : "consent";
  const newPsu = single(query.newPsu) === "1";
  const resume = single(query.resume);
  const here = connectConfirmationPathFor(returnTo, {
    purpose,
    newPsu,
    resume,
  });
  const user = await requireCurrentUser(here);
  const config = getTppConfig();
  const session = await readPsuSession(user.id);
  const token = createConfirmationToken(config.sessionSecret, {
    userId: user.id,
    tppSessionId: session?.tppSessionId,
  });
  const bankHost = new URL(config.aspspBaseUrl).host;
  const what =
    resume !== undefined
      ? "The bank asked for your approval again before it answers the app."
      : purpose === "identify"
        ? "The bank will ask you to log in, so that the app learns who you are at the bank. No account is shared."
        : "The bank will ask you to log in and to choose the accounts this app may read.";
  return (
    <div className="mx-auto max-w-2xl">
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8" aria-labelledby="confirm-title">
        <p className="text-sm font-medium uppercase tracking-wider text-brand-700">Your bank connection</p>
        <h1 id="confirm-title" className="mt-2 text-2xl font-bold tracking-tight text-slate-900">
          Connect your bank?
        </h1>
        <div className="mt-4 space-y-3 text-base leading-7 text-slate-700">
          <p>
            A link asked this app to start an approval at your bank ({bankHost}
            ). It did not come from the app&apos;s own pages, so nothing has been sent to the bank yet.
          </p>
          <p>{what}</p>
          {newPsu && resume === undefined && <p>Any of the bank&apos;s customers may log in.</p>}
          <p>
            Afterwards you come back to <span className="break-words font-mono text-sm text-slate-900">{returnTo}</span>.
          </p>
        </div>
        <form method="post" action="/connect" className="mt-8 flex flex-wrap gap-3">
          <input type="hidden" name="returnTo" value={returnTo} />
          {purpose === "identify" && <input type="hidden" name="purpose" value="identify" />}
          {newPsu && <input type="hidden" name="newPsu" value="1" />}
          {resume !== undefined && <input type="hidden" name="resume" value={resume} />}
          <input type="hidden" name={CONFIRMATION_TOKEN_FIELD} value={token} />
          <button type="submit" className={buttonStyles.primary}>
            Continue to the bank
          </button>
          <Link href="/" className={buttonStyles.quiet}>
            Cancel
          </Link>
        </form>
      </section>
    </div>
  );
}
