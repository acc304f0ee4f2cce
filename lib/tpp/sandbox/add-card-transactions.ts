import "server-only";
import type { z } from "zod";
import {
  type createSandboxCardTransactionsSchema,
  sandboxCreatedCardTransactionsSchema,
  type SandboxCreatedCardTransactions,
} from "../../psd2/schemas";
import { idSegment, type SandboxContext, sendSandboxRequest } from "./sandbox-context";
import type { SandboxReply } from "./sandbox-reply";

/** The body of POST /v1/sandbox/card-accounts/{id}/transactions: 1 to 1000 card transactions. */
export type CardTransactionsBody = z.input<typeof createSandboxCardTransactionsSchema>;

/**
 * POST /v1/sandbox/card-accounts/{id}/transactions: adds card transactions, all or none (201,
 * with the card account's new balance).
 * @see docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function addCardTransactions(
  ctx: SandboxContext,
  cardAccountId: string,
  transactions: CardTransactionsBody,
): Promise<SandboxReply<SandboxCreatedCardTransactions>> {
  return sendSandboxRequest(ctx, {
    method: "POST",
    path: `/v1/sandbox/card-accounts/${idSegment(cardAccountId)}/transactions`,
    body: transactions,
    schema: sandboxCreatedCardTransactionsSchema,
  });
}
