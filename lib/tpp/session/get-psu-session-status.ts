import "server-only";
import type { PsuContext } from "../../psd2/schemas";
import { getAppClock } from "../clock/get-app-clock";
import { isScaValid, pendingAuthorisations, readPsuSession } from "./psu-session";

/** What a page may show about the PSU session (never the approvals' flow ids). */
export interface PsuSessionStatus {
  readonly tppSessionId: string;
  /** Whether the last SCA is within its hour. */
  readonly scaValid: boolean;
  readonly scaValidUntil: Date | undefined;
  readonly context: PsuContext | undefined;
  readonly psuCorporateId: string | undefined;
  /** How many approvals started here are waiting for the PSU to come back from the bank. */
  readonly pendingApprovals: number;
}

/**
 * The PSU session of a user as a page shows it; undefined when there is none yet. Whether the SCA
 * is still valid is judged on the bank's clock (its sandbox clock in the sandbox).
 */
export async function getPsuSessionStatus(userId: string): Promise<PsuSessionStatus | undefined> {
  const session = await readPsuSession(userId);
  if (session === undefined) return undefined;
  const now = new Date();
  const bankNow = (await getAppClock()).now();
  return {
    tppSessionId: session.tppSessionId,
    scaValid: isScaValid(session, bankNow),
    scaValidUntil: session.scaValidUntil === undefined ? undefined : new Date(session.scaValidUntil),
    context: session.context,
    psuCorporateId: session.psuCorporateId,
    pendingApprovals: pendingAuthorisations(session, now).length,
  };
}
