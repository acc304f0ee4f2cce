import { CURRENCY_CODES } from "@/lib/psd2/validation";
import type { SelectOption } from "./select-field";

const COMMON_CURRENCIES = ["NOK", "EUR", "SEK", "DKK", "USD", "GBP"];

/** The currencies of ISO 4217 for a select, the common ones first. */
export const CURRENCY_OPTIONS: readonly SelectOption[] = [
  ...COMMON_CURRENCIES,
  ...CURRENCY_CODES.filter((code) => !COMMON_CURRENCIES.includes(code)),
].map((code) => ({
  value: code,
  label: code,
}));
