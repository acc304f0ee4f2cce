/**
 * The SCA journey on the bank's own pages: the single-use scaRedirect link opens it; each page
 * posts back with the journey's page secret (in the form, its SHA-256 in the database: no cookie
 * a TPP could set); the journey ends with the success or failure redirect to TPP-Redirect-URI.
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
import { type AgreementRecord, createAgreementsRepository } from "../repositories/agreements-repository";
import { type AuthorisationRecord, createAuthorisationsRepository } from "../repositories/authorisations-repository";
import { createCustomersRepository, type CustomerRecord } from "../repositories/customers-repository";
import { createRandomId } from "../repositories/ids";
import { createPsuCorporateIdsRepository } from "../repositories/psu-corporate-ids-repository";
import { createPsuIdsRepository } from "../repositories/psu-ids-repository";
import { createScaSessionsRepository } from "../repositories/sca-sessions-repository";
import { createTppsRepository } from "../repositories/tpps-repository";
import { createWebSessionsRepository } from "../repositories/web-sessions-repository";
import type { PsuContextChoice } from "../services/account-information/account-scope";
import { SCA_SESSION_LIFETIME_MS } from "../services/sca-sessions/check-sca-session";
import type { ServiceClock } from "../services/service-context";
import { buildFailureRedirectUrl, buildSuccessRedirectUrl } from "./build-redirect-url";
import { createJourneySecret, hashJourneySecret, matchesJourneySecret } from "./journey-secret";
import { renderAppApprovalPage } from "./pages/render-app-approval-page";
import { renderContextPage } from "./pages/render-context-page";
import type { JourneyPageFrame } from "./pages/render-journey-page";
import { renderLoginPage } from "./pages/render-login-page";
import { renderMessagePage } from "./pages/render-message-page";
import { type FormFields, SCA_PURPOSES, type ScaPurposeHandler } from "./sca-purposes";

/** Unknown numbers before the journey fails with PSU_CREDENTIALS_INVALID. @see docs/interface/sca-and-consent.md#sca-sessions-consent-and-context */
export const MAX_LOGIN_FAILURES = 3;
/**
 * A login on the bank's pages is remembered for 15 minutes in the bank's browser session (a
 * cookie on the bank's origin): a payment or basket approval in that time asks for no login,
 * only for the approval itself (dynamic linking: the approval page is the SCA).
 */
export const WEB_SESSION_LIFETIME_MS = 15 * 60 * 1000;
/** The `system` of the failure redirect: the bank's SCA pages. */
export const FAILURE_SYSTEM = "SCA";

export type ScaJourneyContext = { db: BankDatabase; clock: ServiceClock; bankName: string };

/** A login on the bank's pages: the route sets it as the bank's browser session cookie. */
export type WebSessionGrant = { secret: string; maxAgeSeconds: number };

export type ScaPageResult = ({ kind: "page"; status: number; html: string } | { kind: "redirect"; location: string }) & {
  webSession?: WebSessionGrant;
};

type Step = "login" | "context" | "purpose";

/** Where a journey stands, from its stored state. */
function stepOf(authorisation: AuthorisationRecord): Step | undefined {
  if (authorisation.scaStatus === "started") return "login";
  if (authorisation.scaStatus === "psuAuthenticated") return authorisation.context === null ? "context" : "purpose";
  return undefined;
}

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

function page(status: number, html: string): ScaPageResult {
  return { kind: "page", status, html };
}

/**
 * What is wrong with a typed national identity number that cannot be one (spaces, dots and
 * hyphens already removed): other characters than digits, or not 11 of them. Undefined when it
 * has the form of one.
 */
export function describeNationalIdFormat(number: string): string | undefined {
  if (!/^[0-9]*$/.test(number)) return "A national identity number has digits only: remove the other characters.";
  if (number.length !== 11) {
    return `A national identity number has 11 digits; this one has ${number.length}. Check the number and try again.`;
  }
  return undefined;
}

