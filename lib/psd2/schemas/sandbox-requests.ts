/**
 * The request bodies of the sandbox data operations whose shapes the spec leaves "not shown"
 * (docs/interface/sandbox-operations.md#sandbox-operations names the operations); lib/bank/services/sandbox/README.md documents each one.
 * Unknown fields are rejected, so that a misspelt field is an error rather than silently ignored.
 * The sandbox bank validates with these, and so does the TPP's sandbox control room, with the
 * same rules and messages.
 */
import { z } from "zod";
import { currencyCodeSchema, ibanSchema, isoDateSchema } from "./fields";
import { sandboxCustomerRequestSchema } from "./sandbox-customer";
import { isValidOrganisationNumber } from "./sandbox-organisation-number";
import { addViolation, checkWith, text } from "./zod-checks";
import {
  checkKid,
  FIELD_LIMITS,
  formatError,
  minorUnitsOf,
  validateAmount,
  validateItemCount,
  validateLength,
  validateUniqueItems,
} from "../validation";

/** At most this many transactions per creation request. */
export const MAX_SANDBOX_TRANSACTIONS_PER_REQUEST = 1000;

const NAME_LIMIT = { min: 1, max: 70 } as const;
const REFERENCE_LIMIT = { min: 1, max: 35 } as const;
const INT32_MAX = 2_147_483_647;

/** ISO 20022 ExternalCashAccountType1Code. @see docs/interface/accounts.md#accounts-balances-transactions */
export const SANDBOX_CASH_ACCOUNT_TYPES = [
  "CACC",
  "CARD",
  "CASH",
  "CHAR",
  "CISH",
  "COMM",
  "CPAC",
  "LLSV",
  "LOAN",
  "MGLD",
  "MOMA",
  "NFCA",
  "NREX",
  "ODFT",
  "ONDP",
  "OTHR",
  "SACC",
  "SLRY",
  "SVGS",
  "TAXE",
  "TRAN",
  "TRAS",
  "VACC",
] as const;

/**
 * An Amount that may be negative (a debit) and, when allowed, zero (a balance); with
 * `allowInteger`, a JSON integer of whole units is read too, as the spec types the sandbox card
 * amounts int32. The output amount is always a decimal string with the currency's fraction digits.
 */
function signedAmountSchema(options: { allowZero: boolean; allowInteger: boolean }) {
  const amount = options.allowInteger ? z.union([z.string(), z.number()]) : z.string();
  return z
    .strictObject({
      currency: currencyCodeSchema.describe("ISO 4217 alphabetic currency code; the account's currency"),
      amount: amount.describe(
        "Decimal string with '.' as separator and the currency's minor units as fraction digits, e.g. \"-250.00\"; card transactions also take a whole number",
      ),
    })
    .check((payload) => {
      const { currency, amount: value } = payload.value;
      if (typeof value === "number") {
        if (!Number.isInteger(value) || Math.abs(value) > INT32_MAX) {
          addViolation(payload, formatError('must be a decimal string such as "-250.00", or a whole number (int32)'), ["amount"]);
        } else if (value === 0 && !options.allowZero) {
          addViolation(payload, formatError("must not be zero; debits are negative, credits positive"), ["amount"]);
        }
        return;
      }
      const magnitude = value.startsWith("-") ? value.slice(1) : value;
      if (/^0(\.0+)?$/.test(magnitude)) {
        if (!options.allowZero) {
          addViolation(payload, formatError("must not be zero; debits are negative, credits positive"), ["amount"]);
          return;
        }
        // Zero passes when its fraction digits are right: check them on a non-zero twin.
        const violation = validateAmount(`1${magnitude.slice(1)}`, currency);
        if (violation) addViolation(payload, violation, ["amount"]);
        return;
      }
      const violation = validateAmount(magnitude, currency);
      if (violation) addViolation(payload, violation, ["amount"]);
    })
    .transform(({ currency, amount: value }) => {
      if (typeof value === "string") return { currency, amount: value === "-0" || /^-0(\.0+)?$/.test(value) ? value.slice(1) : value };
      const digits = minorUnitsOf(currency) ?? 0;
      return { currency, amount: `${value}${digits > 0 ? `.${"0".repeat(digits)}` : ""}` };
    });
}

