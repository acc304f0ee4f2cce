import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodOutputTypeProvider } from "../../plugins/route-validation";
import { ANY_TPP_ROLES } from "../../operation";
import {
  createSandboxAccount,
  createSandboxAccountTransactions,
  createSandboxAgreement,
  createSandboxCardAccount,
  createSandboxCardTransactions,
  createSandboxCustomer,
  getSandboxCustomer,
  initializeSandbox,
  listSandboxCardTransactions,
  listSandboxCustomers,
  setSandboxAccountBalance,
  setSandboxCardAccountBalance,
} from "../../services/sandbox";
import {
  createSandboxAccountSchema,
  createSandboxAccountTransactionsSchema,
  createSandboxAgreementSchema,
  createSandboxCardAccountSchema,
  createSandboxCardTransactionsSchema,
  createSandboxCustomerSchema,
  setSandboxBalanceSchema,
} from "../../../psd2/schemas/sandbox-requests";
import { sandboxCardTransactionsResponseSchema } from "../../../psd2/schemas/card-transactions";
import { sandboxCustomerSchema } from "../../../psd2/schemas/sandbox-customer";
import {
  sandboxAccountSchema,
  sandboxAgreementSchema,
  sandboxBalanceSchema,
  sandboxCardAccountSchema,
  sandboxCreatedCardTransactionsSchema,
  sandboxCreatedTransactionsSchema,
  sandboxCustomersSchema,
  sandboxInitialisationSchema,
} from "../../../psd2/schemas/sandbox-replies";
import {
  accountIdParams,
  cardAccountIdParams,
  customerIdParams,
  noBodySchema,
  SANDBOX_DATA_TAG,
  SANDBOX_ERRORS,
  sandboxCardTransactionsQuery,
} from "./sandbox-route-docs";
import { errorReplies, v1Route } from "../../openapi/v1-route";
import { serviceContextOf } from "./service-context-of";

const TAGS = [SANDBOX_DATA_TAG];
const operation = { roles: ANY_TPP_ROLES };

/** A 201 with the resource's address (docs/interface/conventions.md#wire-conventions: Location and ASPSP-SCA-Approach on every 201). */
function created<T>(reply: FastifyReply, location: string, body: T): FastifyReply {
  return reply.status(201).header("Location", location).header("ASPSP-SCA-Approach", "REDIRECT").send(body);
}

const path = (...segments: string[]) => segments.map((segment) => encodeURIComponent(segment)).join("/");

/**
 * The sandbox data operations: initialisation, customers, accounts, card accounts, agreements,
 * transactions and balances. Each route's schemas (lib/psd2's) check its body and query, and the
 * service in lib/bank/services/sandbox takes what they parsed and checks what needs the database
 * or the clock, throwing BankError; each operation needs a signed request from a TPP with either
 * PSD2 role.
 *
 * Location of a 201: where the new resource is read. A sandbox customer at
 * /v1/sandbox/customers/{id}; an account or card account at its account information address
 * (/v1/accounts/{id}, /v1/card-accounts/{id}: readable once a PSU consents); an agreement in its
 * customer (the customer's agreements); new transactions in the account's transaction list.
 *
 * @see docs/interface/sandbox-operations.md#sandbox-operations; docs/interface/sandbox-operations.md#sandbox-customer, docs/interface/sandbox-operations.md#customers,
 *   docs/interface/sandbox-operations.md#card-account-transactions-listing, docs/interface/endpoints.md#other-operations
 */
