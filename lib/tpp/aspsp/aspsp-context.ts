import "server-only";
import { randomUUID } from "node:crypto";
import { headers } from "next/headers";
import { requireCurrentUser } from "../auth/get-current-user";
import { TppError } from "../errors";
import { getAspspConnection } from "../runtime";
import { createPsuSession, type PsuSession, readPsuSession, writePsuSession } from "../session/psu-session";
import type { AspspCaller } from "./aspsp-caller";
import type { AspspClient } from "./create-aspsp-client";
import { readPsuPresence } from "./read-psu-presence";

/**
 * What every bank operation needs: the signed client, the TPP's id at the bank, and who the call
 * is for. Made per request (never shared between users).
 */
export interface AspspContext {
  readonly client: AspspClient;
  /** The TPP's id at the bank (its certificate's organizationIdentifier). */
  readonly tppId: string;
  readonly caller: AspspCaller;
}

/** The PSU session of the user, made (and its cookie written) when missing where cookies can be written. */
async function psuSessionFor(userId: string): Promise<PsuSession> {
  const existing = await readPsuSession(userId);
  if (existing !== undefined) return existing;
  const session = createPsuSession(userId, new Date());
  try {
    await writePsuSession(session);
  } catch (error) {
    // While rendering, Next refuses cookie writes; the proxy normally made the session already.
    throw new TppError(
      "PSU_SESSION_MISSING",
      "There is no PSU session cookie, and a page cannot set one while it renders: reload the page",
      {
        cause: error,
      },
    );
  }
  return session;
}

/**
 * The context for a call made while the PSU is present (a page, a Server Action, a Route
 * Handler): the signed-in user (else a redirect to sign-in), their PSU-ID, the PSU session's
 * TPP-Session-ID, context and PSU-Corporate-ID, and the browser's request forwarded as PSU-*
 * headers. `method` is the PSU's request method where Next does not tell it (Route Handlers);
 * `flowId` continues a flow (otherwise each context starts a new one, see AspspCaller.flowId).
 */
export async function getAspspContext(options: { returnTo?: string; method?: string; flowId?: string } = {}): Promise<AspspContext> {
  const user = await requireCurrentUser(options.returnTo);
  const session = await psuSessionFor(user.id);
  const requestHeaders = await headers();
  // A Server Action arrives as a POST carrying Next-Action; a page render is a GET.
  const method = options.method ?? (requestHeaders.has("next-action") ? "POST" : "GET");
  const connection = await getAspspConnection();
  return {
    client: connection.client,
    tppId: connection.tppId,
    caller: {
      userId: user.id,
      tppSessionId: session.tppSessionId,
      // A new flow per request to the app: an SCA any of its calls starts comes back with this id.
      flowId: options.flowId ?? randomUUID(),
      ...(user.psuId === undefined ? {} : { psuId: user.psuId }),
      ...(session.context === "CORPORATE" && session.psuCorporateId !== undefined ? { psuCorporateId: session.psuCorporateId } : {}),
      ...(session.context === undefined ? {} : { psuContext: session.context }),
      psu: readPsuPresence(requestHeaders, method),
      redirectPreferred: user.redirectPreferred,
    },
  };
}
