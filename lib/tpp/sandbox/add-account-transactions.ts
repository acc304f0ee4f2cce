import "server-only";
import type { z } from "zod";
import {
  type createSandboxAccountTransactionsSchema,
  sandboxCreatedTransactionsSchema,
  type SandboxCreatedTransactions,
} from "../../psd2/schemas";
import { idSegment, type SandboxContext, sendSandboxRequest } from "./sandbox-context";
import type { SandboxReply } from "./sandbox-reply";

/** The body of POST /v1/sandbox/accounts/{id}/transactions: 1 to 1000 transactions. */
export type AccountTransactionsBody = z.input<typeof createSandboxAccountTransactionsSchema>;

/**
 * POST /v1/sandbox/accounts/{id}/transactions: adds transactions to an account, all or none;
 * booked ones change its booked balance (201, with the new balance).
 * @see docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function addAccountTransactions(
  ctx: SandboxContext,
  accountId: string,
  transactions: AccountTransactionsBody,
): Promise<SandboxReply<SandboxCreatedTransactions>> {
  return sendSandboxRequest(ctx, {
    method: "POST",
    path: `/v1/sandbox/accounts/${idSegment(accountId)}/transactions`,
    body: transactions,
    schema: sandboxCreatedTransactionsSchema,
  });
}
