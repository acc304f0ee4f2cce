import type { FastifyInstance } from "fastify";
import type { ZodOutputTypeProvider } from "../../plugins/route-validation";
import { z } from "zod";
import { accountResponseSchema, accountsResponseSchema } from "../../../psd2/schemas/account";
import { balancesResponseSchema } from "../../../psd2/schemas/balances";
import { transactionDetailsResponseSchema, transactionsResponseSchema } from "../../../psd2/schemas/transactions";
import { AIS_ROLES, SCA_HEADERS } from "../../operation";
import { getAccount } from "../../services/account-information/get-account";
import { getAccountBalances } from "../../services/account-information/get-account-balances";
import { getTransactionDetails } from "../../services/account-information/get-transaction-details";
import { accountCursorBinding, listAccountTransactions } from "../../services/account-information/list-account-transactions";
import { listConsentedAccounts } from "../../services/account-information/list-consented-accounts";
import { readPsuHeaders } from "../../services/sca-sessions/read-psu-headers";
import { accountIdParams, ERROR_DOCS, RESOURCE_READ_HEADERS, SCA_START_HEADERS, listingQueryOf } from "./ais-route-docs";
import { serviceContextOf } from "./service-context-of";
import { errorReplies, v1Route } from "../../openapi/v1-route";

const TAGS = ["Account information"];
const transactionParams = accountIdParams.extend({ transactionId: z.string().describe("The transaction's transactionId") });

/**
 * Account information on accounts: the consented accounts, one account, its balances, its
 * transactions (paged) and one transaction's details.
 *
 * @see docs/interface/endpoints.md#success-statuses, docs/interface/accounts.md#accounts-balances-transactions, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context, docs/interface/limits.md#what-the-sandbox-enforces
 */
export async function accountRoutes(v1: FastifyInstance): Promise<void> {
  const routes = v1.withTypeProvider<ZodOutputTypeProvider>();
  const ctx = serviceContextOf(v1);
  const resourceOperation = { roles: AIS_ROLES, requiredHeaders: ["PSU-ID"] };
  // The path's accountId has passed accountIdParams when the query is judged.
  const listing = listingQueryOf(ctx, (params, bookingStatus) =>
    accountCursorBinding(ctx, accountIdParams.parse(params).accountId, bookingStatus),
  );

  routes.get(
    "/accounts",
    v1Route(
      { roles: AIS_ROLES, requiredHeaders: SCA_HEADERS },
      {
        summary: "List the accounts the PSU consented to",
        description:
          "The accounts the PSU consented to for this TPP, in the context of the SCA session (a corporate context lists its agreement's accounts only). Needs an SCA within the hour under TPP-Session-ID: otherwise 401 with _links.scaRedirect, which leads through login, context and the consent screen.",
        tags: TAGS,
        querystring: z.looseObject({ withBalance: z.enum(["true", "false"]).optional().describe("true: each account with its balances") }),
        headers: SCA_START_HEADERS,
        responses: {
          200: { description: "The consented accounts", schema: accountsResponseSchema },
          ...errorReplies(ERROR_DOCS, 400, 401, 403),
        },
      },
    ),
    async (request) => {
      const headers = readPsuHeaders(request.headers);
      const withBalance = request.query.withBalance === "true";
      return listConsentedAccounts(ctx, { tpp: request.tpp, headers }, { withBalance });
    },
  );

  routes.get(
    "/accounts/:accountId",
    v1Route(resourceOperation, {
      summary: "Read one account",
      tags: TAGS,
      params: accountIdParams,
      headers: RESOURCE_READ_HEADERS,
      responses: {
        200: { description: "The account", schema: accountResponseSchema },
        ...errorReplies(ERROR_DOCS, 400, 401, 403, 404),
      },
    }),
    async (request) => {
      const { accountId } = request.params;
      return getAccount(ctx, { tpp: request.tpp, headers: readPsuHeaders(request.headers) }, accountId);
    },
  );

  routes.get(
    "/accounts/:accountId/balances",
    v1Route(resourceOperation, {
      summary: "Read an account's balances",
      description:
        "closingBooked (end of yesterday), expected and interimAvailable, in the account's currency. Without the PSU present: 4 calls per 24 hours.",
      tags: TAGS,
      params: accountIdParams,
      headers: RESOURCE_READ_HEADERS,
      responses: {
        200: { description: "The balances", schema: balancesResponseSchema },
        ...errorReplies(ERROR_DOCS, 400, 401, 403, 404, 429),
      },
    }),
    async (request) => {
      const { accountId } = request.params;
      return getAccountBalances(ctx, { tpp: request.tpp, headers: readPsuHeaders(request.headers) }, accountId);
    },
  );

  routes.get(
    "/accounts/:accountId/transactions",
    v1Route(resourceOperation, {
      summary: "List an account's transactions",
      description:
        "Newest first, paged (200 per page unless limit or offset is given) with transactions._links account, first, next, previous and last. Following next costs the same on every page. Known issue (switch BANK_PENDING_KNOWN_ISSUE, on by default): with bookingStatus pending or both every pending transaction is returned, unfiltered by dateFrom, dateTo and limit. Without the PSU present: 4 calls per 24 hours and at most 90 days back. A KID is remittanceInformationStructured {reference, referenceType: KID}, the Remittance reference item of Berlin Group 1.3.",
      tags: TAGS,
      params: accountIdParams,
      querystring: listing.schema,
      headers: RESOURCE_READ_HEADERS,
      responses: {
        200: { description: "A page of transactions", schema: transactionsResponseSchema },
        ...errorReplies(ERROR_DOCS, 400, 401, 403, 404, 429),
      },
    }),
    async (request) => {
      const { accountId } = request.params;
      return listAccountTransactions(ctx, { tpp: request.tpp, headers: readPsuHeaders(request.headers) }, accountId, listing.of(request));
    },
  );

  routes.get(
    "/accounts/:accountId/transactions/:transactionId",
    v1Route(resourceOperation, {
      summary: "Read one transaction's details",
      description:
        "The transaction with what the listing leaves out: additionalInformation, additionalInformationProprietary1..n, creditor and debtor addresses.",
      tags: TAGS,
      params: transactionParams,
      headers: RESOURCE_READ_HEADERS,
      responses: {
        200: { description: "The transaction's details", schema: transactionDetailsResponseSchema },
        ...errorReplies(ERROR_DOCS, 400, 401, 403, 404),
      },
    }),
    async (request) => {
      const { accountId, transactionId } = request.params;
      return getTransactionDetails(ctx, { tpp: request.tpp, headers: readPsuHeaders(request.headers) }, accountId, transactionId);
    },
  );
}
