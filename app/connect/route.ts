import { type NextRequest, NextResponse } from "next/server";
import { type AspspContext, getAspspContext } from "@/lib/tpp/aspsp/aspsp-context";
import { requireCurrentUser } from "@/lib/tpp/auth/get-current-user";
import { getTppConfig } from "@/lib/tpp/config";
import { TppError } from "@/lib/tpp/errors";
import { describeFlowFailure, recordFlowEnd, recordFlowStart } from "@/lib/tpp/flow-diagrams/record-flow";
import { connectPathFor } from "@/lib/tpp/flows/connect-path";
import { redirectToBankForSca } from "@/lib/tpp/flows/redirect-to-bank-for-sca";
import { safeReturnPath } from "@/lib/tpp/flows/safe-return-path";
import { unsealScaResume } from "@/lib/tpp/flows/sca-resume";
import { identifyPsu } from "@/lib/tpp/psu/identify-psu";
import { startConsent } from "@/lib/tpp/psu/start-consent";
import { getTppRuntime } from "@/lib/tpp/runtime";

/**
 * GET /connect?returnTo=/accounts&resume=SEALED: follows the scaRedirect of a bank's 401 that a
 * page met (sealed by loadForPage; a resume that is stale, broken or another user's starts a
 * consent instead).
 *
 * GET /connect?returnTo=/accounts[&purpose=identify][&newPsu=1]: starts a consent (or, with
 * purpose=identify, an SCA that only identifies the PSU) and sends the browser to the bank; the
 * callback returns to returnTo. newPsu=1 lets another of the bank's customers log in (without it
 * the bank accepts only the PSU of the user's PSU-ID). For pages that meet a 401 while rendering (which cannot write the
 * PSU session cookie): `redirect("/connect?returnTo=...")`. Link to it with <a>, not a prefetching <Link>.
 */
export async function GET(request: NextRequest): Promise<Response> {
  // A prefetch must not start a flow at the bank.
  if (request.headers.get("next-router-prefetch") !== null || request.headers.get("purpose") === "prefetch") {
    return new Response(null, { status: 204 });
  }
  const returnTo = safeReturnPath(request.nextUrl.searchParams.get("returnTo"));
  const purpose = request.nextUrl.searchParams.get("purpose") === "identify" ? "identify" : "consent";
  const newPsu = request.nextUrl.searchParams.get("newPsu") === "1";
  const sealedResume = request.nextUrl.searchParams.get("resume");
  if (sealedResume !== null) {
    const user = await requireCurrentUser(returnTo);
    const resume = await unsealScaResume(sealedResume, user.id, getTppConfig().sessionSecret);
    if (resume !== undefined) return redirectToBankForSca({ ...resume, flowId: resume.flowId }, resume.returnTo);
  }
  let start;
  let ctx: AspspContext | undefined;
  try {
    ctx = await getAspspContext({ returnTo, method: "GET" });
    start = purpose === "identify" ? await identifyPsu(ctx, { newPsu }) : await startConsent(ctx, { newPsu });
  } catch (error) {
    if (!(error instanceof TppError)) throw error;
    // A consent or identification the bank did not start is a flow too (its diagram shows the refusal).
    if (ctx !== undefined) {
      const { flows } = await getTppRuntime();
      await recordFlowStart(flows, ctx.caller, { kind: purpose, path: returnTo, at: new Date() });
      await recordFlowEnd(flows, ctx.caller, { outcome: "failed", at: new Date(), detail: describeFlowFailure(error) });
    }
    // "Try again" starts the same approval again.
    const query = new URLSearchParams({ reason: "start-failed", problem: error.message, retry: connectPathFor(returnTo, { purpose, newPsu }) });
    return NextResponse.redirect(new URL(`/callback/failed?${query.toString()}`, request.nextUrl), 303);
  }
  return redirectToBankForSca(start, { kind: purpose, returnTo, newPsu });
}
