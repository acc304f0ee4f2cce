import "server-only";
import type { PsuContext } from "../../psd2/schemas";
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

/** The PSU session of a user as a page shows it; undefined when there is none yet. */
export async function getPsuSessionStatus(userId: string, now = new Date()): Promise<PsuSessionStatus | undefined> {
  const session = await readPsuSession(userId);
  if (session === undefined) return undefined;
  return {
    tppSessionId: session.tppSessionId,
    scaValid: isScaValid(session, now),
    scaValidUntil: session.scaValidUntil === undefined ? undefined : new Date(session.scaValidUntil),
    context: session.context,
    psuCorporateId: session.psuCorporateId,
    pendingApprovals: pendingAuthorisations(session, now).length,
  };
}
