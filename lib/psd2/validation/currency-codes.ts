import { formatError, type Violation } from "./violation";

/**
 * The currency codes a request may use: the spec's list, verbatim, one row per first letter.
 *
 * The list is the interface's, not today's ISO 4217: it keeps codes ISO has withdrawn (BYR, HRK,
 * MRO, SLL, STD, VEF, ZWD, CUC) and local ones that ISO never had (GGP, IMP, JEP, SPL, TVD), and
 * lacks some current ones (BYN, MRU, STN, VES, SLE, ZWG). Responses are not held to it (see
 * schemas/amount.ts).
 *
 * @see docs/interface/conventions.md#amount
 */
export const CURRENCY_CODES = [
  ...["AED", "AFN", "ALL", "AMD", "ANG", "AOA", "ARS", "AUD", "AWG", "AZN"],
  ...["BAM", "BBD", "BDT", "BGN", "BHD", "BIF", "BMD", "BND", "BOB", "BRL", "BSD", "BTN", "BWP", "BYR", "BZD"],
  ...["CAD", "CDF", "CHF", "CLP", "CNY", "COP", "CRC", "CUC", "CUP", "CVE", "CZK"],
  ...["DJF", "DKK", "DOP", "DZD"],
  ...["EGP", "ERN", "ETB", "EUR"],
  ...["FJD", "FKP"],
  ...["GBP", "GEL", "GGP", "GHS", "GIP", "GMD", "GNF", "GTQ", "GYD"],
  ...["HKD", "HNL", "HRK", "HTG", "HUF"],
  ...["IDR", "ILS", "IMP", "INR", "IQD", "IRR", "ISK"],
  ...["JEP", "JMD", "JOD", "JPY"],
  ...["KES", "KGS", "KHR", "KMF", "KPW", "KRW", "KWD", "KYD", "KZT"],
  ...["LAK", "LBP", "LKR", "LRD", "LSL", "LYD"],
  ...["MAD", "MDL", "MGA", "MKD", "MMK", "MNT", "MOP", "MRO", "MUR", "MVR", "MWK", "MXN", "MYR", "MZN"],
  ...["NAD", "NGN", "NIO", "NOK", "NPR", "NZD"],
  ...["OMR"],
  ...["PAB", "PEN", "PGK", "PHP", "PKR", "PLN", "PYG"],
  ...["QAR"],
  ...["RON", "RSD", "RUB", "RWF"],
  ...["SAR", "SBD", "SCR", "SDG", "SEK", "SGD", "SHP", "SLL", "SOS", "SPL", "SRD", "STD", "SVC", "SYP", "SZL"],
  ...["THB", "TJS", "TMT", "TND", "TOP", "TRY", "TTD", "TVD", "TWD", "TZS"],
  ...["UAH", "UGX", "USD", "UYU", "UZS"],
  ...["VEF", "VND", "VUV"],
  ...["WST"],
  ...["XAF", "XCD", "XDR", "XOF", "XPF"],
  ...["YER"],
  ...["ZAR", "ZMW", "ZWD"],
] as const;

export type CurrencyCode = (typeof CURRENCY_CODES)[number];

const CURRENCY_SET: ReadonlySet<string> = new Set(CURRENCY_CODES);

/** Whether a string is one of the spec's currency codes (exact, upper-case). @see docs/interface/conventions.md#shared-types */
export function isCurrencyCode(value: string): value is CurrencyCode {
  return CURRENCY_SET.has(value);
}

/** Whether a request's currency is one of the spec's codes. @see docs/interface/conventions.md#shared-types */
export function validateCurrencyCode(value: string): Violation | undefined {
  if (isCurrencyCode(value)) return undefined;
  if (isCurrencyCode(value.toUpperCase())) return formatError(`must be upper-case: ${value.toUpperCase()}`);
  return formatError("is not one of the interface's currency codes (ISO 4217 alphabetic, e.g. NOK)");
}
