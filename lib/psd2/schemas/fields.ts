// Field schemas shared by the schemas: each is one validation rule on a string.
import { z } from "zod";
import { isCountryCode, validateCountryCode } from "../validation/country-codes";
import { isCurrencyCode, validateCurrencyCode } from "../validation/currency-codes";
import { validateBic } from "../validation/validate-bic";
import { validateIban } from "../validation/validate-iban";
import { validateIsoDate, validateIsoDateTime } from "../validation/validate-iso-date";
import { validateNorwegianBban } from "../validation/validate-norwegian-bban";
import { checkWith, codeString } from "./zod-checks";

/** A currency code of the spec's list. @see docs/interface/conventions.md#shared-types, Amount */
export const currencyCodeSchema = codeString(isCurrencyCode, validateCurrencyCode);

/** A country code of the spec's list. @see docs/interface/conventions.md#shared-types, Address */
export const countryCodeSchema = codeString(isCountryCode, validateCountryCode);

/** An ISO 8601 date `YYYY-MM-DD` that exists. @see docs/interface/README.md#date-formats */
export const isoDateSchema = z.string().check(checkWith(validateIsoDate));

/** An ISO 8601 date-time with an offset. @see docs/interface/README.md#date-formats */
export const isoDateTimeSchema = z.string().check(checkWith(validateIsoDateTime));

/** A Norwegian account number: at most 30 characters, 11 digits (MOD11 not checked). @see docs/interface/limits.md#limits-in-the-spec; docs/interface/sandbox-operations.md#sandbox-operations */
export const norwegianBbanSchema = z.string().check(checkWith((bban: string) => validateNorwegianBban(bban)));

/** An IBAN in electronic format. @see docs/interface/payments.md#sepa-credit-transfer */
export const ibanSchema = z.string().check(checkWith(validateIban));

/** A BIC of 8 or 11 characters. @see docs/interface/payments.md#norwegian-domestic-credit-transfer, creditorAgent */
export const bicSchema = z.string().check(checkWith(validateBic));
