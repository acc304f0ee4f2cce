// The pure validation rules of the interface: each returns a Violation (code + reason) or
// undefined, or FieldViolations with paths for rules across fields.
export { checkKid, hasKidReference, isValidKid } from "./check-kid";
export { appendLuhnCheckDigit, appendMod11CheckDigit, computeMod11CheckDigit } from "./check-digits";
export { COUNTRY_CODES } from "./country-codes";
export { CURRENCY_CODES, isCurrencyCode, validateCurrencyCode } from "./currency-codes";
export { CURRENCY_MINOR_UNITS, minorUnitsOf } from "./currency-minor-units";
export { FIELD_LIMITS } from "./field-limits";
export { formatJsonPath, type JsonPath } from "./json-path";
export { PURPOSE_CODES, type PurposeCode } from "./purpose-codes";
export { ACCEPT_FIX_VALUES, validateAcceptFix } from "./validate-accept-fix";
export { validateAmount } from "./validate-amount";
export { ibanFromNorwegianBban, isValidIban, normalizeIban } from "./validate-iban";
export { addOneYear, isValidIsoDate, validateIsoDateTime } from "./validate-iso-date";
export { validateItemCount } from "./validate-item-count";
export { validateLength } from "./validate-length";
export { createNorwegianBban, isValidNorwegianBban, validateNorwegianBban } from "./validate-norwegian-bban";
export { DAYS_OF_EXECUTION, FREQUENCY_CODES, type FrequencyCode } from "./validate-periodic-schedule";
export { validateUniqueItems } from "./validate-unique-items";
export { formatError, type Violation } from "./violation";