/** A non-negative Amount (a credit limit). */
const nonNegativeAmountSchema = signedAmountSchema({ allowZero: true, allowInteger: false }).check((payload) => {
  if (payload.value.amount.startsWith("-")) addViolation(payload, formatError("must not be negative"), ["amount"]);
});

const idSchema = text({ min: 1, max: 100 });

/** POST /v1/sandbox/customers: the spec's customer fields; customerNumber is a mocked national identity number of 11 digits. */
export const createSandboxCustomerSchema = sandboxCustomerRequestSchema.check((payload) => {
  if (!/^[0-9]{11}$/.test(payload.value.customerNumber)) {
    addViolation(payload, formatError("must be 11 digits, a mocked national identity number such as 13039319955"), ["customerNumber"]);
  }
  const tooLong = validateLength(payload.value.customerName, NAME_LIMIT);
  if (tooLong) addViolation(payload, tooLong, ["customerName"]);
});
export type CreateSandboxCustomerInput = z.output<typeof createSandboxCustomerSchema>;

/** POST /v1/sandbox/accounts. */
export const createSandboxAccountSchema = z.strictObject({
  customerId: idSchema.describe("The id of the sandbox customer who owns it"),
  name: text(NAME_LIMIT).describe("Its name (1-70 characters)"),
  currency: currencyCodeSchema.optional().describe("The account's currency (ISO 4217); default NOK"),
  product: text(NAME_LIMIT).optional().describe("The bank's product name (1-70 characters)"),
  cashAccountType: z.enum(SANDBOX_CASH_ACCOUNT_TYPES).optional().describe("ISO 20022 cash account type, e.g. CACC or SVGS"),
  usage: z.enum(["PRIV", "ORGA"]).optional().describe("PRIV (private) or ORGA (professional)"),
  ownerName: text(NAME_LIMIT).optional().describe("Name of the owner (1-70 characters)"),
  kidRequired: z.boolean().optional().describe("true: a payment to the account must carry a KID"),
  balance: signedAmountSchema({ allowZero: true, allowInteger: false }).optional().describe("The booked balance to start with"),
});
export type CreateSandboxAccountInput = z.output<typeof createSandboxAccountSchema>;

/** POST /v1/sandbox/card-accounts. */
export const createSandboxCardAccountSchema = z.strictObject({
  customerId: idSchema.describe("The id of the sandbox customer who owns it"),
  name: text(NAME_LIMIT).describe("Its name (1-70 characters)"),
  creditLimit: nonNegativeAmountSchema.describe("The card's credit limit (not negative)"),
  product: text(NAME_LIMIT).optional().describe("The bank's product name (1-70 characters)"),
  maskedPan: z
    .string()
    .regex(/^[0-9]{6}\*{6}[0-9]{4}$/, "must be 6 digits, 6 stars and 4 digits, e.g. 552211******4821")
    .optional()
    .describe("The masked card number: 6 digits, 6 stars, 4 digits; absent: the bank makes one"),
  relatedAccountId: idSchema
    .optional()
    .describe("The customer's account the card's payments are drawn on; absent: the customer's first account"),
  usage: z.enum(["PRIV", "ORGA"]).optional().describe("PRIV (private) or ORGA (professional)"),
  ownerName: text(NAME_LIMIT).optional().describe("Name of the owner (1-70 characters)"),
  balance: signedAmountSchema({ allowZero: true, allowInteger: false }).optional().describe("The booked balance to start with"),
});
export type CreateSandboxCardAccountInput = z.output<typeof createSandboxCardAccountSchema>;

