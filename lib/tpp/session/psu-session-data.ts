/**
 * The PSU session's data and its pure rules (no cookies here: psu-session.ts reads and writes them).
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { psuContextSchema } from "../../psd2/schemas";

/** The kinds of approval the PSU gives at the bank, each returning to the callback. */
export const AUTHORISATION_KINDS = ["consent", "identify", "payment", "basket"] as const;
export type AuthorisationKind = (typeof AUTHORISATION_KINDS)[number];

/** At most this many approvals wait at once (one per tab, say); the oldest gives way. */
export const MAX_PENDING_AUTHORISATIONS = 6;

/** An approval waits this long for its return; the bank's scaRedirect link lives 15 minutes. */
export const AUTHORISATION_TTL_MS = 20 * 60 * 1000;

const authorisationFields = {
  /**
   * The flow's id and this approval's nonce: the `flow` query parameter of the TPP-Redirect-URI
   * the SCA was started with, so the bank's redirect names the approval it completes.
   */
  flowId: z.string().min(1).max(64),
  /** The TPP-Session-ID of the request that started SCA: the success redirect must carry it. */
  tppSessionId: z.string().min(1).max(128),
  /** Where the PSU returns after the callback: a path of this app. */
  returnTo: z.string().max(512),
  startedAt: z.string(),
};

/**
 * An approval sent to the bank, waiting for the PSU to come back to the callback: a consent, an
 * identification, or a payment or signing basket (with the bank's id of what it approves).
 */
const authorisationSchema = z.discriminatedUnion("kind", [
  // newPsu: any of the bank's customers could log in (a retry starts the same kind of SCA again).
  z.object({ kind: z.literal("consent"), newPsu: z.boolean().optional(), ...authorisationFields }),
  z.object({ kind: z.literal("identify"), newPsu: z.boolean().optional(), ...authorisationFields }),
  z.object({ kind: z.literal("payment"), resourceId: z.string().min(1).max(128), ...authorisationFields }),
  z.object({ kind: z.literal("basket"), resourceId: z.string().min(1).max(128), ...authorisationFields }),
]);

export type PendingAuthorisation = z.output<typeof authorisationSchema>;

/**
 * A success redirect that brought another PSU-ID than the one the user has, for an approval not
 * started to connect another customer: held here, changing nothing, until the user chooses on
 * /callback/psu-changed to replace the PSU-ID or keep it.
 */
const psuChangeSchema = z.object({
  /** The approval the return completed (no longer waiting). */
  authorisation: authorisationSchema,
  /** The user's PSU-ID when the return came (kept unless replaced). */
  currentPsuId: z.string().min(1).max(128),
  psuId: z.string().min(1).max(128),
  psuCorporateId: z.string().min(1).max(128).optional(),
  context: psuContextSchema,
  tppSessionId: z.string().min(1).max(128),
  /** ISO 8601: until when that SCA is valid (on the bank's clock). */
  scaValidUntil: z.string(),
  receivedAt: z.string(),
});

/**
 * What the TPP keeps for the PSU of a browser: the TPP-Session-ID, when the last SCA stops being
 * valid, the context chosen and its PSU-Corporate-ID, and the approvals waiting at the bank. Bound
 * to the app user it was made for.
 * @see docs/interface/authentication.md#session-hour, docs/interface/authentication.md#contexts; docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export const psuSessionSchema = z.object({
  userId: z.string(),
  tppSessionId: z.string().min(1).max(128),
  createdAt: z.string(),
  /** ISO 8601: one hour after the last successful SCA. */
  scaValidUntil: z.string().optional(),
  context: psuContextSchema.optional(),
  psuCorporateId: z.string().optional(),
  /** The approvals started from this browser and not yet back, oldest first. */
  authorisations: z.array(authorisationSchema).max(MAX_PENDING_AUTHORISATIONS).default([]),
  /** A return from the bank as another customer, waiting for the user's choice. */
  psuChange: psuChangeSchema.optional(),
});

export type PsuSession = z.output<typeof psuSessionSchema>;

/** The approvals of a session that have not expired. */
export function pendingAuthorisations(session: PsuSession, now: Date): PendingAuthorisation[] {
  return session.authorisations.filter((authorisation) => Date.parse(authorisation.startedAt) + AUTHORISATION_TTL_MS > now.getTime());
}

/** The session with one more approval waiting (expired ones dropped; the oldest gives way beyond the maximum). */
export function addAuthorisation(session: PsuSession, authorisation: PendingAuthorisation, now: Date): PsuSession {
  const kept = pendingAuthorisations(session, now).filter((existing) => existing.flowId !== authorisation.flowId);
  return { ...session, authorisations: [...kept, authorisation].slice(-MAX_PENDING_AUTHORISATIONS) };
}

/** The session without the approval of this flow (and without expired ones). */
export function removeAuthorisation(session: PsuSession, flowId: string, now: Date): PsuSession {
  return { ...session, authorisations: pendingAuthorisations(session, now).filter((existing) => existing.flowId !== flowId) };
}

/** A new PSU session for a user: a new TPP-Session-ID (a UUID: 36 printable ASCII characters). */
export function createPsuSession(userId: string, now: Date): PsuSession {
  return { userId, tppSessionId: randomUUID(), createdAt: now.toISOString(), authorisations: [] };
}

/** The session data when it is well-formed and belongs to this user; a session of another user is no session. */
export function parsePsuSession(data: unknown, userId: string): PsuSession | undefined {
  const parsed = psuSessionSchema.safeParse(data);
  return parsed.success && parsed.data.userId === userId ? parsed.data : undefined;
}

/** Whether the last SCA is still valid (one hour after it completed). */
export function isScaValid(session: PsuSession, now: Date): boolean {
  return session.scaValidUntil !== undefined && Date.parse(session.scaValidUntil) > now.getTime();
}
