import "server-only";
import { randomUUID } from "node:crypto";
import { redirect } from "next/navigation";
import type { ScaStart } from "../psu/psu-types";
import { requireCurrentUser } from "../auth/get-current-user";
import { AspspError, TppError } from "../errors";
import { createPsuSession, readPsuSession, writePsuSession } from "../session/psu-session";
import { safeReturnPath } from "./safe-return-path";

/**
 * Sends the browser to the bank for SCA: from a 401 whose AspspError carries scaRedirect, or from
 * the ScaStart of startConsent or identifyPsu. Records the pending flow (where to return, the
 * TPP-Session-ID the bank will send back, a nonce) in the PSU session first, so that the callback
 * can tell this flow's return from any other. An AspspError without scaRedirect is thrown as it
 * is (SCA cannot cure it). Call it from a Server Action or a Route Handler: it writes a cookie.
 * @see psd2-interface.md "Authentication" (4); supplement.md §4, §7
 */
export async function redirectToBankForSca(source: AspspError | ScaStart, returnTo: string): Promise<never> {
  const scaRedirect = source.scaRedirect;
  if (scaRedirect === undefined) throw source;
  const tppSessionId = source.tppSessionId;
  if (tppSessionId === undefined) {
    throw new TppError("INPUT_INVALID", "this SCA was started without a TPP-Session-ID, so its return cannot be matched to the flow");
  }
  const path = safeReturnPath(returnTo);
  const user = await requireCurrentUser(path);
  const now = new Date();
  const session = (await readPsuSession(user.id)) ?? createPsuSession(user.id, now);
  await writePsuSession({ ...session, pending: { returnTo: path, tppSessionId, nonce: randomUUID(), startedAt: now.toISOString() } });
  redirect(scaRedirect);
}

/** Whether an error is one SCA can cure (a bank reply carrying scaRedirect). */
export function needsSca(error: unknown): error is AspspError {
  return error instanceof AspspError && error.scaRedirect !== undefined;
}
