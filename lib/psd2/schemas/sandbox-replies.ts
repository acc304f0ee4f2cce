/**
 * The replies of the sandbox operations (docs/interface/sandbox-operations.md#sandbox-operations), as the sandbox bank describes them in
 * /openapi.json and as the TPP's sandbox control room reads them. The bank's services build the
 * replies (lib/bank/services/sandbox/sandbox-wire.ts); these schemas describe the wire.
 *
 * @see docs/interface/payments.md#batch-processing, docs/interface/sandbox-operations.md#sandbox-operations; docs/interface/sandbox-operations.md#sandbox-customer
 */
import { z } from "zod";
import { reportedAmountSchema } from "./amount";
import { linkSchema } from "./links";
import { sandboxCustomerSchema } from "./sandbox-customer";

const date = z.string().describe("YYYY-MM-DD");

export const sandboxInitialisationSchema = z.object({
  today: date.describe("The sandbox clock's today the history was generated for"),
  customers: z.number().int().describe("How many customers the sandbox now holds"),
  agreements: z.number().int().describe("How many agreements"),
  accounts: z.number().int().describe("How many accounts"),
  cardAccounts: z.number().int().describe("How many card accounts"),
  transactions: z.number().int().describe("How many account transactions"),
  cardTransactions: z.number().int().describe("How many card transactions"),
});

export const sandboxCustomersSchema = z.object({ customers: z.array(sandboxCustomerSchema).describe("Every sandbox customer") });

export const sandboxAccountSchema = z.object({
  resourceId: z.string().describe("The account's id, used in the paths of its endpoints"),
  customerId: z.string().describe("The id of the customer who owns it"),
  bban: z.string().describe("Norwegian account number (BBAN, 11 digits)"),
  iban: z.string().describe("International bank account number"),
  bic: z.string().describe("BIC of the sandbox bank"),
  currency: z.string().describe("The account's currency (ISO 4217)"),
  name: z.string().describe("The account's name"),
  product: z.string().describe("The bank's name of the account product"),
  cashAccountType: z.string().describe("ISO 20022 cash account type, e.g. CACC or SVGS"),
  status: z.enum(["enabled", "deleted", "blocked"]).describe("enabled, deleted or blocked"),
  usage: z.enum(["PRIV", "ORGA"]).describe("PRIV (private) or ORGA (professional)"),
  ownerName: z.string().describe("Name of the account's owner"),
  kidRequired: z.boolean().describe("true: a payment to the account must carry a KID"),
  balance: reportedAmountSchema.describe("The booked balance"),
  _links: z
    .object({
      customer: linkSchema.describe("The owning sandbox customer"),
      transactions: linkSchema.describe("POST: adds transactions to the account"),
      balances: linkSchema.describe("PUT: sets the account's booked balance"),
    })
    .describe("customer, transactions and balances of the sandbox account"),
});

export const sandboxCardAccountSchema = z.object({
  resourceId: z.string().describe("The card account's id, used in the paths of its endpoints"),
  customerId: z.string().describe("The id of the customer who owns it"),
  maskedPan: z.string().describe("The card number, masked: 6 digits, 6 stars, 4 digits"),
  currency: z.string().describe("The card account's currency (ISO 4217)"),
  name: z.string().describe("The card account's name"),
  product: z.string().describe("The bank's name of the card product"),
  status: z.enum(["enabled", "deleted", "blocked"]).describe("enabled, deleted or blocked"),
  usage: z.enum(["PRIV", "ORGA"]).describe("PRIV (private) or ORGA (professional)"),
  ownerName: z.string().describe("Name of the card account's owner"),
  creditLimit: reportedAmountSchema.describe("The card's credit limit"),
  balance: reportedAmountSchema.describe("The booked balance (negative when the card owes money)"),
  relatedAccountId: z
    .string()
    .optional()
    .describe("The reference a payment from the card account gives in debtorAccount.other.identification"),
  _links: z
    .object({
      customer: linkSchema.describe("The owning sandbox customer"),
      transactions: linkSchema.describe("GET: lists the card transactions; POST: adds some"),
      balances: linkSchema.describe("PUT: sets the card account's booked balance"),
    })
    .describe("customer, transactions and balances of the sandbox card account"),
});