export function createScaJourney(ctx: ScaJourneyContext) {
  const authorisations = createAuthorisationsRepository(ctx.db);
  const message = (status: number, title: string, text: string, hint?: string) =>
    page(status, renderMessagePage({ bankName: ctx.bankName, title, text, ...(hint ? { hint } : {}) }));
  const invalidLink = () =>
    message(
      404,
      "This link is not valid",
      "The approval link is incomplete or unknown.",
      "Go back to the service you came from and start again there.",
    );

  const handlerOf = (authorisation: AuthorisationRecord): ScaPurposeHandler | undefined => SCA_PURPOSES[authorisation.purpose];

  async function tppNameOf(authorisation: AuthorisationRecord): Promise<string> {
    return (await createTppsRepository(ctx.db).findById(authorisation.tppId))?.name ?? authorisation.tppId;
  }

  async function agreementsOf(customerId: string): Promise<AgreementRecord[]> {
    return createAgreementsRepository(ctx.db).listByCustomer(customerId);
  }

  async function frameOf(authorisation: AuthorisationRecord, handler: ScaPurposeHandler, current: Step) {
    const tppName = await tppNameOf(authorisation);
    const labels = ["Log in"];
    const asksContext =
      authorisation.expectedAgreementId === null &&
      authorisation.customerId !== null &&
      (current === "context" || authorisation.agreementId !== null || (await agreementsOf(authorisation.customerId)).length > 0);
    if (asksContext) labels.push("Choose context");
    if (handler.stepLabel) labels.push(handler.stepLabel);
    const index = current === "login" ? 0 : current === "context" ? 1 : labels.length - 1;
    const requester: JourneyPageFrame["requester"] = { tppName, request: handler.request };
    return { tppName, requester, steps: labels.length > 1 ? { labels, current: index } : undefined };
  }

  async function choiceOf(authorisation: AuthorisationRecord): Promise<PsuContextChoice | undefined> {
    if (authorisation.context === "PRIVATE") return { context: "PRIVATE" };
    if (authorisation.context === "CORPORATE" && authorisation.agreementId !== null) {
      const agreement = await createAgreementsRepository(ctx.db).findById(authorisation.agreementId);
      if (agreement) return { context: "CORPORATE", agreement };
    }
    return undefined;
  }

  /** The page of the journey's current step. */
  async function render(
    authorisation: AuthorisationRecord,
    secret: string,
    extra: { error?: string; value?: string } = {},
  ): Promise<ScaPageResult> {
    const handler = handlerOf(authorisation);
    const step = stepOf(authorisation);
    if (!handler || !step) return finishedPage();
    const formAction = `/sca/${encodeURIComponent(authorisation.id)}`;
    const frame = await frameOf(authorisation, handler, step);
    const common = { bankName: ctx.bankName, formAction, token: secret, requester: frame.requester, steps: frame.steps };
    if (step === "login") {
      if (!authorisation.redirectPreferred && authorisation.expectedCustomerId !== null && !extra.error) {
        return page(200, renderAppApprovalPage(common));
      }
      return page(
        extra.error ? 400 : 200,
        renderLoginPage({
          ...common,
          ...extra,
          ...(!authorisation.redirectPreferred && authorisation.expectedCustomerId === null
            ? { notice: `${frame.tppName} asked for approval in the app, but did not say who you are: log in here instead.` }
            : {}),
        }),
      );
    }
    const customer =
      authorisation.customerId === null ? undefined : await createCustomersRepository(ctx.db).findById(authorisation.customerId);
    if (!customer) return finishedPage();
    if (step === "context") {
      return page(
        extra.error ? 400 : 200,
        renderContextPage({
          ...common,
          customerName: customer.name,
          agreements: await agreementsOf(customer.id),
          ...(extra.error ? { error: extra.error } : {}),
        }),
      );
    }
    const choice = await choiceOf(authorisation);
    if (!choice || !handler.renderStep) return finishedPage();
    const html = await handler.renderStep(ctx.db, {
      ...common,
      authorisation,
      tppName: frame.tppName,
      customer,
      choice,
      ...(extra.error ? { error: extra.error } : {}),
    });
    return page(extra.error ? 400 : 200, html);
  }

  function finishedPage(): ScaPageResult {
    return message(
      410,
      "This approval is finished",
      "This approval has already been completed or stopped. You can close this page.",
      "To do something new, start again from the service you came from.",
    );
  }

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
      if (error instanceof JourneyMoved) return finishedPage();
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
    const choice = await choiceOf(authorisation);
    const customer =
      authorisation.customerId === null ? undefined : await createCustomersRepository(ctx.db).findById(authorisation.customerId);
    if (!handler || !choice || !customer) return finishedPage();
    const now = ctx.clock.now();
    // Read before the transaction: PGlite runs one statement at a time, outside ones would wait on it.
    const state = { authorisation, tppName: await tppNameOf(authorisation), customer, choice };
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
      if (error instanceof JourneyMoved) return finishedPage();
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
    return current ? render(current, secret) : invalidLink();
  }

  async function logIn(authorisation: AuthorisationRecord, secret: string, fields: FormFields): Promise<ScaPageResult> {
    const customers = createCustomersRepository(ctx.db);
    let customer: CustomerRecord | undefined;
    if (first(fields, "action") === "approve-app" && !authorisation.redirectPreferred && authorisation.expectedCustomerId !== null) {
      customer = await customers.findById(authorisation.expectedCustomerId);
    } else {
      const entered = first(fields, "nationalIdentityNumber") ?? "";
      const number = entered.replace(/[\s.-]/g, "");
      if (number === "") return render(authorisation, secret, { error: "Enter your national identity number (11 digits)." });
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
            {
              loginFailures: failures,
            },
          );
        }
        const moved = await authorisations.updateIfUnchanged(
          authorisation.id,
          { scaStatus: authorisation.scaStatus, token: authorisation.token },
          { loginFailures: failures },
        );
        const left = MAX_LOGIN_FAILURES - failures;
        return render(moved ?? authorisation, secret, {
          error: `We found no customer with that national identity number. Check the number and try again (${left} ${left === 1 ? "attempt" : "attempts"} left).`,
          value: entered.slice(0, 20),
        });
      }
    }
    if (!customer) return invalidLink();
    if (authorisation.expectedCustomerId !== null && customer.id !== authorisation.expectedCustomerId) {
      return fail(
        authorisation,
        "PSU_CREDENTIALS_INVALID",
        "The PSU who logged in is not the PSU the TPP named in PSU-ID, X-PSU-IDENTITY or PSU-Corporate-ID",
      );
    }
    const webSession = await startWebSession(customer.id);
    return { ...(await authenticate(authorisation, secret, customer)), webSession };
  }

  /** The bank's browser session of a login: its secret for the cookie, its hash in the database. */
  async function startWebSession(customerId: string): Promise<WebSessionGrant> {
    const now = ctx.clock.now();
    const secret = createJourneySecret();
    const sessions = createWebSessionsRepository(ctx.db);
    await sessions.deleteExpired(now);
    await sessions.insert({
      id: hashJourneySecret(secret),
      customerId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + WEB_SESSION_LIFETIME_MS),
    });
    return { secret, maxAgeSeconds: WEB_SESSION_LIFETIME_MS / 1000 };
  }

  /** The customer of a valid browser session, when the journey's purpose accepts it in place of the login. */
  async function customerOfWebSession(
    authorisation: AuthorisationRecord,
    sessionSecret: string | undefined,
  ): Promise<CustomerRecord | undefined> {
    if (sessionSecret === undefined || !handlerOf(authorisation)?.reusesLogin) return undefined;
    const session = await createWebSessionsRepository(ctx.db).findValid(hashJourneySecret(sessionSecret), ctx.clock.now());
    // Another customer's session is no login for this journey: the login page is shown.
    if (!session || (authorisation.expectedCustomerId !== null && session.customerId !== authorisation.expectedCustomerId))
      return undefined;
    return createCustomersRepository(ctx.db).findById(session.customerId);
  }

  /** A customer is authenticated: on to the context choice, or past it when it is decided. */
  async function authenticate(authorisation: AuthorisationRecord, secret: string, customer: CustomerRecord): Promise<ScaPageResult> {
    const agreements = await agreementsOf(customer.id);
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
    if (context !== "CORPORATE") return render(authorisation, secret, { error: "Choose whether you act as Private or Corporate." });
    const agreementId = first(fields, "agreement");
    const customerId = authorisation.customerId;
    const agreements = customerId === null ? [] : await agreementsOf(customerId);
    if (!agreements.some((agreement) => agreement.id === agreementId) || agreementId === undefined) {
      return render(authorisation, secret, { error: "Choose the agreement you act for." });
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
      if (!authorisation) return invalidLink();
      if (authorisation.scaStatus !== "received") {
        return message(
          410,
          "This link has already been used",
          "For your security, an approval link works only once.",
          "Go back to the service you came from and start again there.",
        );
      }
      if (linkSecret === undefined || !matchesJourneySecret(linkSecret, authorisation.token)) return invalidLink();
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
        return message(
          410,
          "This link has expired",
          "An approval link is valid for 15 minutes.",
          "Go back to the service you came from and start again there.",
        );
      }
      if (!handlerOf(authorisation)) {
        return message(501, "This approval is not available", "The bank cannot complete this kind of approval yet.");
      }
      const secret = createJourneySecret();
      const moved = await authorisations.updateIfUnchanged(
        authorisation.id,
        { scaStatus: "received", token: authorisation.token },
        { scaStatus: "started", token: hashJourneySecret(secret) },
      );
      if (!moved) return message(410, "This link has already been used", "For your security, an approval link works only once.");
      const loggedIn = await customerOfWebSession(moved, webSessionSecret);
      if (loggedIn) return authenticate(moved, secret, loggedIn);
      return render(moved, secret);
    },

    /** POST of a journey page (its fields as the route read them): checks the page secret and the journey's state, then performs the step. */
    async submit(authorisationId: string, fields: FormFields): Promise<ScaPageResult> {
      const authorisation = await authorisations.findById(authorisationId);
      if (!authorisation || authorisation.scaStatus === "received") return invalidLink();
      if (authorisation.scaStatus === "finalised" || authorisation.scaStatus === "failed") return finishedPage();
      const secret = first(fields, "token");
      if (secret === undefined || !matchesJourneySecret(secret, authorisation.token)) {
        return message(
          403,
          "This page is no longer valid",
          "The page you sent does not belong to this approval.",
          "Go back to the service you came from and start again there.",
        );
      }
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