/** POST /v1/sandbox/agreements. */
export const createSandboxAgreementSchema = z.strictObject({
  customerId: idSchema.describe("The id of the sandbox customer who owns it"),
  name: text(NAME_LIMIT).describe("Its name (1-70 characters)"),
  organisationNumber: z
    .string()
    .check(
      checkWith((value: string) =>
        isValidOrganisationNumber(value)
          ? undefined
          : formatError(
              "must be a Norwegian organisation number: 9 digits with a valid MOD11 check digit (weights 3, 2, 7, 6, 5, 4, 3, 2)",
            ),
      ),
    )
    .describe("The company's Norwegian organisation number: 9 digits with a valid MOD11 check digit"),
  accountIds: z
    .array(idSchema)
    .check(checkWith((items: string[]) => validateItemCount(items, { min: 1 }, "account id")))
    .check((payload) => {
      for (const violation of validateUniqueItems(payload.value, "account id")) addViolation(payload, violation, violation.path);
    })
    .describe("The resourceIds of the customer's accounts in the agreement (at least one, each once)"),
});
export type CreateSandboxAgreementInput = z.output<typeof createSandboxAgreementSchema>;

const partyAccountSchema = z
  .strictObject({
    bban: text(FIELD_LIMITS.bban).optional().describe("Basic bank account number"),
    iban: ibanSchema.optional().describe("International bank account number"),
    currency: currencyCodeSchema.optional().describe("The account's currency (ISO 4217)"),
  })
  .check((payload) => {
    if (payload.value.bban === undefined && payload.value.iban === undefined) {
      addViolation(payload, formatError("must hold a bban or an iban"));
    }
  });
export type SandboxPartyAccountInput = z.output<typeof partyAccountSchema>;

const transactionItemSchema = z.strictObject({
  bookingStatus: z.enum(["booked", "pending"]).optional().describe("booked or pending; default booked"),
  bookingDate: isoDateSchema.optional().describe("Booking date (YYYY-MM-DD)"),
  valueDate: isoDateSchema.optional().describe("Value date (YYYY-MM-DD)"),
  transactionAmount: signedAmountSchema({ allowZero: false, allowInteger: false }).describe("The amount; negative for a debit, not zero"),
  creditorName: text(FIELD_LIMITS.creditorName).optional().describe("The creditor's name"),
  creditorAccount: partyAccountSchema.optional().describe("The creditor's account: bban or iban"),
  debtorName: text(NAME_LIMIT).optional().describe("The debtor's name"),
  debtorAccount: partyAccountSchema.optional().describe("The debtor's account: bban or iban (not another sandbox account)"),
  remittanceInformationUnstructured: text(FIELD_LIMITS.remittanceInformationUnstructured)
    .optional()
    .describe("Free-text remittance information"),
  /** A KID: 2-25 digits with a valid MOD10 or MOD11 check digit (KID_INVALID otherwise). */
  remittanceInformationStructured: z.string().check(checkWith(checkKid)).optional().describe("A KID: 2-25 digits with a valid check digit"),
  endToEndId: text(FIELD_LIMITS.endToEndIdentification).optional().describe("The payer's end-to-end identification"),
  entryReference: text(REFERENCE_LIMIT).optional().describe("The bank's reference of the entry"),
  proprietaryBankTransactionCode: text(REFERENCE_LIMIT).optional().describe("The bank's own code of the kind of transaction"),
  additionalInformation: text({ min: 1, max: 500 }).optional().describe("Further information on the transaction (at most 500 characters)"),
});
export type SandboxAccountTransactionInput = z.output<typeof transactionItemSchema>;

/** POST /v1/sandbox/accounts/{id}/transactions: an array of 1 to 1000 transactions. */
export const createSandboxAccountTransactionsSchema = z
  .array(transactionItemSchema)
  .check(checkWith((items: unknown[]) => validateItemCount(items, { min: 1, max: MAX_SANDBOX_TRANSACTIONS_PER_REQUEST }, "transaction")));
