import { BankError } from "../../errors";
import type { TppIdentity } from "../../plugins/security-gate";
import type { Executor } from "../../db/open-bank-database";
import { createConsentsRepository } from "../../repositories/consents-repository";
import type { CustomerRecord } from "../../repositories/customers-repository";
import type { ReadAuthorisationFacts, ReadAuthorisationKey } from "../../repositories/read-authorisations-repository";
import { createScaSessionsRepository } from "../../repositories/sca-sessions-repository";
import type { UnattendedAccessKey } from "../../repositories/unattended-access-repository";
import { createScaChallenge } from "../../sca/start-sca-journey";
import { findAgreementOfAccount } from "./account-scope";
import { addDays } from "../../../psd2/time";
import { checkScaSession, describeScaSessionProblem } from "../sca-sessions/check-sca-session";
import { identifyPsu } from "../sca-sessions/identify-psu";
import { accessExceeded } from "./run-counted-read";
import type { PsuHeaders } from "../sca-sessions/read-psu-headers";
import type { ServiceContext } from "../service-context";

/** Reads without the PSU need an SCA less than 180 days old. @see docs/interface/limits.md#limits-in-the-spec */
export const SCA_RENEWAL_PERIOD_DAYS = 180;
/** Without the PSU, transactions at most 90 days old. @see docs/interface/limits.md#limits-in-the-spec */
export const UNATTENDED_HISTORY_DAYS = 90;

export type AisRequest = { tpp: TppIdentity; headers: PsuHeaders };

export type ResourceReadKind = "details" | "balances" | "transactions" | "transaction-details";

/** An account or card account: what the access rules read of it. */
export type OwnedResource = { id: string; customerId: string };

export type ResourceReadTarget<R extends OwnedResource> = {
  type: "account" | "card-account";
  id: string;
  kind: ResourceReadKind;
  load: (db: Executor, id: string) => Promise<R | undefined>;
  /**
   * Every fact the rules ask for, in one statement (read-authorisations-repository.ts): the read
   * the PSU-ID names is decided by it when everything is in order.
   */
  facts?: (db: Executor, key: ReadAuthorisationKey) => Promise<ReadAuthorisationFacts<R> | undefined>;
  /**
   * The oldest booking date the read asks for (a listing's dateFrom), when known before reading:
   * a counted read without the PSU is counted with its authorisation only when that date is
   * readable (otherwise it is refused, see refuse-old-history.ts, and not counted).
   */
  oldestAsked?: string;
};

export type AuthorisedRead<R extends OwnedResource> = {
  customer: CustomerRecord;
  resource: R;
  psuPresent: boolean;
  /** Without the PSU: the oldest booking date that may be read (90 days ago). */
  oldestDate?: string;
  /** Without the PSU, for balances and transactions: the counter of the 24-hour limit. */
  counter?: UnattendedAccessKey;
  /** Whether the authorisation's statement counted the call already (see run-counted-read.ts). */
  counted?: boolean;
};

const PATH_PARAMETER = { account: "accountId", "card-account": "cardAccountId" } as const;

/** A psu-id as the bank hands it out (read-psu-headers.ts gives it in lower case). */
const PSU_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The common read in one statement: a PSU-ID alone (no X-PSU-IDENTITY, no PSU-Corporate-ID),
 * and every rule met. Undefined whenever anything is not in order, or the headers take another
 * path: the rules are then applied one by one below, which also finds the exact refusal. The
 * facts come straight from the database (nothing is kept between requests), so a write made by
 * any bank process decides the next read in every other.
 */
async function authorizeInOneStatement<R extends OwnedResource>(
  ctx: ServiceContext,
  request: AisRequest,
  target: ResourceReadTarget<R>,
): Promise<AuthorisedRead<R> | undefined> {
  const { tpp, headers } = request;
  if (!target.facts || headers.psuId === undefined || !PSU_ID.test(headers.psuId)) return undefined;
  if (headers.psuIdentity !== undefined || headers.psuCorporateId !== undefined) return undefined;
  const present = headers.psuIpAddress !== undefined;
  if (present && headers.tppSessionId === undefined) return undefined;
  const now = ctx.clock.now();
  const oldestDate = addDays(ctx.clock.today(), -UNATTENDED_HISTORY_DAYS);
  // Without the PSU, balances and transactions are limited to 4 calls a day; a read refused for
  // its history is not counted: it is counted here only when it will be answered.
  const limited = !present && (target.kind === "balances" || target.kind === "transactions") ? target.kind : undefined;
  const count = limited !== undefined && (target.oldestAsked === undefined || target.oldestAsked >= oldestDate) ? limited : undefined;
  const facts = await target.facts(ctx.db, {
    tppId: tpp.id,
    psuId: headers.psuId,
    resourceId: target.id,
    tppSessionId: headers.tppSessionId,
    now,
    renewedAfter: new Date(now.getTime() - SCA_RENEWAL_PERIOD_DAYS * 24 * 60 * 60 * 1000),
    ...(count ? { count } : {}),
  });
  // The same rules as below: consented, not an agreement's account (which needs its corporate
  // context), and a valid SCA session with the PSU present or a recent SCA without. The
  // statement counted a read without the PSU under exactly these rules.
  if (!facts || !facts.consented || facts.inAgreement || !(present ? facts.sessionValid : facts.renewed)) return undefined;
  const { customer, resource } = facts;
  if (present) return { customer, resource, psuPresent: true };
  const read: AuthorisedRead<R> = { customer, resource, psuPresent: false, oldestDate };
  if (limited) {
    read.counter = { tppId: tpp.id, resourceId: resource.id, kind: limited };
    if (count) {
      if (!facts.counted) throw accessExceeded(read.counter);
      read.counted = true;
    }
  }
  return read;
}

