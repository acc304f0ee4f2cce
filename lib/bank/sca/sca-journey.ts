/**
 * The SCA journey on the bank's own pages: the single-use scaRedirect link opens it; each page
 * posts back with the journey's page secret (in the form, its SHA-256 in the database: no cookie
 * a TPP could set); the journey ends with the success or failure redirect to TPP-Redirect-URI.
 * This module holds its transitions; what it shows is journey-pages.ts, the bank's browser
 * session browser-session.ts.
 *
 * Steps: login (or approval in the app; for a payment or basket, none when the bank's browser
 * session holds a login) → context, for a customer with agreements and no PSU-Corporate-ID →
 * the purpose's own page (consent screen, payment approval) → success. Cancel at any step, a
 * third unknown number, a PSU other than the one the TPP named, or the 15 minutes running out
 * end it with the failure redirect. Writes happen in one transaction per step, each moving the
 * journey on only from the state it was read in.
 *
 * @see docs/interface/authentication.md#sca-by-redirect, docs/interface/authentication.md#consent, docs/interface/authentication.md#session-hour, docs/interface/authentication.md#contexts, docs/interface/authentication.md#biometric-flow, docs/interface/redirect-parameters.md#redirect-parameters-and-events, docs/interface/redirect-parameters.md#events; docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
import { httpStatusOf, type Psd2ErrorCode } from "../../psd2/errors/error-codes";
import type { BankDatabase } from "../db/open-bank-database";
import { type AuthorisationRecord, createAuthorisationsRepository } from "../repositories/authorisations-repository";
import { createCustomersRepository, type CustomerRecord } from "../repositories/customers-repository";
import { createRandomId } from "../repositories/ids";
import { createPsuCorporateIdsRepository } from "../repositories/psu-corporate-ids-repository";
import { createPsuIdsRepository } from "../repositories/psu-ids-repository";
import { createScaSessionsRepository } from "../repositories/sca-sessions-repository";
import { SCA_SESSION_LIFETIME_MS } from "../services/sca-sessions/check-sca-session";
import type { ServiceClock } from "../services/service-context";
import { createBrowserSessions } from "./browser-session";
import { buildFailureRedirectUrl, buildSuccessRedirectUrl } from "./build-redirect-url";
import { createJourneyPages, describeNationalIdFormat, PROBLEM_TEXTS, type ScaPageResult } from "./journey-pages";
import { createJourneySecret, hashJourneySecret, matchesJourneySecret } from "./journey-secret";
import { agreementsOf, choiceOf, handlerOf, stepOf, tppNameOf } from "./journey-state";
import type { FormFields } from "./sca-purposes";

export type { ScaPageResult } from "./journey-pages";

/** Unknown numbers before the journey fails with PSU_CREDENTIALS_INVALID. @see docs/interface/sca-and-consent.md#sca-sessions-consent-and-context */
const MAX_LOGIN_FAILURES = 3;
/** The `system` of the failure redirect: the bank's SCA pages. */
const FAILURE_SYSTEM = "SCA";

type ScaJourneyContext = { db: BankDatabase; clock: ServiceClock; bankName: string };

const first = (fields: FormFields, name: string): string | undefined => fields[name]?.[0];

/** Raised inside a step's transaction when the journey moved on meanwhile: nothing is written. */
class JourneyMoved extends Error {}
/** Raised inside the completing transaction when the purpose's page must be shown again. */
class PageAgain extends Error {
  constructor(readonly text: string) {
    super(text);
  }
}

/** Raised inside the completing transaction when the purpose ends the journey in failure (e.g. PAYMENT_FAILED). */
class PurposeFailed extends Error {
  constructor(
    readonly code: Psd2ErrorCode,
    text: string,
  ) {
    super(text);
  }
}

