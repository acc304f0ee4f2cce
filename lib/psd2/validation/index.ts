// The pure validation rules of the interface: each returns a Violation (code + reason) or
// undefined, or FieldViolations with paths for rules across fields.
export { checkKid, hasKidReference, isKidReferenceType, isValidKid, KID_REFERENCE_TYPES } from "./check-kid";
export { appendLuhnCheckDigit, appendMod11CheckDigit, computeLuhnCheckDigit, computeMod11CheckDigit } from "./check-digits";
export { countCharacters } from "./count-characters";
export { COUNTRY_CODES, isCountryCode, validateCountryCode, type CountryCode } from "./country-codes";
export { CURRENCY_CODES, isCurrencyCode, validateCurrencyCode, type CurrencyCode } from "./currency-codes";
export { CURRENCY_MINOR_UNITS, minorUnitsOf } from "./currency-minor-units";
export { FIELD_LIMITS, type LengthLimit } from "./field-limits";
export { findUnprocessableCharacters, validateProcessableText } from "./find-unprocessable-characters";
export { IBAN_LENGTHS, ibanLengthOf } from "./iban-lengths";
export { formatJsonPath, type JsonPath } from "./json-path";
export { clampMessageText, cutForMessage, quoteForMessage } from "./quote-for-message";
export { isPurposeCode, PURPOSE_CODES, type PurposeCode } from "./purpose-codes";
export { ACCEPT_FIX_VALUES, validateAcceptFix } from "./validate-accept-fix";
export { AMOUNT_PRECISION, AMOUNT_SCALE, validateAmount, validateReportedAmount } from "./validate-amount";
export { isValidBic, validateBic } from "./validate-bic";
export { validateCreditorAgentPresence } from "./validate-creditor-agent";
export { validateDebtorAccountChoice } from "./validate-debtor-account-choice";
export { validateExecutionDate } from "./validate-execution-date";
export { createIban, ibanFromNorwegianBban, isValidIban, normalizeIban, validateIban } from "./validate-iban";
export { addOneYear, isValidIsoDate, isValidIsoDateTime, validateIsoDate, validateIsoDateTime } from "./validate-iso-date";
export { validateItemCount } from "./validate-item-count";
export { validateLength } from "./validate-length";
export { createNorwegianBban, isValidNorwegianBban, validateNorwegianBban, type NorwegianBbanOptions } from "./validate-norwegian-bban";
export {
  DAYS_OF_EXECUTION,
  EXECUTION_RULES,
  FREQUENCY_CODES,
  MONTHS_OF_EXECUTION,
  validatePeriodicSchedule,
  type ExecutionRule,
  type FrequencyCode,
  type PeriodicSchedule,
} from "./validate-periodic-schedule";
export { validateRemittanceChoice, type RemittanceFields } from "./validate-remittance-choice";
export { validateUniqueItems } from "./validate-unique-items";
export { describeViolation, formatError, type FieldViolation, type Violation, type ViolationCode } from "./violation";
