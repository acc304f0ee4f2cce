/**
 * Pieces shared by the sandbox operations: the empty body, and for `config.docs` their path
 * parameters, reply shapes and error replies, described once. The reply schemas describe the wire for /openapi.json; the
 * services build the replies (lib/bank/services/sandbox/sandbox-wire.ts).
 */
import { z } from "zod";
import { sandboxCardTransactionsResponseSchema } from "../../../psd2/schemas/card-transactions";
import { linkSchema } from "../../../psd2/schemas/links";
import { sandboxCustomerSchema } from "../../../psd2/schemas/sandbox-customer";
import { errorResponseSchema } from "../../../psd2/schemas/tpp-message";

/** A body that must be absent or `{}`: the operation takes no input. */
export const noBodySchema = z.strictObject({}).optional();

export const SANDBOX_DATA_TAG = "Sandbox data";
export const SANDBOX_CLOCK_TAG = "Sandbox clock and batch runs";

const amount = z.object({ currency: z.string().describe("ISO 4217 code"), amount: z.string().describe("Decimal string with the currency's fraction digits; debits negative") });
const date = z.string().describe("YYYY-MM-DD");

export const customerIdParams = z.object({ customerId: z.string().describe("The customer's customerId") });
export const accountIdParams = z.object({ mockAccountId: z.string().describe("The account's resourceId (a sandbox account)") });
export const cardAccountIdParams = z.object({ mockCardAccountId: z.string().describe("The card account's resourceId (a sandbox card account)") });

export const sandboxCardTransactionsQuery = z.object({
  bookingStatus: z.enum(["booked", "pending", "both"]).describe("Required: booked, pending or both"),
  fromDate: date.optional().describe("First date wanted (YYYY-MM-DD, inclusive): booking date of booked, transaction date of pending ones"),
  toDate: date.optional().describe("Last date wanted (YYYY-MM-DD, inclusive)"),
  offset: z.string().optional().describe("Transactions to skip in each list (a whole number, default 0)"),
  limit: z.string().optional().describe("At least 1: transactions per list (default 200)"),
});

export const initialisationSchema = z.object({
  today: date.describe("The sandbox clock's today the history was generated for"),
  customers: z.number().int(),
  agreements: z.number().int(),
  accounts: z.number().int(),
  cardAccounts: z.number().int(),
  transactions: z.number().int(),
  cardTransactions: z.number().int(),
});

export { sandboxCardTransactionsResponseSchema, sandboxCustomerSchema };
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

export const createdTransactionsSchema = z.object({
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

export const createdCardTransactionsSchema = z.object({
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

const batchRunSchema = z.object({
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

export const batchRunsOutcomeSchema = z.object({
  ran: z.number().int().describe("How many runs ran"),
  failed: z.number().int().describe("How many of them failed"),
  skipped: z.number().int().describe("Scheduled runs passed over by a jump of more than 366 days"),
  runs: z.array(batchRunSchema).describe("The runs, oldest first (at most the last 100)"),
});

export const clockStateSchema = z.object({
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

export const clockMoveReplySchema = clockStateSchema.extend({ batchRuns: batchRunsOutcomeSchema.describe("The batch runs the move ran") });

export const batchRunsReplySchema = batchRunsOutcomeSchema.extend({ now: z.string().describe("The sandbox time of the on-demand run") });

export const SANDBOX_ERRORS = {
  400: { description: "FORMAT_ERROR naming the field (path), QUERY_PARAMETER_REQUIRED, HTTP_HEADER_REQUIRED, or a signature or certificate failure", schema: errorResponseSchema },
  403: { description: "FORBIDDEN: the certificate has neither PSP_AI nor PSP_PI", schema: errorResponseSchema },
  404: { description: "RESOURCE_UNKNOWN: the id in the path is unknown", schema: errorResponseSchema },
  409: { description: "CONFLICT: the customerNumber belongs to another customer", schema: errorResponseSchema },
} as const;
