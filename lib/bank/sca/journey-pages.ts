/**
 * What the SCA journey shows: the page of its current step (login or approval in the app,
 * context, the purpose's own page) with the steps above it, the message pages of links that are
 * unknown, used, expired or finished, and the wording of what a PSU typed wrong.
 *
 * @see docs/interface/authentication.md#sca-by-redirect, docs/interface/authentication.md#contexts, docs/interface/authentication.md#biometric-flow
 */
import type { BankDatabase } from "../db/open-bank-database";
import type { AuthorisationRecord } from "../repositories/authorisations-repository";
import { createCustomersRepository } from "../repositories/customers-repository";
import type { WebSessionGrant } from "./browser-session";
import { agreementsOf, choiceOf, handlerOf, type JourneyStep, stepOf, tppNameOf } from "./journey-state";
import { renderAppApprovalPage } from "./pages/render-app-approval-page";
import { renderContextPage } from "./pages/render-context-page";
import type { JourneyPageFrame } from "./pages/render-journey-page";
import { renderLoginPage } from "./pages/render-login-page";
import { renderMessagePage } from "./pages/render-message-page";
import type { ScaPurposeHandler } from "./sca-purposes";

export type ScaPageResult = ({ kind: "page"; status: number; html: string } | { kind: "redirect"; location: string }) & {
  webSession?: WebSessionGrant;
};

/** What the PSU typed or chose wrong on a page: shown on it again, the typed value kept. */
export type PageProblem = { error?: string; value?: string };

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

/** The wording of what a PSU typed or chose wrong. */
export const PROBLEM_TEXTS = {
  numberMissing: "Enter your national identity number (11 digits).",
  numberUnknown: (left: number) =>
    `We found no customer with that national identity number. Check the number and try again (${left} ${left === 1 ? "attempt" : "attempts"} left).`,
  contextMissing: "Choose whether you act as Private or Corporate.",
  agreementMissing: "Choose the agreement you act for.",
} as const;

const START_AGAIN = "Go back to the service you came from and start again there.";

export function createJourneyPages(ctx: { db: BankDatabase; bankName: string }) {
  const message = (status: number, title: string, text: string, hint?: string) =>
    page(status, renderMessagePage({ bankName: ctx.bankName, title, text, ...(hint ? { hint } : {}) }));

  const finished = () =>
    message(
      410,
      "This approval is finished",
      "This approval has already been completed or stopped. You can close this page.",
      "To do something new, start again from the service you came from.",
    );

  async function frameOf(authorisation: AuthorisationRecord, handler: ScaPurposeHandler, current: JourneyStep) {
    const tppName = await tppNameOf(ctx.db, authorisation);
    const labels = ["Log in"];
    const asksContext =
      authorisation.expectedAgreementId === null &&
      authorisation.customerId !== null &&
      (current === "context" || authorisation.agreementId !== null || (await agreementsOf(ctx.db, authorisation.customerId)).length > 0);
    if (asksContext) labels.push("Choose context");
    if (handler.stepLabel) labels.push(handler.stepLabel);
    const index = current === "login" ? 0 : current === "context" ? 1 : labels.length - 1;
    const requester: JourneyPageFrame["requester"] = { tppName, request: handler.request };
    return { tppName, requester, steps: labels.length > 1 ? { labels, current: index } : undefined };
  }

  return {
    finished,
    invalidLink: () => message(404, "This link is not valid", "The approval link is incomplete or unknown.", START_AGAIN),
    /** A second visit of the link; `withHint` false when another visit used it a moment ago. */
    linkUsed: (withHint = true) =>
      message(
        410,
        "This link has already been used",
        "For your security, an approval link works only once.",
        withHint ? START_AGAIN : undefined,
      ),
    linkExpired: () => message(410, "This link has expired", "An approval link is valid for 15 minutes.", START_AGAIN),
    unavailable: () => message(501, "This approval is not available", "The bank cannot complete this kind of approval yet."),
    pageNotValid: () => message(403, "This page is no longer valid", "The page you sent does not belong to this approval.", START_AGAIN),

    /** The page of the journey's current step, with what the PSU got wrong on it, if anything. */
    async render(authorisation: AuthorisationRecord, secret: string, extra: PageProblem = {}): Promise<ScaPageResult> {
      const handler = handlerOf(authorisation);
      const step = stepOf(authorisation);
      if (!handler || !step) return finished();
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
      if (!customer) return finished();
      if (step === "context") {
        return page(
          extra.error ? 400 : 200,
          renderContextPage({
            ...common,
            customerName: customer.name,
            agreements: await agreementsOf(ctx.db, customer.id),
            ...(extra.error ? { error: extra.error } : {}),
          }),
        );
      }
      const choice = await choiceOf(ctx.db, authorisation);
      if (!choice || !handler.renderStep) return finished();
      const html = await handler.renderStep(ctx.db, {
        ...common,
        authorisation,
        tppName: frame.tppName,
        customer,
        choice,
        ...(extra.error ? { error: extra.error } : {}),
      });
      return page(extra.error ? 400 : 200, html);
    },
  };
}
