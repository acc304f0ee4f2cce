import { BankError } from "../../errors";
import { createAgreementsRepository } from "../../repositories/agreements-repository";
import { createConsentsRepository } from "../../repositories/consents-repository";
import { createScaChallenge } from "../../sca/start-sca-journey";
import { loadAccountScope, type PsuContextChoice } from "./account-scope";
import { toWireAccount, toWireCardAccount } from "./ais-wire";
import type { AisRequest } from "./authorize-resource-read";
import { computeAccountBalances, computeCardAccountBalances } from "./compute-balances";
import { requireScaSession } from "../sca-sessions/require-sca-session";
import type { ServiceContext } from "../service-context";

/**
 * The context of a listing: that of the SCA session, which the request must match. A corporate
 * session needs PSU-Corporate-ID (400 FORMAT_ERROR naming it otherwise); a PSU-Corporate-ID the
 * session was not made for starts a new consent flow for that agreement, without agreement choice.
 */
async function listingContext(ctx: ServiceContext, request: AisRequest): Promise<{ customerId: string; choice: PsuContextChoice }> {
  const { customer, agreement, session } = await requireScaSession(ctx, request, "consent");
  if (session.context === "CORPORATE" && !agreement) {
    throw new BankError(
      "FORMAT_ERROR",
      "The header PSU-Corporate-ID is required: the PSU chose the CORPORATE context in this SCA session (send the psu-corporate-id of the success redirect)",
      { path: "PSU-Corporate-ID" },
    );
  }
  if (agreement && (session.context !== "CORPORATE" || session.agreementId !== agreement.id)) {
    throw await createScaChallenge(ctx, {
      ...request,
      purpose: "consent",
      code: "CONSENT_INVALID",
      text: "The SCA session of this TPP-Session-ID was not made for the agreement in PSU-Corporate-ID: follow scaRedirect to consent for it",
      path: "PSU-Corporate-ID",
      expectedCustomerId: customer.id,
      expectedAgreementId: agreement.id,
    });
  }
  if (session.context === "CORPORATE" && session.agreementId !== null) {
    const current = agreement ?? (await createAgreementsRepository(ctx.db).findById(session.agreementId));
    if (current) return { customerId: customer.id, choice: { context: "CORPORATE", agreement: current } };
  }
  return { customerId: customer.id, choice: { context: "PRIVATE" } };
}

async function consentedIds(
  ctx: ServiceContext,
  request: AisRequest,
  customerId: string,
  type: "account" | "card-account",
): Promise<Set<string>> {
  const consents = await createConsentsRepository(ctx.db).listByCustomer(request.tpp.id, customerId);
  return new Set(consents.filter((consent) => consent.resourceType === type).map((consent) => consent.resourceId));
}

/**
 * GET /v1/accounts: the accounts the PSU consented to for this TPP, in the session's context;
 * with withBalance=true, each with its balances. Needs a valid SCA session: otherwise 401 with
 * scaRedirect.
 *
 * @see docs/interface/endpoints.md#other-operations (GET /v1/accounts); docs/interface/endpoints.md#success-statuses, docs/interface/accounts.md#accounts-balances-transactions, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context, docs/interface/limits.md#what-the-sandbox-enforces
 */
export async function listConsentedAccounts(ctx: ServiceContext, request: AisRequest, options: { withBalance: boolean }) {
  const { customerId, choice } = await listingContext(ctx, request);
  const scope = await loadAccountScope(ctx.db, customerId, choice);
  const consented = await consentedIds(ctx, request, customerId, "account");
  const accounts = [];
  for (const account of scope.accounts.filter((a) => consented.has(a.id))) {
    accounts.push(toWireAccount(account, options.withBalance ? await computeAccountBalances(ctx.db, ctx.clock, account) : undefined));
  }
  return { accounts };
}

/**
 * GET /v1/card-accounts: the card accounts the PSU consented to for this TPP. A PSU without card
 * accounts in the session's context gets 404 RESOURCE_UNKNOWN.
 *
 * @see docs/interface/endpoints.md#success-statuses, docs/interface/accounts.md#accounts-balances-transactions
 */
export async function listConsentedCardAccounts(ctx: ServiceContext, request: AisRequest, options: { withBalance: boolean }) {
  const { customerId, choice } = await listingContext(ctx, request);
  const scope = await loadAccountScope(ctx.db, customerId, choice);
  if (scope.cardAccounts.length === 0) {
    throw new BankError(
      "RESOURCE_UNKNOWN",
      `The PSU has no card accounts${choice.context === "CORPORATE" ? " in the CORPORATE context" : ""}`,
    );
  }
  const consented = await consentedIds(ctx, request, customerId, "card-account");
  const cardAccounts = [];
  for (const cardAccount of scope.cardAccounts.filter((c) => consented.has(c.id))) {
    cardAccounts.push(
      toWireCardAccount(cardAccount, options.withBalance ? await computeCardAccountBalances(ctx.db, ctx.clock, cardAccount) : undefined),
    );
  }
  return { cardAccounts };
}