export type CreateSandboxAccountTransactionsInput = z.output<typeof createSandboxAccountTransactionsSchema>;

const cardTransactionItemSchema = z.strictObject({
  bookingStatus: z.enum(["booked", "pending"]).optional().describe("booked or pending; default booked"),
  transactionDate: isoDateSchema.optional().describe("The date of the purchase (YYYY-MM-DD)"),
  bookingDate: isoDateSchema.optional().describe("Booking date (YYYY-MM-DD)"),
  transactionAmount: signedAmountSchema({ allowZero: false, allowInteger: true }).describe("The amount; negative for a debit, not zero"),
  originalAmount: signedAmountSchema({ allowZero: false, allowInteger: true })
    .optional()
    .describe("The amount as charged, in the currency of the purchase"),
  merchantCategoryCode: z
    .string()
    .regex(/^[0-9]{4}$/, "must be an ISO 18245 merchant category code of 4 digits, e.g. 5411")
    .describe("ISO 18245 merchant category code (4 digits), e.g. 5411"),
  transactionDetails: text({ min: 1, max: 140 }).optional().describe("The merchant (1-140 characters)"),
});
export type SandboxCardTransactionInput = z.output<typeof cardTransactionItemSchema>;

/** POST /v1/sandbox/card-accounts/{id}/transactions: an array of 1 to 1000 card transactions. */
export const createSandboxCardTransactionsSchema = z
  .array(cardTransactionItemSchema)
  .check(
    checkWith((items: unknown[]) => validateItemCount(items, { min: 1, max: MAX_SANDBOX_TRANSACTIONS_PER_REQUEST }, "card transaction")),
  );
export type CreateSandboxCardTransactionsInput = z.output<typeof createSandboxCardTransactionsSchema>;

/** PUT /v1/sandbox/accounts/{id}/balances and /v1/sandbox/card-accounts/{id}/balances. */
export const setSandboxBalanceSchema = z.strictObject({
  balanceAmount: signedAmountSchema({ allowZero: true, allowInteger: false }).describe("The booked balance to set"),
});
export type SetSandboxBalanceInput = z.output<typeof setSandboxBalanceSchema>;

/** A query parameter holding a whole number (the route may hand over the raw string or a number). */
function integerParameter(minimum: number) {
  return z
    .union([z.string(), z.number()])
    .check(
      checkWith((value: string | number) => {
        const text = String(value);
        if (!/^[0-9]+$/.test(text) || Number(text) > INT32_MAX)
          return formatError(`must be a whole number from ${minimum} to ${INT32_MAX}`);
        if (Number(text) < minimum) return formatError(`must be at least ${minimum}`);
        return undefined;
      }),
    )
    .transform((value) => Number(value));
}

/**
 * The query of GET /v1/sandbox/card-accounts/{id}/transactions; offset and limit come out as
 * numbers. Loose: a parameter it does not name is let through (and ignored).
 *
 * @see docs/interface/sandbox-operations.md#card-account-transactions-listing
 */
export const sandboxCardTransactionsQuerySchema = z.looseObject({
  bookingStatus: z.enum(["booked", "pending", "both"]).describe("Required: booked, pending or both"),
  fromDate: isoDateSchema
    .optional()
    .describe("First date wanted (YYYY-MM-DD, inclusive): booking date of booked, transaction date of pending ones"),
  toDate: isoDateSchema.optional().describe("Last date wanted (YYYY-MM-DD, inclusive)"),
  offset: integerParameter(0).optional().describe("Transactions to skip in each list (a whole number, default 0)"),
  limit: integerParameter(1).optional().describe("At least 1: transactions per list (default 200)"),
});
export type SandboxCardTransactionsQuery = z.output<typeof sandboxCardTransactionsQuerySchema>;
