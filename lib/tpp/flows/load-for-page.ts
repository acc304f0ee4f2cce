import "server-only";
import { redirect } from "next/navigation";
import { requireCurrentUser } from "../auth/get-current-user";
import { getTppConfig } from "../config";
import { describeError, type ErrorDisplay } from "../describe-error";
import { needsSca } from "../errors";
import { connectPathFor } from "./connect-path";
import { sealScaResume } from "./sca-resume";

export type PageLoad<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ErrorDisplay };

/**
 * Runs a page's bank calls. A reply that SCA can cure (401 with scaRedirect) sends the PSU to the
 * bank's scaRedirect through /connect and back to `returnTo` (a page cannot write the session
 * cookie that the callback checks, a Route Handler can; the link goes sealed, so /connect follows
 * only links the bank gave); any other error of lib/tpp comes back to be shown;
 * anything else (sign-in redirects among them) is thrown on.
 * @see docs/interface/authentication.md#sca-by-redirect; docs/interface/errors.md#statuses-by-code, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export async function loadForPage<T>(returnTo: string, load: () => Promise<T>): Promise<PageLoad<T>> {
  try {
    return { ok: true, value: await load() };
  } catch (error) {
    const { scaRedirect, tppSessionId, flowId } = needsSca(error) ? error : {};
    if (scaRedirect !== undefined && tppSessionId !== undefined) {
      const user = await requireCurrentUser(returnTo);
      const resume = await sealScaResume(
        { userId: user.id, scaRedirect, tppSessionId, ...(flowId === undefined ? {} : { flowId }), returnTo },
        getTppConfig().sessionSecret,
      );
      redirect(connectPathFor(returnTo, { resume }));
    }
    // Without the TPP-Session-ID of the call, its link cannot be matched on return: start a consent.
    if (scaRedirect !== undefined) redirect(connectPathFor(returnTo));
    const display = describeError(error);
    if (display === undefined) throw error;
    return { ok: false, error: display };
  }
}
