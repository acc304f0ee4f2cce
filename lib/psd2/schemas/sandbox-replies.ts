/**
 * The replies of the sandbox operations (supplement §11), as the sandbox bank describes them in
 * /openapi.json and as the TPP's sandbox control room reads them. The bank's services build the
 * replies (lib/bank/services/sandbox/sandbox-wire.ts); these schemas describe the wire.
 *
 * @see supplement.md §5 (batch runs), §11; psd2-interface.md "Sandbox customer"
 */
import { z } from "zod";
import { linkSchema } from "./links";
import { sandboxCustomerSchema } from "./sandbox-customer";

const amount = z.object({
  currency: z.string().describe("ISO 4217 code"),
  amount: z.string().describe("Decimal string with the currency's fraction digits; debits negative"),
});
const date = z.string().describe("YYYY-MM-DD");

export const sandboxInitialisationSchema = z.object({
  today: date.describe("The sandbox clock's today the history was generated for"),
  customers: z.number().int(),
  agreements: z.number().int(),
  accounts: z.number().int(),
  cardAccounts: z.number().int(),
  transactions: z.number().int(),
  cardTransactions: z.number().int(),
});

export const sandboxCustomersSchema = z.object({ customers: z.array(sandboxCustomerSchema) });

export const sandboxAccountSchema = z.object({
  resourceId: z.string(),
  customerId: z.string(),
  bban: z.string(),
  iban: z.string(),
  bic: z.string(),
  currency: z.string(),
  name: z.string(),
  product: z.string(),
  cashAccountType: z.string(),
  status: z.enum(["enabled", "deleted", "blocked"]),
  usage: z.enum(["PRIV", "ORGA"]),
  ownerName: z.string(),
  kidRequired: z.boolean(),
  balance: amount.describe("The booked balance"),
  _links: z.object({ customer: linkSchema, transactions: linkSchema, balances: linkSchema }),
});

export const sandboxCardAccountSchema = z.object({
  resourceId: z.string(),
  customerId: z.string(),
  maskedPan: z.string(),
  currency: z.string(),
  name: z.string(),
  product: z.string(),
  status: z.enum(["enabled", "deleted", "blocked"]),
  usage: z.enum(["PRIV", "ORGA"]),
  ownerName: z.string(),
  creditLimit: amount,
  balance: amount.describe("The booked balance (negative when the card owes money)"),
  relatedAccountId: z.string().optional(),
  _links: z.object({ customer: linkSchema, transactions: linkSchema, balances: linkSchema }),
});

export const sandboxAgreementSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  name: z.string(),
  organisationNumber: z.string(),
  engagements: z.array(z.string()).describe("The resourceIds of the agreement's accounts"),
  _links: z.object({ customer: linkSchema }),
});

const party = z.object({ bban: z.string().optional(), iban: z.string().optional(), currency: z.string().optional() });

export const sandboxCreatedTransactionsSchema = z.object({
  transactions: z.array(
    z.object({
      transactionId: z.string(),
      bookingStatus: z.enum(["booked", "pending", "rejected"]),
      entryReference: z.string().optional(),
      endToEndId: z.string().optional(),
      bookingDate: date.optional(),
      valueDate: date,
      transactionAmount: amount,
      creditorName: z.string().optional(),
      creditorAccount: party.optional(),
      debtorName: z.string().optional(),
      debtorAccount: party.optional(),
      remittanceInformationUnstructured: z.string().optional(),
      remittanceInformationStructured: z.string().optional(),
      proprietaryBankTransactionCode: z.string().optional(),
      additionalInformation: z.string().optional(),
    }),
  ),
  account: z.object({ resourceId: z.string(), balance: amount.describe("The booked balance after the booked ones") }),
});

export const sandboxCreatedCardTransactionsSchema = z.object({
  cardTransactions: z.array(
    z.object({
      cardTransactionId: z.string(),
      bookingStatus: z.enum(["booked", "pending"]),
      bookingDate: date.optional(),
      transactionDate: date,
      transactionAmount: amount,
      originalAmount: amount,
      merchantCategoryCode: z.string(),
      transactionDetails: z.string().optional(),
    }),
  ),
  cardAccount: z.object({ resourceId: z.string(), balance: amount }),
});

export const sandboxBalanceSchema = z.object({ resourceId: z.string(), balanceAmount: amount, lastChangeDateTime: z.string() });

const sandboxBatchRunSchema = z.object({
  runAt: z.string().describe("The run's instant (ISO 8601)"),
  trigger: z.enum(["schedule", "demand"]),
  status: z.enum(["completed", "failed"]).describe("failed: a processor failed; its work was rolled back, the others' kept"),
  processors: z.array(
    z.object({
      name: z.string(),
      status: z.enum(["completed", "failed"]),
      result: z.looseObject({ processed: z.number().int() }).optional(),
      error: z.string().optional(),
    }),
  ),
});

export const sandboxBatchRunsOutcomeSchema = z.object({
  ran: z.number().int().describe("How many runs ran"),
  failed: z.number().int().describe("How many of them failed"),
  skipped: z.number().int().describe("Scheduled runs passed over by a jump of more than 366 days"),
  runs: z.array(sandboxBatchRunSchema).describe("The runs, oldest first (at most the last 100)"),
});

export const sandboxClockStateSchema = z.object({
  now: z.string().describe("The sandbox time (ISO 8601, UTC)"),
  today: date.describe("The sandbox date in Europe/Oslo"),
  frozen: z.boolean().describe("Whether the clock stands still"),
  offsetSeconds: z.number().int().describe("The sandbox time minus the real time"),
  batchSchedule: z.object({
    timeZone: z.literal("Europe/Oslo"),
    times: z.array(z.string()).describe("06:00, 09:00, 12:00, 15:00, 19:00"),
    lastScheduledRun: z.string(),
    nextScheduledRun: z.string(),
  }),
});

export const sandboxClockMoveReplySchema = sandboxClockStateSchema.extend({
  batchRuns: sandboxBatchRunsOutcomeSchema.describe("The batch runs the move ran"),
});

export const sandboxBatchRunsReplySchema = sandboxBatchRunsOutcomeSchema.extend({
  now: z.string().describe("The sandbox time of the on-demand run"),
});

export type SandboxInitialisation = z.output<typeof sandboxInitialisationSchema>;
export type SandboxAccount = z.output<typeof sandboxAccountSchema>;
export type SandboxCardAccount = z.output<typeof sandboxCardAccountSchema>;
export type SandboxAgreement = z.output<typeof sandboxAgreementSchema>;
export type SandboxCreatedTransactions = z.output<typeof sandboxCreatedTransactionsSchema>;
export type SandboxCreatedCardTransactions = z.output<typeof sandboxCreatedCardTransactionsSchema>;
export type SandboxBalance = z.output<typeof sandboxBalanceSchema>;
export type SandboxBatchRunsOutcome = z.output<typeof sandboxBatchRunsOutcomeSchema>;
export type SandboxClockState = z.output<typeof sandboxClockStateSchema>;
export type SandboxClockMoveReply = z.output<typeof sandboxClockMoveReplySchema>;
export type SandboxBatchRunsReply = z.output<typeof sandboxBatchRunsReplySchema>;
