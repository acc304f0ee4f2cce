/**
 * The request bodies of the sandbox data operations whose shapes the spec leaves "not shown"
 * (supplement §11 names the operations); lib/bank/services/sandbox/README.md documents each one.
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
  CURRENCY_MINOR_UNITS,
  FIELD_LIMITS,
  formatError,
  isCurrencyCode,
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

/** ISO 20022 ExternalCashAccountType1Code. @see supplement.md §3 */
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

function fractionDigits(currency: string): number | null {
  return isCurrencyCode(currency) ? CURRENCY_MINOR_UNITS[currency] : null;
}

/**
 * An Amount that may be negative (a debit) and, when allowed, zero (a balance); with
 * `allowInteger`, a JSON integer of whole units is read too, as the spec types the sandbox card
 * amounts int32. The output amount is always a decimal string with the currency's fraction digits.
 */
function signedAmountSchema(options: { allowZero: boolean; allowInteger: boolean }) {
  const amount = options.allowInteger ? z.union([z.string(), z.number()]) : z.string();
  return z
    .strictObject({ currency: currencyCodeSchema, amount })
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
      const digits = fractionDigits(currency) ?? 0;
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
  customerId: idSchema,
  name: text(NAME_LIMIT),
  currency: currencyCodeSchema.optional(),
  product: text(NAME_LIMIT).optional(),
  cashAccountType: z.enum(SANDBOX_CASH_ACCOUNT_TYPES).optional(),
  usage: z.enum(["PRIV", "ORGA"]).optional(),
  ownerName: text(NAME_LIMIT).optional(),
  kidRequired: z.boolean().optional(),
  balance: signedAmountSchema({ allowZero: true, allowInteger: false }).optional(),
});
export type CreateSandboxAccountInput = z.output<typeof createSandboxAccountSchema>;

/** POST /v1/sandbox/card-accounts. */
export const createSandboxCardAccountSchema = z.strictObject({
  customerId: idSchema,
  name: text(NAME_LIMIT),
  creditLimit: nonNegativeAmountSchema,
  product: text(NAME_LIMIT).optional(),
  maskedPan: z
    .string()
    .regex(/^[0-9]{6}\*{6}[0-9]{4}$/, "must be 6 digits, 6 stars and 4 digits, e.g. 552211******4821")
    .optional(),
  relatedAccountId: idSchema.optional(),
  usage: z.enum(["PRIV", "ORGA"]).optional(),
  ownerName: text(NAME_LIMIT).optional(),
  balance: signedAmountSchema({ allowZero: true, allowInteger: false }).optional(),
});
export type CreateSandboxCardAccountInput = z.output<typeof createSandboxCardAccountSchema>;

/** POST /v1/sandbox/agreements. */
export const createSandboxAgreementSchema = z.strictObject({
  customerId: idSchema,
  name: text(NAME_LIMIT),
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
    ),
  accountIds: z
    .array(idSchema)
    .check(checkWith((items: string[]) => validateItemCount(items, { min: 1 }, "account id")))
    .check((payload) => {
      for (const violation of validateUniqueItems(payload.value, "account id")) addViolation(payload, violation, violation.path);
    }),
});
export type CreateSandboxAgreementInput = z.output<typeof createSandboxAgreementSchema>;

const partyAccountSchema = z
  .strictObject({
    bban: text(FIELD_LIMITS.bban).optional(),
    iban: ibanSchema.optional(),
    currency: currencyCodeSchema.optional(),
  })
  .check((payload) => {
    if (payload.value.bban === undefined && payload.value.iban === undefined) {
      addViolation(payload, formatError("must hold a bban or an iban"));
    }
  });
export type SandboxPartyAccountInput = z.output<typeof partyAccountSchema>;

const transactionItemSchema = z.strictObject({
  bookingStatus: z.enum(["booked", "pending"]).optional(),
  bookingDate: isoDateSchema.optional(),
  valueDate: isoDateSchema.optional(),
  transactionAmount: signedAmountSchema({ allowZero: false, allowInteger: false }),
  creditorName: text(FIELD_LIMITS.creditorName).optional(),
  creditorAccount: partyAccountSchema.optional(),
  debtorName: text(NAME_LIMIT).optional(),
  debtorAccount: partyAccountSchema.optional(),
  remittanceInformationUnstructured: text(FIELD_LIMITS.remittanceInformationUnstructured).optional(),
  /** A KID: 2-25 digits with a valid MOD10 or MOD11 check digit (KID_INVALID otherwise). */
  remittanceInformationStructured: z.string().check(checkWith(checkKid)).optional(),
  endToEndId: text(FIELD_LIMITS.endToEndIdentification).optional(),
  entryReference: text(REFERENCE_LIMIT).optional(),
  proprietaryBankTransactionCode: text(REFERENCE_LIMIT).optional(),
  additionalInformation: text({ min: 1, max: 500 }).optional(),
});
export type SandboxAccountTransactionInput = z.output<typeof transactionItemSchema>;

/** POST /v1/sandbox/accounts/{id}/transactions: an array of 1 to 1000 transactions. */
export const createSandboxAccountTransactionsSchema = z
  .array(transactionItemSchema)
  .check(checkWith((items: unknown[]) => validateItemCount(items, { min: 1, max: MAX_SANDBOX_TRANSACTIONS_PER_REQUEST }, "transaction")));

const cardTransactionItemSchema = z.strictObject({
  bookingStatus: z.enum(["booked", "pending"]).optional(),
  transactionDate: isoDateSchema.optional(),
  bookingDate: isoDateSchema.optional(),
  transactionAmount: signedAmountSchema({ allowZero: false, allowInteger: true }),
  originalAmount: signedAmountSchema({ allowZero: false, allowInteger: true }).optional(),
  merchantCategoryCode: z.string().regex(/^[0-9]{4}$/, "must be an ISO 18245 merchant category code of 4 digits, e.g. 5411"),
  transactionDetails: text({ min: 1, max: 140 }).optional(),
});
export type SandboxCardTransactionInput = z.output<typeof cardTransactionItemSchema>;

/** POST /v1/sandbox/card-accounts/{id}/transactions: an array of 1 to 1000 card transactions. */
export const createSandboxCardTransactionsSchema = z
  .array(cardTransactionItemSchema)
  .check(
    checkWith((items: unknown[]) => validateItemCount(items, { min: 1, max: MAX_SANDBOX_TRANSACTIONS_PER_REQUEST }, "card transaction")),
  );

/** PUT /v1/sandbox/accounts/{id}/balances and /v1/sandbox/card-accounts/{id}/balances. */
export const setSandboxBalanceSchema = z.strictObject({
  balanceAmount: signedAmountSchema({ allowZero: true, allowInteger: false }),
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

/** The query of GET /v1/sandbox/card-accounts/{id}/transactions. @see psd2-interface.md "GET /v1/sandbox/card-accounts/{mockCardAccountId}/transactions" */
export const sandboxCardTransactionsQuerySchema = z.looseObject({
  bookingStatus: z.enum(["booked", "pending", "both"]),
  fromDate: isoDateSchema.optional(),
  toDate: isoDateSchema.optional(),
  offset: integerParameter(0).optional(),
  limit: integerParameter(1).optional(),
});
export type SandboxCardTransactionsQuery = z.output<typeof sandboxCardTransactionsQuerySchema>;
