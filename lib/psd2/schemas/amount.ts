import { z } from "zod";
import { validateAmount, validateReportedAmount } from "../validation/validate-amount";
import { currencyCodeSchema } from "./fields";
import { addViolation, checkWith } from "./zod-checks";

/**
 * An Amount in a request: `amount` is a decimal string greater than zero whose fraction digits
 * equal the currency's ISO 4217 minor units; `currency` is a code of the spec's list.
 *
 * @see docs/interface/conventions.md#amount; docs/interface/conventions.md#wire-conventions
 */
export const requestAmountSchema = z
  .strictObject({
    amount: z
      .string()
      .describe(
        "Decimal string with '.' as separator, greater than zero; fraction digits as the currency's ISO 4217 minor units (NOK 2, JPY 0)",
      ),
    currency: currencyCodeSchema.describe("ISO 4217 alphabetic currency code from the spec's list"),
  })
  .check((payload) => {
    const violation = validateAmount(payload.value.amount, payload.value.currency);
    if (violation) addViolation(payload, violation, ["amount"]);
  });

/**
 * An Amount in a reply: a decimal string (negative for debits) within precision 18 and scale 5,
 * and any three upper-case letters as currency. Replies are not held to the request list: a card
 * purchase abroad may carry a current ISO code the spec's list lacks (BYN, MRU, VES, ...).
 *
 * @see docs/interface/conventions.md#amount; docs/interface/conventions.md#wire-conventions, docs/interface/accounts.md#accounts-balances-transactions
 */
export const reportedAmountSchema = z.looseObject({
  amount: z
    .string()
    .check(checkWith(validateReportedAmount))
    .describe("Decimal string with '.' as separator (precision 18, scale 5); negative for a debit"),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, "must be three upper-case letters (ISO 4217)")
    .describe("ISO 4217 alphabetic currency code"),
});

const { amount: reportedDecimalSchema, currency: reportedCurrencySchema } = reportedAmountSchema.shape;

/**
 * An amount of the sandbox card transactions: the spec says int32, from before numbers became
 * strings (release 1.7.6); either is read, and an integer becomes its decimal string, so that
 * the app sees decimal strings only.
 *
 * @see docs/interface/sandbox-operations.md#card-account-transactions-listing
 */
export const cardAmountSchema = z.looseObject({
  amount: z
    .union([z.int32().transform(String), reportedDecimalSchema])
    .describe("Decimal string with '.' as separator; a whole number (the spec's int32) is read too"),
  currency: reportedCurrencySchema.describe("ISO 4217 alphabetic currency code"),
});