export async function sandboxDataRoutes(v1: FastifyInstance): Promise<void> {
  const routes = v1.withTypeProvider<ZodOutputTypeProvider>();
  const ctx = serviceContextOf(v1);

  routes.post(
    "/sandbox/initialize",
    v1Route(operation, {
      summary: "Reset the sandbox to its known state",
      description:
        "Four customers (private 13039319955 and 12085592767 with 2 accounts and a card account each; corporate 18129215603 and 20079518612 with 2 accounts in an agreement each), 13 months of deterministic history up to the sandbox clock's today, a few pending transactions. Customers, accounts, card accounts and agreements made by hand are discarded; consents, SCA sessions and counters are cleared. Registered TPPs, the psu-ids of the initial customers, the bank's keys and the sandbox clock stay. No body (or {}).",
      tags: TAGS,
      body: noBodySchema,
      responses: {
        200: { description: "What the sandbox now holds", schema: sandboxInitialisationSchema },
        ...errorReplies(SANDBOX_ERRORS, 400, 403),
      },
    }),
    async () => initializeSandbox(ctx),
  );

  routes.post(
    "/sandbox/customers",
    v1Route(operation, {
      summary: "Create a sandbox customer",
      description:
        "customerNumber (11 digits) is the mocked national identity number the customer logs in with at SCA; one already in use is 409 CONFLICT. The customer starts without accounts.",
      tags: TAGS,
      body: createSandboxCustomerSchema,
      responses: {
        201: { description: "CREATED: the sandbox customer (Location: /v1/sandbox/customers/{customerId})", schema: sandboxCustomerSchema },
        ...errorReplies(SANDBOX_ERRORS, 400, 403, 409),
      },
    }),
    async (request, reply) => {
      const customer = await createSandboxCustomer(ctx, request.body);
      return created(reply, customer._links.self.href, customer);
    },
  );

  routes.get(
    "/sandbox/customers",
    v1Route(operation, {
      summary: "List the sandbox customers",
      description: "The initial customers first, then the others in the order they were made.",
      tags: TAGS,
      responses: {
        200: { description: "Every sandbox customer", schema: sandboxCustomersSchema },
        ...errorReplies(SANDBOX_ERRORS, 400, 403),
      },
    }),
    async () => listSandboxCustomers(ctx),
  );

  routes.get(
    "/sandbox/customers/:customerId",
    v1Route(operation, {
      summary: "Read one sandbox customer",
      description: "For sandbox data management only; not part of the production interface.",
      tags: TAGS,
      params: customerIdParams,
      responses: {
        200: { description: "The sandbox customer", schema: sandboxCustomerSchema },
        ...errorReplies(SANDBOX_ERRORS, 400, 403, 404),
      },
    }),
    async (request) => getSandboxCustomer(ctx, request.params.customerId),
  );

  routes.post(
    "/sandbox/accounts",
    v1Route(operation, {
      summary: "Create a sandbox account",
      description:
        "Only customerId and name are required. Defaults: currency NOK, product = name, cashAccountType CACC, usage from the customer type, ownerName = the customer's name, balance 0. The bank draws a new BBAN (MOD11) and IBAN.",
      tags: TAGS,
      body: createSandboxAccountSchema,
      responses: {
        201: {
          description: "CREATED: the account (Location: /v1/accounts/{resourceId}, readable with consent)",
          schema: sandboxAccountSchema,
        },
        ...errorReplies(SANDBOX_ERRORS, 400, 403),
      },
    }),
    async (request, reply) => {
      const account = await createSandboxAccount(ctx, request.body);
      return created(reply, `/v1/accounts/${path(account.resourceId)}`, account);
    },
  );

  routes.post(
    "/sandbox/card-accounts",
    v1Route(operation, {
      summary: "Create a sandbox card account",
      description:
        "The card account's currency is creditLimit's. relatedAccountId (the account card payments are drawn on) must be one of the customer's accounts; without it the customer's first account is used. Without maskedPan the bank makes one.",
      tags: TAGS,
      body: createSandboxCardAccountSchema,
      responses: {
        201: {
          description: "CREATED: the card account (Location: /v1/card-accounts/{resourceId}, readable with consent)",
          schema: sandboxCardAccountSchema,
        },
        ...errorReplies(SANDBOX_ERRORS, 400, 403),
      },
    }),
    async (request, reply) => {
      const cardAccount = await createSandboxCardAccount(ctx, request.body);
      return created(reply, `/v1/card-accounts/${path(cardAccount.resourceId)}`, cardAccount);
    },
  );

  routes.post(
    "/sandbox/agreements",
    v1Route(operation, {
      summary: "Create a corporate agreement",
      description:
        "The customer must be CORPORATE; organisationNumber has 9 digits with a valid MOD11 check digit; accountIds are at least one of the customer's own accounts, each once.",
      tags: TAGS,
      body: createSandboxAgreementSchema,
      responses: {
        201: {
          description: "CREATED: the agreement (Location: its customer, /v1/sandbox/customers/{customerId})",
          schema: sandboxAgreementSchema,
        },
        ...errorReplies(SANDBOX_ERRORS, 400, 403),
      },
    }),
    async (request, reply) => {
      const agreement = await createSandboxAgreement(ctx, request.body);
      return created(reply, agreement._links.customer.href, agreement);
    },
  );

  routes.post(
    "/sandbox/accounts/:mockAccountId/transactions",
    v1Route(operation, {
      summary: "Add transactions to a sandbox account",
      description:
        "An array of 1 to 1000 transactions, all added or none. Only transactionAmount is required, in the account's currency. Booked ones (the default) change the booked balance; a bookingDate may not be later than today. A debtorAccount that is another account of this bank is 400 FORMAT_ERROR at [i].debtorAccount: money leaves a sandbox account only through a payment.",
      tags: TAGS,
      params: accountIdParams,
      body: createSandboxAccountTransactionsSchema,
      responses: {
        201: {
          description: "CREATED: the transactions and the new booked balance (Location: /v1/accounts/{id}/transactions)",
          schema: sandboxCreatedTransactionsSchema,
        },
        ...errorReplies(SANDBOX_ERRORS, 400, 403, 404),
      },
    }),
    async (request, reply) => {
      const { mockAccountId } = request.params;
      const added = await createSandboxAccountTransactions(ctx, mockAccountId, request.body);
      return created(reply, `/v1/accounts/${path(mockAccountId)}/transactions`, added);
    },
  );

  routes.post(
    "/sandbox/card-accounts/:mockCardAccountId/transactions",
    v1Route(operation, {
      summary: "Add card transactions to a sandbox card account",
      description:
        "An array of 1 to 1000, all added or none. transactionAmount is in the card account's currency; originalAmount (what the merchant charged) defaults to it and has the same sign. A whole number of units (-250) is read as \"-250.00\". transactionDate defaults to today; a booked one's bookingDate defaults to its transactionDate.",
      tags: TAGS,
      params: cardAccountIdParams,
      body: createSandboxCardTransactionsSchema,
      responses: {
        201: {
          description: "CREATED: the card transactions and the new booked balance (Location: /v1/sandbox/card-accounts/{id}/transactions)",
          schema: sandboxCreatedCardTransactionsSchema,
        },
        ...errorReplies(SANDBOX_ERRORS, 400, 403, 404),
      },
    }),
    async (request, reply) => {
      const { mockCardAccountId } = request.params;
      const added = await createSandboxCardTransactions(ctx, mockCardAccountId, request.body);
      return created(reply, `/v1/sandbox/card-accounts/${path(mockCardAccountId)}/transactions`, added);
    },
  );

  routes.get(
    "/sandbox/card-accounts/:mockCardAccountId/transactions",
    v1Route(operation, {
      summary: "List a sandbox card account's transactions",
      description:
        "For sandbox data management only. bookingStatus is required (QUERY_PARAMETER_REQUIRED when missing); limit is at least 1 (default 200); offset and limit apply to each list. Amounts are decimal strings; pending holds the ids of the pending card transactions, as the spec types it string[].",
      tags: TAGS,
      params: cardAccountIdParams,
      querystring: sandboxCardTransactionsQuery,
      responses: {
        200: { description: "The card account's transactions in the spec's sandbox shape", schema: sandboxCardTransactionsResponseSchema },
        ...errorReplies(SANDBOX_ERRORS, 400, 403, 404),
      },
    }),
    async (request) => listSandboxCardTransactions(ctx, request.params.mockCardAccountId, request.query),
  );

  routes.put(
    "/sandbox/accounts/:mockAccountId/balances",
    v1Route(operation, {
      summary: "Set a sandbox account's balance",
      description:
        "Sets the booked balance (today's bookings included), in the account's currency; closingBooked, expected and interimAvailable are derived from it.",
      tags: TAGS,
      params: accountIdParams,
      body: setSandboxBalanceSchema,
      responses: { 200: { description: "The balance set", schema: sandboxBalanceSchema }, ...errorReplies(SANDBOX_ERRORS, 400, 403, 404) },
    }),
    async (request) => setSandboxAccountBalance(ctx, request.params.mockAccountId, request.body),
  );

  routes.put(
    "/sandbox/card-accounts/:mockCardAccountId/balances",
    v1Route(operation, {
      summary: "Set a sandbox card account's balance",
      description: "Sets the booked balance, in the card account's currency; negative when the card owes money.",
      tags: TAGS,
      params: cardAccountIdParams,
      body: setSandboxBalanceSchema,
      responses: { 200: { description: "The balance set", schema: sandboxBalanceSchema }, ...errorReplies(SANDBOX_ERRORS, 400, 403, 404) },
    }),
    async (request) => setSandboxCardAccountBalance(ctx, request.params.mockCardAccountId, request.body),
  );
}
