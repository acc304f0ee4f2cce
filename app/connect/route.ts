import { type NextRequest, NextResponse } from "next/server";
import { type AspspContext, getAspspContext } from "@/lib/tpp/aspsp/aspsp-context";
import { getCurrentUser, requireCurrentUser } from "@/lib/tpp/auth/get-current-user";
import { getTppConfig } from "@/lib/tpp/config";
import { TppError } from "@/lib/tpp/errors";
import { describeFlowFailure, recordFlowEnd, recordFlowStart } from "@/lib/tpp/flow-diagrams/record-flow";
import { connectPathFor } from "@/lib/tpp/flows/connect-path";
import { signFailurePath } from "@/lib/tpp/flows/failure-signature";
import { redirectToBankForSca } from "@/lib/tpp/flows/redirect-to-bank-for-sca";
import { safeReturnPath } from "@/lib/tpp/flows/safe-return-path";
import { unsealScaResume } from "@/lib/tpp/flows/sca-resume";
import { identifyPsu } from "@/lib/tpp/psu/identify-psu";
import { startConsent } from "@/lib/tpp/psu/start-consent";
import { getTppRuntime } from "@/lib/tpp/runtime";
import { connectConfirmationPathFor } from "@/lib/tpp/security/connect-confirmation-path";
import {
  checkConfirmationOrigin,
  checkConfirmationToken,
  CONFIRMATION_TOKEN_FIELD,
  isSameOriginOrUserInitiated,
} from "@/lib/tpp/security/request-origin";
import { refusedConfirmationPage } from "@/lib/tpp/security/refused-confirmation-page";
import { readPsuSession } from "@/lib/tpp/session/psu-session";

/** What /connect is asked to start, from a GET's query or the confirmation form's fields. */
interface ConnectRequest {
  readonly returnTo: string;
  readonly purpose: "consent" | "identify";
  readonly newPsu: boolean;
  readonly sealedResume: string | undefined;
}

function readConnectRequest(get: (name: string) => string | null): ConnectRequest {
  return {
    returnTo: safeReturnPath(get("returnTo")),
    purpose: get("purpose") === "identify" ? "identify" : "consent",
    newPsu: get("newPsu") === "1",
    sealedResume: get("resume") ?? undefined,
  };
}

/** The confirmation page's address for the same request. */
function confirmationPath(connect: ConnectRequest): string {
  return connectConfirmationPathFor(connect.returnTo, {
    purpose: connect.purpose,
    newPsu: connect.newPsu,
    resume: connect.sealedResume,
  });
}

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
 *
 * Only a navigation from the app's own pages or the PSU's own (a typed address, a bookmark:
 * Sec-Fetch-Site same-origin or none) starts at once; any other (another site's link, a browser
 * without fetch metadata) goes to /connect/confirm, which asks first and POSTs here.
 */
export async function GET(request: NextRequest): Promise<Response> {
  // A prefetch must not start a flow at the bank.
  if (request.headers.get("next-router-prefetch") !== null || request.headers.get("purpose") === "prefetch") {
    return new Response(null, { status: 204 });
  }
  const connect = readConnectRequest((name) => request.nextUrl.searchParams.get(name));
  if (!isSameOriginOrUserInitiated(request.headers)) return NextResponse.redirect(new URL(confirmationPath(connect), request.nextUrl), 303);
  return startAtBank(request, connect);
}

/**
 * POST /connect: the confirmation form of /connect/confirm (returnTo, purpose, newPsu, resume and
 * its token). Starts at the bank only when the request's Origin is the app's (checked first, so
 * another site's POST is refused whether or not its cookies came along) and the token is the one
 * the page gave this user in this PSU session; otherwise 403 with a page saying why, and nothing
 * is sent to the bank.
 */
export async function POST(request: NextRequest): Promise<Response> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refusedConfirmationPage(
      400,
      "The request's body is not a form (application/x-www-form-urlencoded or multipart/form-data).",
      "/connect/confirm?returnTo=%2F",
    );
  }
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : null;
  };
  const connect = readConnectRequest(field);
  const config = getTppConfig();
  const foreign = checkConfirmationOrigin(request.headers.get("origin"), config.appUrl);
  if (foreign !== undefined) return refusedConfirmationPage(403, foreign.reason, confirmationPath(connect));
  const user = await getCurrentUser();
  if (user === undefined) {
    return NextResponse.redirect(new URL(`/signin?callbackUrl=${encodeURIComponent(confirmationPath(connect))}`, request.nextUrl), 303);
  }
  const session = await readPsuSession(user.id);
  const wrongToken = checkConfirmationToken(field(CONFIRMATION_TOKEN_FIELD), config.sessionSecret, {
    userId: user.id,
    tppSessionId: session?.tppSessionId,
  });
  if (wrongToken !== undefined) return refusedConfirmationPage(403, wrongToken.reason, confirmationPath(connect));
  return startAtBank(request, connect);
}

/** Starts the consent or identification (or follows a sealed resume) and sends the browser to the bank. */
async function startAtBank(request: NextRequest, { returnTo, purpose, newPsu, sealedResume }: ConnectRequest): Promise<Response> {
  if (sealedResume !== undefined) {
    const user = await requireCurrentUser(returnTo);
    const resume = await unsealScaResume(sealedResume, user.id, getTppConfig().sessionSecret);
    if (resume !== undefined) return redirectToBankForSca({ ...resume, flowId: resume.flowId }, resume.returnTo);
  }
  let start;
  let ctx: AspspContext | undefined;
  try {
    ctx = await getAspspContext({ returnTo, method: request.method });
    start = purpose === "identify" ? await identifyPsu(ctx, { newPsu }) : await startConsent(ctx, { newPsu });
  } catch (error) {
    if (!(error instanceof TppError)) throw error;
    // A consent or identification the bank did not start is a flow too (its diagram shows the refusal).
    if (ctx !== undefined) {
      const { flows } = await getTppRuntime();
      await recordFlowStart(flows, ctx.caller, {
        kind: purpose,
        path: returnTo,
        at: new Date(),
      });
      await recordFlowEnd(flows, ctx.caller, {
        outcome: "failed",
        at: new Date(),
        detail: describeFlowFailure(error),
      });
    }
    // "Try again" starts the same approval again.
    const query = new URLSearchParams({
      reason: "start-failed",
      problem: error.message,
      retry: connectPathFor(returnTo, { purpose, newPsu }),
    });
    return NextResponse.redirect(
      new URL(signFailurePath(`/callback/failed?${query.toString()}`, getTppConfig().sessionSecret), request.nextUrl),
      303,
    );
  }
  return redirectToBankForSca(start, { kind: purpose, returnTo, newPsu });
}
