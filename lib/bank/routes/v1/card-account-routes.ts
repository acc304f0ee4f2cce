import type { FastifyInstance } from "fastify";
import type { ZodOutputTypeProvider } from "../../plugins/route-validation";
import { balancesResponseSchema } from "../../../psd2/schemas/balances";
import { cardAccountResponseSchema, cardAccountsResponseSchema } from "../../../psd2/schemas/card-account";
import { cardTransactionsResponseSchema } from "../../../psd2/schemas/card-transactions";
import { z } from "zod";
import { AIS_ROLES, SCA_HEADERS } from "../../operation";
import { getCardAccount } from "../../services/account-information/get-card-account";
import { getCardAccountBalances } from "../../services/account-information/get-card-account-balances";
import { cardAccountCursorBinding, listCardAccountTransactions } from "../../services/account-information/list-card-account-transactions";
import { listConsentedCardAccounts } from "../../services/account-information/list-consented-accounts";
import { readPsuHeaders } from "../../services/sca-sessions/read-psu-headers";
import { cardAccountIdParams, ERROR_DOCS, RESOURCE_READ_HEADERS, SCA_START_HEADERS, listingQueryOf } from "./ais-route-docs";
import { serviceContextOf } from "./service-context-of";
import { errorReplies, v1Route } from "../../openapi/v1-route";

const TAGS = ["Account information"];

/**
 * Account information on card accounts: the consented card accounts, one card account, its
 * balances and its transactions (the spec's card shape, paged).
 *
 * @see docs/interface/endpoints.md#success-statuses, docs/interface/accounts.md#accounts-balances-transactions
 */
export async function cardAccountRoutes(v1: FastifyInstance): Promise<void> {
  const routes = v1.withTypeProvider<ZodOutputTypeProvider>();
  const ctx = serviceContextOf(v1);
  const resourceOperation = { roles: AIS_ROLES, requiredHeaders: ["PSU-ID"] };
  // The path's cardAccountId has passed cardAccountIdParams when the query is judged.
  const listing = listingQueryOf(ctx, (params, bookingStatus) =>
    cardAccountCursorBinding(cardAccountIdParams.parse(params).cardAccountId, bookingStatus),
  );

  routes.get(
    "/card-accounts",
    v1Route(
      { roles: AIS_ROLES, requiredHeaders: SCA_HEADERS },
      {
        summary: "List the card accounts the PSU consented to",
        description: "As GET /v1/accounts for card accounts; a PSU without card accounts gets 404 RESOURCE_UNKNOWN.",
        tags: TAGS,
        querystring: z.looseObject({
          withBalance: z.enum(["true", "false"]).optional().describe("true: each card account with its balances"),
        }),
        headers: SCA_START_HEADERS,
        responses: {
          200: { description: "The consented card accounts", schema: cardAccountsResponseSchema },
          ...errorReplies(ERROR_DOCS, 400, 401, 403, 404),
        },
      },
    ),
    async (request) => {
      const headers = readPsuHeaders(request.headers);
      const withBalance = request.query.withBalance === "true";
      return listConsentedCardAccounts(ctx, { tpp: request.tpp, headers }, { withBalance });
    },
  );

  routes.get(
    "/card-accounts/:cardAccountId",
    v1Route(resourceOperation, {
      summary: "Read one card account",
      tags: TAGS,
      params: cardAccountIdParams,
      headers: RESOURCE_READ_HEADERS,
      responses: {
        200: { description: "The card account", schema: cardAccountResponseSchema },
        ...errorReplies(ERROR_DOCS, 400, 401, 403, 404),
      },
    }),
    async (request) => {
      const { cardAccountId } = request.params;
      return getCardAccount(ctx, { tpp: request.tpp, headers: readPsuHeaders(request.headers) }, cardAccountId);
    },
  );

  routes.get(
    "/card-accounts/:cardAccountId/balances",
    v1Route(resourceOperation, {
      summary: "Read a card account's balances",
      tags: TAGS,
      params: cardAccountIdParams,
      headers: RESOURCE_READ_HEADERS,
      responses: {
        200: { description: "The balances", schema: balancesResponseSchema },
        ...errorReplies(ERROR_DOCS, 400, 401, 403, 404, 429),
      },
    }),
    async (request) => {
      const { cardAccountId } = request.params;
      return getCardAccountBalances(ctx, { tpp: request.tpp, headers: readPsuHeaders(request.headers) }, cardAccountId);
    },
  );

  routes.get(
    "/card-accounts/:cardAccountId/transactions",
    v1Route(resourceOperation, {
      summary: "List a card account's transactions",
      description:
        "Berlin Group's card account report in the spec's card shape plus transactionDetails: booked always (empty when only pending ones are asked for), pending ones whole with their amounts (no bookingDate), and paging links with cardAccount; the pending known issue does not apply.",
      tags: TAGS,
      params: cardAccountIdParams,
      querystring: listing.schema,
      headers: RESOURCE_READ_HEADERS,
      responses: {
        200: { description: "A page of card transactions", schema: cardTransactionsResponseSchema },
        ...errorReplies(ERROR_DOCS, 400, 401, 403, 404, 429),
      },
    }),
    async (request) => {
      const { cardAccountId } = request.params;
      return listCardAccountTransactions(
        ctx,
        { tpp: request.tpp, headers: readPsuHeaders(request.headers) },
        cardAccountId,
        listing.of(request),
      );
    },
  );
}
