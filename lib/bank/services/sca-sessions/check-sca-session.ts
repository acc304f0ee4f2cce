import type { Executor } from "../../db/open-bank-database";
import { createScaSessionsRepository, type ScaSessionRecord } from "../../repositories/sca-sessions-repository";

/** A completed SCA is valid for one hour. @see docs/interface/limits.md#limits-in-the-spec, docs/interface/states.md#states-and-transitions */
export const SCA_SESSION_LIFETIME_MS = 60 * 60 * 1000;

export type ScaSessionCheck =
  | { state: "valid"; session: ScaSessionRecord }
  | { state: "missing"; tppSessionId: string | undefined }
  | { state: "expired" | "replaced"; session: ScaSessionRecord };

/**
 * Whether (TPP, customer, TPP-Session-ID) has a valid SCA now: one completed within the hour and
 * not replaced by an SCA completed later under another TPP-Session-ID.
 *
 * @see docs/interface/states.md#sca-session-moves, docs/interface/authentication.md#session-hour; docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export async function checkScaSession(
  db: Executor,
  now: Date,
  key: { tppId: string; customerId: string; tppSessionId: string | undefined },
): Promise<ScaSessionCheck> {
  if (key.tppSessionId === undefined) return { state: "missing", tppSessionId: undefined };
  const session = await createScaSessionsRepository(db).findLatest(key.tppId, key.customerId, key.tppSessionId);
  if (!session) return { state: "missing", tppSessionId: key.tppSessionId };
  if (session.replacedAt !== null) return { state: "replaced", session };
  if (session.expiresAt.getTime() <= now.getTime()) return { state: "expired", session };
  return { state: "valid", session };
}

/** The 401 code and text for an SCA session that is not valid. @see docs/interface/errors.md#statuses-by-code */
export function describeScaSessionProblem(check: Exclude<ScaSessionCheck, { state: "valid" }>): {
  code: "SCA_NOT_FOUND" | "SCA_EXPIRED" | "SCA_INVALID";
  text: string;
} {
  switch (check.state) {
    case "missing":
      return {
        code: "SCA_NOT_FOUND",
        text:
          check.tppSessionId === undefined
            ? "This request needs an SCA of the PSU: follow scaRedirect"
            : `The PSU has no SCA for this TPP under TPP-Session-ID '${check.tppSessionId}': follow scaRedirect`,
      };
    case "expired":
      return {
        code: "SCA_EXPIRED",
        text: `The SCA under TPP-Session-ID '${check.session.tppSessionId}' expired at ${check.session.expiresAt.toISOString()} (an SCA is valid for 1 hour): follow scaRedirect`,
      };
    case "replaced":
      return {
        code: "SCA_INVALID",
        text: `The SCA under TPP-Session-ID '${check.session.tppSessionId}' is no longer valid: an SCA under a newer TPP-Session-ID replaced it. Use that session id or follow scaRedirect`,
      };
  }
}