/**
 * Decides whether this TPP may read one account or card account for the PSU of PSU-ID, and how:
 * the PSU must have consented to it for this TPP and it must be in the request's context
 * (PSU-Corporate-ID for an agreement's account); with the PSU present (PSU-IP-Address) the SCA
 * session of TPP-Session-ID must be valid; without, the last SCA must be less than 180 days old,
 * history is limited to 90 days and balances and transactions are counted.
 *
 * Unknown ids, another PSU's or another TPP's resources and resources without consent are all
 * the same 404 RESOURCE_UNKNOWN: nothing tells them apart.
 *
 * @see docs/interface/authentication.md#consent, docs/interface/authentication.md#session-hour, docs/interface/authentication.md#psu-present-or-absent, docs/interface/limits.md#limits-in-the-spec; docs/interface/errors.md#statuses-by-code, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context, docs/interface/limits.md#what-the-sandbox-enforces
 */
export async function authorizeResourceRead<R extends OwnedResource>(
  ctx: ServiceContext,
  request: AisRequest,
  target: ResourceReadTarget<R>,
): Promise<AuthorisedRead<R>> {
  const decided = await authorizeInOneStatement(ctx, request, target);
  if (decided) return decided;
  const { tpp, headers } = request;
  const identified = await identifyPsu(ctx.db, tpp.id, headers);
  if (!identified.ok) {
    throw await createScaChallenge(ctx, { tpp, headers, purpose: "consent", ...identified.problem });
  }
  const customer = identified.customer;
  if (!customer) throw new BankError("HTTP_HEADER_REQUIRED", "The header PSU-ID is required for this operation", { path: "PSU-ID" });

  const unknown = new BankError(
    "RESOURCE_UNKNOWN",
    `The ${target.type === "account" ? "account" : "card account"} ${target.id.slice(0, 64)} is unknown, or the PSU has not consented to it for this TPP`,
    { path: PATH_PARAMETER[target.type] },
  );
  const resource = await target.load(ctx.db, target.id);
  if (!resource || resource.customerId !== customer.id) throw unknown;
  const consent = await createConsentsRepository(ctx.db).find(tpp.id, customer.id, { resourceType: target.type, resourceId: resource.id });
  if (!consent) throw unknown;

  // The context: an agreement's account is read in that agreement's corporate context only.
  const agreement = target.type === "account" ? await findAgreementOfAccount(ctx.db, resource) : undefined;
  if (agreement && !identified.agreement) {
    throw new BankError(
      "FORMAT_ERROR",
      "The header PSU-Corporate-ID is required: this account belongs to a corporate agreement of the PSU (send the psu-corporate-id of the success redirect)",
      { path: "PSU-Corporate-ID" },
    );
  }
  if ((identified.agreement?.id ?? null) !== (agreement?.id ?? null)) throw unknown;

  const now = ctx.clock.now();
  if (headers.psuIpAddress !== undefined) {
    if (headers.tppSessionId === undefined) {
      throw new BankError(
        "HTTP_HEADER_REQUIRED",
        "The header TPP-Session-ID is required when the PSU is present (PSU-IP-Address): it names the PSU's SCA session",
        { path: "TPP-Session-ID" },
      );
    }
    const check = await checkScaSession(ctx.db, now, { tppId: tpp.id, customerId: customer.id, tppSessionId: headers.tppSessionId });
    if (check.state !== "valid") {
      throw await createScaChallenge(ctx, {
        tpp,
        headers,
        purpose: "consent",
        ...describeScaSessionProblem(check),
        expectedCustomerId: customer.id,
        ...(agreement ? { expectedAgreementId: agreement.id } : {}),
      });
    }
    return { customer, resource, psuPresent: true };
  }

  const last = await createScaSessionsRepository(ctx.db).lastAuthenticatedAt(tpp.id, customer.id);
  const renewalMs = SCA_RENEWAL_PERIOD_DAYS * 24 * 60 * 60 * 1000;
  if (!last || now.getTime() - last.getTime() >= renewalMs) {
    throw await createScaChallenge(ctx, {
      tpp,
      headers,
      purpose: "consent",
      code: "SCA_EXPIRED",
      text: `Without the PSU present (no PSU-IP-Address) the last SCA must be less than ${SCA_RENEWAL_PERIOD_DAYS} days old; ${
        last ? `it was at ${last.toISOString()}` : "there was none"
      }: the PSU must renew it with an SCA`,
      expectedCustomerId: customer.id,
      ...(agreement ? { expectedAgreementId: agreement.id } : {}),
    });
  }
  const read: AuthorisedRead<R> = {
    customer,
    resource,
    psuPresent: false,
    oldestDate: addDays(ctx.clock.today(), -UNATTENDED_HISTORY_DAYS),
  };
  if (target.kind === "balances" || target.kind === "transactions") {
    read.counter = { tppId: tpp.id, resourceId: resource.id, kind: target.kind };
  }
  return read;
}
