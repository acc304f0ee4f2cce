/**
 * The sandbox bank's data and test operations (docs/interface/sandbox-operations.md#sandbox-operations) for lib/tpp's tests, signed and
 * sent through an AspspClient like every other call: the clock, batch runs, balances, customers,
 * accounts and agreements. Each reply is read with a schema; a refusal is the client's AspspError.
 */
import { type z } from "zod";
import {
  sandboxAccountSchema,
  sandboxAgreementSchema,
  sandboxBalanceSchema,
  sandboxBatchRunsReplySchema,
  sandboxClockMoveReplySchema,
  sandboxCustomersSchema,
  type SandboxAccount,
  type SandboxAgreement,
  type SandboxBatchRunsOutcome,
  type SandboxClockMoveReply,
  type SandboxCustomer,
} from "../../psd2/schemas";
import type { Money } from "../ais/ais-types";
import type { AspspCaller } from "../aspsp/aspsp-caller";
import type { AspspClient } from "../aspsp/create-aspsp-client";
import { sandboxClockResponseSchema } from "../clock/app-clock";

// Sandbox operations are made for no PSU.
const NOBODY: AspspCaller = {};

export type BatchRunsOutcome = SandboxBatchRunsOutcome;

export type SandboxClock = z.output<typeof sandboxClockResponseSchema>;

export type { SandboxAccount, SandboxAgreement };

export type SandboxClockMove =
  | { readonly now: string; readonly frozen?: boolean }
  | { readonly advance: string; readonly frozen?: boolean }
  | { readonly frozen: boolean }
  | { readonly reset: true };

/** GET /v1/sandbox/clock: the sandbox time, its date in Oslo, frozen or running, the offset. */
export async function readSandboxClock(client: AspspClient): Promise<SandboxClock> {
  return (await client.fetch({ method: "GET", path: "/v1/sandbox/clock", schema: sandboxClockResponseSchema, caller: NOBODY })).value;
}

/** POST /v1/sandbox/clock: sets, advances, freezes or resets the clock; the reply lists the batch runs the move ran. */
export async function moveSandboxClock(client: AspspClient, move: SandboxClockMove): Promise<SandboxClockMoveReply> {
  return (
    await client.fetch({ method: "POST", path: "/v1/sandbox/clock", body: move, schema: sandboxClockMoveReplySchema, caller: NOBODY })
  ).value;
}

/** POST /v1/sandbox/batch-runs: the due batch runs, then one at the sandbox's current time. */
export async function runBatch(client: AspspClient): Promise<BatchRunsOutcome> {
  return (await client.fetch({ method: "POST", path: "/v1/sandbox/batch-runs", schema: sandboxBatchRunsReplySchema, caller: NOBODY }))
    .value;
}

/** PUT /v1/sandbox/accounts/{id}/balances: sets the booked balance. */
export async function setAccountBalance(client: AspspClient, accountId: string, balance: Money): Promise<void> {
  await client.fetch({
    method: "PUT",
    path: `/v1/sandbox/accounts/${encodeURIComponent(accountId)}/balances`,
    body: { balanceAmount: { currency: balance.currency, amount: balance.amount } },
    schema: sandboxBalanceSchema,
    caller: NOBODY,
  });
}

/** GET /v1/sandbox/customers: every customer with the ids of its accounts, card accounts and agreements. */
export async function listSandboxCustomers(client: AspspClient): Promise<SandboxCustomer[]> {
  const reply = await client.fetch({
    method: "GET",
    path: "/v1/sandbox/customers",
    schema: sandboxCustomersSchema,
    caller: NOBODY,
  });
  return reply.value.customers;
}

/** The sandbox customer with this customerNumber (the national identity number of its login). */
export async function findSandboxCustomer(client: AspspClient, customerNumber: string): Promise<SandboxCustomer> {
  const customer = (await listSandboxCustomers(client)).find((candidate) => candidate.customerNumber === customerNumber);
  if (customer === undefined) throw new Error(`the sandbox bank has no customer with customerNumber ${customerNumber}`);
  return customer;
}

/** POST /v1/sandbox/accounts: a new account of a customer, with a new BBAN and IBAN and the given balance. */
export async function createSandboxAccount(
  client: AspspClient,
  input: { readonly customerId: string; readonly name: string; readonly balance?: Money; readonly kidRequired?: boolean },
): Promise<SandboxAccount> {
  const reply = await client.fetch({
    method: "POST",
    path: "/v1/sandbox/accounts",
    body: input,
    schema: sandboxAccountSchema,
    caller: NOBODY,
  });
  return reply.value;
}

/** POST /v1/sandbox/agreements: a corporate agreement of a CORPORATE customer over some of its accounts. */
export async function createSandboxAgreement(
  client: AspspClient,
  input: {
    readonly customerId: string;
    readonly name: string;
    readonly organisationNumber: string;
    readonly accountIds: readonly string[];
  },
): Promise<SandboxAgreement> {
  const reply = await client.fetch({
    method: "POST",
    path: "/v1/sandbox/agreements",
    body: input,
    schema: sandboxAgreementSchema,
    caller: NOBODY,
  });
  return reply.value;
}