export function createScaJourney(ctx: ScaJourneyContext) {
  const authorisations = createAuthorisationsRepository(ctx.db);
  const pages = createJourneyPages(ctx);
  const browserSessions = createBrowserSessions(ctx);
  const { render } = pages;

  /** Ends a journey in failure: stored in one transaction, then the failure redirect. */
  async function fail(
    authorisation: AuthorisationRecord,
    code: Psd2ErrorCode,
    text: string,
    changes: { loginFailures?: number } = {},
  ): Promise<ScaPageResult> {
    const now = ctx.clock.now();
    const handler = handlerOf(authorisation);
    try {
      await ctx.db.transaction(async (tx) => {
        const moved = await createAuthorisationsRepository(tx).updateIfUnchanged(
          authorisation.id,
          { scaStatus: authorisation.scaStatus, token: authorisation.token },
          { scaStatus: "failed", finishedAt: now, ...changes },
        );
        if (!moved) throw new JourneyMoved();
        await handler?.onFailure?.(tx, moved, { code, message: text }, now);
      });
    } catch (error) {
      if (error instanceof JourneyMoved) return pages.finished();
      throw error;
    }
    return {
      kind: "redirect",
      location: buildFailureRedirectUrl(authorisation.redirectUri, {
        system: FAILURE_SYSTEM,
        status: httpStatusOf(code),
        code,
        message: text,
      }),
    };
  }

  /**
   * Completes a journey in one transaction: the purpose's confirmation (consents), the psu-id
   * (and psu-corporate-id) for this TPP, the new SCA session (replacing the PSU's other sessions
   * with this TPP); then the success redirect.
   */
  async function succeed(authorisation: AuthorisationRecord, secret: string, fields: FormFields): Promise<ScaPageResult> {
    const handler = handlerOf(authorisation);
    const choice = await choiceOf(ctx.db, authorisation);
    const customer =
      authorisation.customerId === null ? undefined : await createCustomersRepository(ctx.db).findById(authorisation.customerId);
    if (!handler || !choice || !customer) return pages.finished();
    const now = ctx.clock.now();
    // Read before the transaction: PGlite runs one statement at a time, outside ones would wait on it.
    const state = { authorisation, tppName: await tppNameOf(ctx.db, authorisation), customer, choice };
    let redirect: string;
    try {
      redirect = await ctx.db.transaction(async (tx) => {
        const moved = await createAuthorisationsRepository(tx).updateIfUnchanged(
          authorisation.id,
          { scaStatus: "psuAuthenticated", token: authorisation.token },
          { scaStatus: "finalised", finishedAt: now },
        );
        if (!moved) throw new JourneyMoved();
        if (handler.confirmStep) {
          const confirmed = await handler.confirmStep(tx, state, fields, now);
          if (!confirmed.ok)
            throw "failure" in confirmed
              ? new PurposeFailed(confirmed.failure.code, confirmed.failure.message)
              : new PageAgain(confirmed.error);
        }
        const psuId = await createPsuIdsRepository(tx).getOrCreate(authorisation.tppId, customer.id);
        const agreementId = choice.context === "CORPORATE" ? choice.agreement.id : undefined;
        const psuCorporateId =
          agreementId === undefined
            ? undefined
            : (await createPsuCorporateIdsRepository(tx).getOrCreateMany(authorisation.tppId, [agreementId])).get(agreementId);
        const sessions = createScaSessionsRepository(tx);
        const sessionId = createRandomId();
        await sessions.insert({
          id: sessionId,
          tppId: authorisation.tppId,
          customerId: customer.id,
          tppSessionId: authorisation.tppSessionId,
          context: choice.context,
          agreementId: agreementId ?? null,
          authenticatedAt: now,
          expiresAt: new Date(now.getTime() + SCA_SESSION_LIFETIME_MS),
        });
        await sessions.replaceOthers(authorisation.tppId, customer.id, sessionId, now);
        return buildSuccessRedirectUrl(authorisation.redirectUri, {
          psuId,
          tppSessionId: authorisation.tppSessionId,
          context: choice.context,
          ...(psuCorporateId === undefined ? {} : { psuCorporateId }),
        });
      });
    } catch (error) {
      if (error instanceof PageAgain) return render(authorisation, secret, { error: error.text });
      if (error instanceof JourneyMoved) return pages.finished();
      // Rolled back: the journey is as it was read, and fails from there.
      if (error instanceof PurposeFailed) return fail(authorisation, error.code, error.message);
      throw error;
    }
    return { kind: "redirect", location: redirect };
  }

  /** After a step: the next page, or the end when the purpose has no page of its own. */
  async function proceed(authorisation: AuthorisationRecord, secret: string): Promise<ScaPageResult> {
    const handler = handlerOf(authorisation);
    if (stepOf(authorisation) === "purpose" && handler && !handler.renderStep) return succeed(authorisation, secret, {});
    return render(authorisation, secret);
  }

  /** Moves a journey on from the state it was read in; when it moved meanwhile, shows where it is now. */
  async function advance(
    authorisation: AuthorisationRecord,
    secret: string,
    changes: Parameters<typeof authorisations.updateIfUnchanged>[2],
  ): Promise<ScaPageResult> {
    const moved = await authorisations.updateIfUnchanged(
      authorisation.id,
      { scaStatus: authorisation.scaStatus, token: authorisation.token },
      changes,
    );
    if (moved) return proceed(moved, secret);
    const current = await authorisations.findById(authorisation.id);
    return current ? render(current, secret) : pages.invalidLink();
  }

  async function logIn(authorisation: AuthorisationRecord, secret: string, fields: FormFields): Promise<ScaPageResult> {
    const customers = createCustomersRepository(ctx.db);
    let customer: CustomerRecord | undefined;
    if (first(fields, "action") === "approve-app" && !authorisation.redirectPreferred && authorisation.expectedCustomerId !== null) {
      customer = await customers.findById(authorisation.expectedCustomerId);
    } else {
      const entered = first(fields, "nationalIdentityNumber") ?? "";
      const number = entered.replace(/[\s.-]/g, "");
      if (number === "") return render(authorisation, secret, { error: PROBLEM_TEXTS.numberMissing });
      // A number that cannot be one is said so, kept in the field, and not counted as a failed login.
      const formatError = describeNationalIdFormat(number);
      if (formatError !== undefined) return render(authorisation, secret, { error: formatError, value: entered.slice(0, 20) });
      customer = await customers.findByCustomerNumber(number);
      if (!customer) {
        const failures = authorisation.loginFailures + 1;
        if (failures >= MAX_LOGIN_FAILURES) {
          return fail(
            authorisation,
            "PSU_CREDENTIALS_INVALID",
            `The PSU entered an unknown national identity number ${MAX_LOGIN_FAILURES} times`,
            { loginFailures: failures },
          );
        }
        const moved = await authorisations.updateIfUnchanged(
          authorisation.id,
          { scaStatus: authorisation.scaStatus, token: authorisation.token },
          { loginFailures: failures },
        );
        return render(moved ?? authorisation, secret, {
          error: PROBLEM_TEXTS.numberUnknown(MAX_LOGIN_FAILURES - failures),
          value: entered.slice(0, 20),
        });
      }
    }
    if (!customer) return pages.invalidLink();
    if (authorisation.expectedCustomerId !== null && customer.id !== authorisation.expectedCustomerId) {
      return fail(
        authorisation,
        "PSU_CREDENTIALS_INVALID",
        "The PSU who logged in is not the PSU the TPP named in PSU-ID, X-PSU-IDENTITY or PSU-Corporate-ID",
      );
    }
    const webSession = await browserSessions.start(customer.id);
    return { ...(await authenticate(authorisation, secret, customer)), webSession };
  }

  /** A customer is authenticated: on to the context choice, or past it when it is decided. */
  async function authenticate(authorisation: AuthorisationRecord, secret: string, customer: CustomerRecord): Promise<ScaPageResult> {
    const agreements = await agreementsOf(ctx.db, customer.id);
    let context: "PRIVATE" | "CORPORATE" | null = null;
    let agreementId: string | null = null;
    if (authorisation.expectedAgreementId !== null) {
      if (!agreements.some((agreement) => agreement.id === authorisation.expectedAgreementId)) {
        return fail(authorisation, "PSU_CREDENTIALS_INVALID", "The agreement of PSU-Corporate-ID is not one of the PSU's");
      }
      context = "CORPORATE";
      agreementId = authorisation.expectedAgreementId;
    } else if (agreements.length === 0) {
      context = "PRIVATE";
    }
    return advance(authorisation, secret, { scaStatus: "psuAuthenticated", customerId: customer.id, context, agreementId });
  }

  async function chooseContext(authorisation: AuthorisationRecord, secret: string, fields: FormFields): Promise<ScaPageResult> {
    const context = first(fields, "context");
    if (context === "PRIVATE") return advance(authorisation, secret, { context: "PRIVATE", agreementId: null });
    if (context !== "CORPORATE") return render(authorisation, secret, { error: PROBLEM_TEXTS.contextMissing });
    const agreementId = first(fields, "agreement");
    const customerId = authorisation.customerId;
    const agreements = customerId === null ? [] : await agreementsOf(ctx.db, customerId);
    if (!agreements.some((agreement) => agreement.id === agreementId) || agreementId === undefined) {
      return render(authorisation, secret, { error: PROBLEM_TEXTS.agreementMissing });
    }
    return advance(authorisation, secret, { context: "CORPORATE", agreementId });
  }

  return {
    /**
     * GET of the scaRedirect link: valid once, for 15 minutes. The first visit replaces the
     * link's secret with the pages' secret and shows the login (or app approval); any later visit
     * shows an error page and redirects nowhere. A payment or basket approval skips the login
     * when the bank's browser session (`webSessionSecret`) holds one of the PSU it is for.
     */
    async open(authorisationId: string, linkSecret: string | undefined, webSessionSecret?: string): Promise<ScaPageResult> {
      const authorisation = await authorisations.findById(authorisationId);
      if (!authorisation) return pages.invalidLink();
      if (authorisation.scaStatus !== "received") return pages.linkUsed();
      if (linkSecret === undefined || !matchesJourneySecret(linkSecret, authorisation.token)) return pages.invalidLink();
      const now = ctx.clock.now();
      if (now.getTime() >= authorisation.expiresAt.getTime()) {
        await ctx.db.transaction(async (tx) => {
          const moved = await createAuthorisationsRepository(tx).updateIfUnchanged(
            authorisation.id,
            { scaStatus: "received", token: authorisation.token },
            { scaStatus: "failed", finishedAt: now },
          );
          if (moved) await handlerOf(moved)?.onFailure?.(tx, moved, { code: "SCA_EXPIRED", message: "The approval link expired" }, now);
        });
        return pages.linkExpired();
      }
      if (!handlerOf(authorisation)) return pages.unavailable();
      const secret = createJourneySecret();
      const moved = await authorisations.updateIfUnchanged(
        authorisation.id,
        { scaStatus: "received", token: authorisation.token },
        { scaStatus: "started", token: hashJourneySecret(secret) },
      );
      if (!moved) return pages.linkUsed(false);
      const loggedIn = await browserSessions.customerOf(moved, webSessionSecret);
      if (loggedIn) return authenticate(moved, secret, loggedIn);
      return render(moved, secret);
    },

    /** POST of a journey page (its fields as the route read them): checks the page secret and the journey's state, then performs the step. */
    async submit(authorisationId: string, fields: FormFields): Promise<ScaPageResult> {
      const authorisation = await authorisations.findById(authorisationId);
      if (!authorisation || authorisation.scaStatus === "received") return pages.invalidLink();
      if (authorisation.scaStatus === "finalised" || authorisation.scaStatus === "failed") return pages.finished();
      const secret = first(fields, "token");
      if (secret === undefined || !matchesJourneySecret(secret, authorisation.token)) return pages.pageNotValid();
      if (ctx.clock.now().getTime() >= authorisation.expiresAt.getTime()) {
        return fail(authorisation, "SCA_EXPIRED", "The PSU did not complete the authorisation within 15 minutes");
      }
      if (first(fields, "action") === "cancel")
        return fail(authorisation, "SCA_INVALID", "The PSU cancelled the authorisation at the bank");
      const step = stepOf(authorisation);
      // A page sent twice, or an old one: show the current step again.
      if (first(fields, "step") !== step) return render(authorisation, secret);
      if (step === "login") return logIn(authorisation, secret, fields);
      if (step === "context") return chooseContext(authorisation, secret, fields);
      return succeed(authorisation, secret, fields);
    },
  };
}