export const sandboxAgreementSchema = z.object({
  id: z.string().describe("The agreement's id"),
  customerId: z.string().describe("The id of the customer who owns it"),
  name: z.string().describe("The agreement's name"),
  organisationNumber: z.string().describe("The company's Norwegian organisation number (9 digits)"),
  engagements: z.array(z.string()).describe("The resourceIds of the agreement's accounts"),
  _links: z.object({ customer: linkSchema.describe("The owning sandbox customer") }).describe("customer: the owning sandbox customer"),
});

const party = z.object({
  bban: z.string().optional().describe("Basic bank account number"),
  iban: z.string().optional().describe("International bank account number"),
  currency: z.string().optional().describe("The account's currency (ISO 4217)"),
});

/** A transaction as a sandbox operation made it (the listing's fields, bookingStatus and additionalInformation). */
export const sandboxTransactionSchema = z.object({
  transactionId: z.string().describe("The transaction's id"),
  bookingStatus: z.enum(["booked", "pending", "rejected"]).describe("booked, pending or rejected"),
  entryReference: z.string().optional().describe("The bank's reference of the entry"),
  endToEndId: z.string().optional().describe("The payer's end-to-end identification"),
  bookingDate: date.optional().describe("Booking date (YYYY-MM-DD); booked transactions only"),
  valueDate: date.describe("Value date (YYYY-MM-DD)"),
  transactionAmount: reportedAmountSchema.describe("The amount; negative for a debit"),
  creditorName: z.string().optional().describe("The creditor's name"),
  creditorAccount: party.optional().describe("The creditor's account"),
  debtorName: z.string().optional().describe("The debtor's name"),
  debtorAccount: party.optional().describe("The debtor's account"),
  remittanceInformationUnstructured: z.string().optional().describe("Free-text remittance information"),
  remittanceInformationStructured: z.string().optional().describe("A KID reference"),
  proprietaryBankTransactionCode: z.string().optional().describe("The bank's own code of the kind of transaction"),
  additionalInformation: z.string().optional().describe("Further information on the transaction"),
});

export const sandboxCreatedTransactionsSchema = z.object({
  transactions: z.array(sandboxTransactionSchema).describe("The transactions made, in the order given"),
  account: z
    .object({
      resourceId: z.string().describe("The account's id"),
      balance: reportedAmountSchema.describe("The booked balance after the booked ones"),
    })
    .describe("The account and its booked balance now"),
});

/** A card transaction in the spec's sandbox shape, plus bookingStatus and transactionDetails. */
export const sandboxCardTransactionSchema = z.object({
  cardTransactionId: z.string().describe("The card transaction's id"),
  bookingStatus: z.enum(["booked", "pending"]).describe("booked or pending"),
  bookingDate: date.optional().describe("Booking date (YYYY-MM-DD); booked transactions only"),
  transactionDate: date.describe("The date of the purchase (YYYY-MM-DD)"),
  transactionAmount: reportedAmountSchema.describe("The amount in the card account's currency; negative for a purchase"),
  originalAmount: reportedAmountSchema.describe("The amount as charged, in the currency of the purchase"),
  merchantCategoryCode: z.string().describe("ISO 18245 merchant category code (4 digits)"),
  transactionDetails: z.string().optional().describe("The merchant"),
});

export const sandboxCreatedCardTransactionsSchema = z.object({
  cardTransactions: z.array(sandboxCardTransactionSchema).describe("The card transactions made, in the order given"),
  cardAccount: z
    .object({
      resourceId: z.string().describe("The card account's id"),
      balance: reportedAmountSchema.describe("The booked balance after the booked ones (negative when the card owes money)"),
    })
    .describe("The card account and its booked balance now"),
});

