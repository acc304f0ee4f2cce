import type { Executor } from "../db/open-bank-database";
import { BankError } from "../errors";
import type { TppIdentity } from "../plugins/security-gate";
import { type AuthorisationPurpose, createAuthorisationsRepository } from "../repositories/authorisations-repository";
import { createRandomId } from "../repositories/ids";
import type { PsuHeaders } from "../services/sca-sessions/read-psu-headers";
import { registerTpp } from "../services/pki/register-tpp";
import type { ServiceClock } from "../services/service-context";
import type { Psd2ErrorCode } from "../../psd2/errors/error-codes";
import type { Link } from "../../psd2/schemas";
import { createJourneySecret, hashJourneySecret } from "./journey-secret";

/** An scaRedirect link is single-use and expires after 15 minutes. @see docs/interface/sca-and-consent.md#sca-sessions-consent-and-context */
export const SCA_LINK_LIFETIME_MS = 15 * 60 * 1000;

/** Where an SCA journey sends the PSU back to, from the request's TPP-Session-ID, TPP-Redirect-URI and TPP-Redirect-PREFERRED. */
export type ScaReturn = { tppSessionId: string; redirectUri: string; redirectPreferred: boolean };

export type ScaJourneyRequest = ScaReturn & {
  tpp: TppIdentity;
  purpose: AuthorisationPurpose;
  /** The customer the request named (PSU-ID, X-PSU-IDENTITY): nobody else may log in. */
  expectedCustomerId?: string;
  /** The agreement the request named (PSU-Corporate-ID): the PSU is not asked to choose one. */
  expectedAgreementId?: string;
  /** The payment or basket the SCA approves. */
  resourceId?: string;
};

export type ScaJourneyDeps = { db: Executor; clock: ServiceClock; publicUrl: string };

/**
 * The preconditions every start of an SCA journey shares (a payment's or a basket's start of
 * authorisation, the implicit one of a SEPA payment, a consent's or GET /v1/users' journey):
 * the PSU the headers named, when the resource already has its PSU, is that PSU (else 401
 * PSU_CREDENTIALS_INVALID on PSU-ID or X-PSU-IDENTITY); TPP-Session-ID and TPP-Redirect-URI are
 * present (else 400 HTTP_HEADER_REQUIRED). Returns where the journey sends the PSU back to.
 *
 * @see docs/interface/authentication.md#sca-by-redirect, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export function checkScaStart(
  headers: PsuHeaders,
  resource?: {
    /** The customer the PSU headers named, if any. */
    named: { id: string } | undefined;
    /** The resource's own PSU, when it has one. */
    customerId: string | null;
    /** Whose the resource is, for the error's text: "the one who initiated the payment", "the basket's". */
    owner: string;
  },
): ScaReturn {
  if (resource?.named && resource.customerId !== null && resource.named.id !== resource.customerId) {
    throw new BankError("PSU_CREDENTIALS_INVALID", `The PSU headers name another PSU than ${resource.owner}`, {
      path: headers.psuId ? "PSU-ID" : "X-PSU-IDENTITY",
    });
  }
  const back = scaReturnOf(headers);
  if (!back) {
    throw new BankError("HTTP_HEADER_REQUIRED", "TPP-Session-ID and TPP-Redirect-URI are required to start SCA", {
      path: "TPP-Redirect-URI",
    });
  }
  return back;
}

/** Where a journey would send the PSU back to; undefined without TPP-Session-ID or TPP-Redirect-URI. */
function scaReturnOf(headers: PsuHeaders): ScaReturn | undefined {
  if (headers.tppSessionId === undefined || headers.tppRedirectUri === undefined) return undefined;
  return { tppSessionId: headers.tppSessionId, redirectUri: headers.tppRedirectUri, redirectPreferred: headers.tppRedirectPreferred };
}

/**
 * Starts an SCA journey: registers the TPP and stores the journey with the SHA-256 of a new
 * single-use secret, in one transaction (a savepoint inside the caller's). Returns the journey's
 * id and the absolute scaRedirect link on the bank's origin.
 *
 * @see docs/interface/authentication.md#sca-by-redirect; docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export async function startScaJourney(
  deps: ScaJourneyDeps,
  request: ScaJourneyRequest,
): Promise<{ authorisationId: string; scaRedirect: Link }> {
  const now = deps.clock.now();
  const secret = createJourneySecret();
  const id = createRandomId();
  await deps.db.transaction(async (tx) => {
    await registerTpp(tx, request.tpp, now);
    await createAuthorisationsRepository(tx).insert({
      id,
      token: hashJourneySecret(secret),
      purpose: request.purpose,
      tppId: request.tpp.id,
      tppSessionId: request.tppSessionId,
      redirectUri: request.redirectUri,
      redirectPreferred: request.redirectPreferred,
      expectedCustomerId: request.expectedCustomerId ?? null,
      expectedAgreementId: request.expectedAgreementId ?? null,
      resourceId: request.resourceId ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SCA_LINK_LIFETIME_MS),
    });
  });
  const href = `${deps.publicUrl}/sca/${encodeURIComponent(id)}?token=${encodeURIComponent(secret)}`;
  return { authorisationId: id, scaRedirect: { href, verbs: ["GET"] } };
}

/**
 * The 401 for a request that SCA can cure: with an scaRedirect link to a new journey when the
 * request carries TPP-Session-ID and TPP-Redirect-URI, else without one.
 *
 * @see docs/interface/errors.md#statuses-by-code ("a 401 that SCA can cure carries _links.scaRedirect"), docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export async function createScaChallenge(
  deps: ScaJourneyDeps,
  input: {
    tpp: TppIdentity;
    headers: PsuHeaders;
    purpose: AuthorisationPurpose;
    code: Psd2ErrorCode;
    text: string;
    path?: string;
    expectedCustomerId?: string;
    expectedAgreementId?: string;
  },
): Promise<BankError> {
  const options = input.path === undefined ? {} : { path: input.path };
  const back = scaReturnOf(input.headers);
  if (!back) {
    return new BankError(input.code, `${input.text} (send TPP-Session-ID and TPP-Redirect-URI to get an scaRedirect link)`, options);
  }
  const { scaRedirect } = await startScaJourney(deps, {
    tpp: input.tpp,
    purpose: input.purpose,
    ...back,
    ...(input.expectedCustomerId === undefined ? {} : { expectedCustomerId: input.expectedCustomerId }),
    ...(input.expectedAgreementId === undefined ? {} : { expectedAgreementId: input.expectedAgreementId }),
  });
  return new BankError(input.code, input.text, { ...options, links: { scaRedirect } });
}
