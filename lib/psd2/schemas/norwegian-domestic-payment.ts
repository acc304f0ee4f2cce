import { z } from "zod";
import { FIELD_LIMITS } from "../validation/field-limits";
import { PURPOSE_CODES } from "../validation/purpose-codes";
import { validateCreditorAgentPresence } from "../validation/validate-creditor-agent";
import { validateDebtorAccountChoice } from "../validation/validate-debtor-account-choice";
import { validateRemittanceChoice } from "../validation/validate-remittance-choice";
import { requestAddressSchema } from "./address";
import { requestAmountSchema } from "./amount";
import { bicSchema, currencyCodeSchema, isoDateSchema, norwegianBbanSchema } from "./fields";
import { foldDeprecatedRemittance, remittanceReferenceArraySchema, remittanceReferenceSchema } from "./remittance";
import { checkFieldsWith, checkWith, text } from "./zod-checks";

/** debtorAccount.other: the national extension for card accounts. @see docs/interface/payments.md#norwegian-domestic-credit-transfer */
export const cardAccountReferenceSchema = z.strictObject({
  identification: text(FIELD_LIMITS.otherAccountIdentification).describe("The card account's reference: its relatedAccount"),
  schemeNameProprietary: z.literal("creditCardAccount").describe("Always creditCardAccount"),
});

/** debtorAccount of a Norwegian payment: currency and exactly one of bban and other. @see docs/interface/payments.md#norwegian-domestic-credit-transfer */
export const norwegianDebtorAccountSchema = z
  .strictObject({
    currency: currencyCodeSchema.describe("The account's currency (ISO 4217)"),
    bban: norwegianBbanSchema.optional().describe("Norwegian account number (BBAN, 11 digits)"),
    other: cardAccountReferenceSchema.optional().describe("A card account's reference, in place of bban"),
  })
  .check(checkWith(validateDebtorAccountChoice));

/**
 * The fields of a Norwegian domestic payment that a bulk entry has too: all but debtorAccount and
 * requestedExecutionDate (a bulk has one of each, for all its payments).
 */
export const norwegianDomesticEntryShape = {
  /** Added for further payment types in release 1.21.18: at most 35 characters, for diagnostics and audit. */
  endToEndIdentification: text(FIELD_LIMITS.endToEndIdentification)
    .optional()
    .describe("The TPP's end-to-end id (at most 35 characters), for diagnostics and audit"),
  instructedAmount: requestAmountSchema.describe("The amount to pay"),
  creditorName: text(FIELD_LIMITS.creditorName).describe("The creditor's name (at most 70 characters)"),
  creditorAgent: bicSchema.optional().describe("BIC of the creditor's bank; needed only when the creditor account is a currency account"),
  creditorAccount: z
    .strictObject({
      bban: norwegianBbanSchema.describe("The creditor's Norwegian account number (BBAN, 11 digits)"),
      currency: currencyCodeSchema.describe("The account's currency (ISO 4217)"),
    })
    .describe("The creditor's account: bban and currency"),
  creditorAddress: requestAddressSchema.describe("The creditor's address"),
  ultimateDebtor: text(FIELD_LIMITS.ultimateDebtor)
    .optional()
    .describe("Name of the ultimate debtor, when another than the account holder (at most 70 characters)"),
  remittanceInformationUnstructured: text(FIELD_LIMITS.remittanceInformationUnstructured)
    .optional()
    .describe("Free-text message to the creditor (1-140 characters); never with remittanceInformationStructuredArray"),
  remittanceInformationStructured: remittanceReferenceSchema
    .optional()
    .describe("Deprecated: one reference, read as a one-element remittanceInformationStructuredArray"),
  remittanceInformationStructuredArray: remittanceReferenceArraySchema
    .optional()
    .describe("OCR/KID references; never with remittanceInformationUnstructured"),
  purposeCode: z
    .enum(PURPOSE_CODES)
    .optional()
    .describe("ISO 20022 purpose code: INVS, SALA, IDCP, CASH, CORT, INTC, PENS, SSBE, SUPP, TAXS, TREA, VATX, LOAN or OTHR"),
};

/** The rules across the fields of a Norwegian domestic payment or bulk entry. */
export const checkNorwegianDomesticRules = checkFieldsWith(
  (payment: Parameters<typeof validateRemittanceChoice>[0] & Parameters<typeof validateCreditorAgentPresence>[0]) => [
    ...validateRemittanceChoice(payment),
    ...validateCreditorAgentPresence(payment),
  ],
);

/** The fields of a single Norwegian domestic payment (periodic payments build on them). */
export const norwegianDomesticPaymentShape = {
  ...norwegianDomesticEntryShape,
  debtorAccount: norwegianDebtorAccountSchema.describe("The account to pay from"),
  requestedExecutionDate: isoDateSchema.optional().describe("The date to execute the payment (YYYY-MM-DD); absent: as soon as possible"),
};

/**
 * The body of POST /v1/payments/norwegian-domestic-credit-transfers. Unknown fields are rejected.
 * The deprecated remittanceInformationStructured comes out as a one-element
 * remittanceInformationStructuredArray. Also the body of the instant product
 * (instant-norwegian-credit-transfers-straks): the spec names no other fields for it, and
 * docs/interface/payments.md#payments-in-the-sandbox treats it as the Norwegian domestic transfer settled at once.
 *
 * @see docs/interface/payments.md#norwegian-domestic-credit-transfer; docs/interface/endpoints.md#success-statuses, docs/interface/payments.md#payments-in-the-sandbox
 */
export const norwegianDomesticPaymentSchema = z
  .strictObject(norwegianDomesticPaymentShape)
  .check(checkNorwegianDomesticRules)
  .transform(foldDeprecatedRemittance);

export type NorwegianDomesticPayment = z.output<typeof norwegianDomesticPaymentSchema>;