export const sandboxBalanceSchema = z.object({
  resourceId: z.string().describe("The id of the account or card account"),
  balanceAmount: reportedAmountSchema.describe("The booked balance now"),
  lastChangeDateTime: z.string().describe("When the balance was set (ISO 8601)"),
});

const sandboxBatchRunSchema = z.object({
  runAt: z.string().describe("The run's instant (ISO 8601)"),
  trigger: z.enum(["schedule", "demand"]).describe("schedule (a scheduled time passed) or demand (POST /v1/sandbox/batch-runs)"),
  status: z.enum(["completed", "failed"]).describe("failed: a processor failed; its work was rolled back, the others' kept"),
  processors: z
    .array(
      z.object({
        name: z.string().describe("The processor's name, e.g. payments"),
        status: z.enum(["completed", "failed"]).describe("completed, or failed (its work rolled back)"),
        result: z
          .object({
            processed: z.number().int().describe("How many items it processed"),
            settled: z.number().int().optional().describe("payments: how many payments it settled (ACSC)"),
            executed: z.number().int().optional().describe("periodic-payments: how many executions of periodic payments it booked"),
            rejected: z.number().int().optional().describe("How many it rejected (RJCT: the funds did not suffice)"),
          })
          .optional()
          .describe(
            "completed: what the processor did: processed, and payments' settled and rejected, periodic-payments' executed and rejected",
          ),
        error: z.string().optional().describe("failed: why the processor failed"),
      }),
    )
    .describe("Each kind of work of the run, with its outcome"),
});

export const sandboxBatchRunsOutcomeSchema = z.object({
  ran: z.number().int().describe("How many runs ran"),
  failed: z.number().int().describe("How many of them failed"),
  skipped: z.number().int().describe("Scheduled runs passed over by a jump of more than 366 days"),
  runs: z.array(sandboxBatchRunSchema).describe("The runs, oldest first (at most the last 100)"),
});

export const sandboxClockStateSchema = z.object({
  now: z.iso.datetime({ offset: true }).describe("The sandbox time (ISO 8601, UTC)"),
  today: z.iso.date().describe("The sandbox date in Europe/Oslo (YYYY-MM-DD)"),
  frozen: z.boolean().describe("Whether the clock stands still"),
  offsetSeconds: z.number().int().describe("The sandbox time minus the real time"),
  batchSchedule: z
    .object({
      timeZone: z.literal("Europe/Oslo").describe("The time zone of the schedule"),
      times: z.array(z.string()).describe("The local times of the runs: 06:00, 09:00, 12:00, 15:00, 19:00"),
      lastScheduledRun: z.string().describe("The latest scheduled run that is due or done (ISO 8601)"),
      nextScheduledRun: z.string().describe("The next scheduled run (ISO 8601)"),
    })
    .describe("The batch runs' schedule: five times a day in Europe/Oslo"),
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
export type SandboxTransaction = z.output<typeof sandboxTransactionSchema>;
export type SandboxCardTransaction = z.output<typeof sandboxCardTransactionSchema>;
export type SandboxCreatedTransactions = z.output<typeof sandboxCreatedTransactionsSchema>;
export type SandboxCreatedCardTransactions = z.output<typeof sandboxCreatedCardTransactionsSchema>;
export type SandboxBalance = z.output<typeof sandboxBalanceSchema>;
export type SandboxBatchRunsOutcome = z.output<typeof sandboxBatchRunsOutcomeSchema>;
export type SandboxClockState = z.output<typeof sandboxClockStateSchema>;
export type SandboxClockMoveReply = z.output<typeof sandboxClockMoveReplySchema>;
export type SandboxBatchRunsReply = z.output<typeof sandboxBatchRunsReplySchema>;
