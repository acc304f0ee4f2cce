import { formatError, type Violation } from "./violation";

/**
 * The country codes an address may use: the spec's list, verbatim and in its order (ISO 3166-1
 * alpha-2, all 249 assigned codes).
 *
 * @see docs/interface/conventions.md#address
 */
export const COUNTRY_CODES = [
  ...["AF", "AX", "AL", "DZ", "AS", "AD", "AO", "AI", "AQ", "AG", "AR", "AM", "AW", "AU", "AT", "AZ", "BH", "BS", "BD", "BB"],
  ...["BY", "BE", "BZ", "BJ", "BM", "BT", "BO", "BQ", "BA", "BW", "BV", "BR", "IO", "BN", "BG", "BF", "BI", "KH", "CM", "CA"],
  ...["CV", "KY", "CF", "TD", "CL", "CN", "CX", "CC", "CO", "KM", "CG", "CD", "CK", "CR", "CI", "HR", "CU", "CW", "CY", "CZ"],
  ...["DK", "DJ", "DM", "DO", "EC", "EG", "SV", "GQ", "ER", "EE", "ET", "FK", "FO", "FJ", "FI", "FR", "GF", "PF", "TF", "GA"],
  ...["GM", "GE", "DE", "GH", "GI", "GR", "GL", "GD", "GP", "GU", "GT", "GG", "GN", "GW", "GY", "HT", "HM", "VA", "HN", "HK"],
  ...["HU", "IS", "IN", "ID", "IR", "IQ", "IE", "IM", "IL", "IT", "JM", "JP", "JE", "JO", "KZ", "KE", "KI", "KP", "KR", "KW"],
  ...["KG", "LA", "LV", "LB", "LS", "LR", "LY", "LI", "LT", "LU", "MO", "MK", "MG", "MW", "MY", "MV", "ML", "MT", "MH", "MQ"],
  ...["MR", "MU", "YT", "MX", "FM", "MD", "MC", "MN", "ME", "MS", "MA", "MZ", "MM", "NA", "NR", "NP", "NL", "NC", "NZ", "NI"],
  ...["NE", "NG", "NU", "NF", "MP", "NO", "OM", "PK", "PW", "PS", "PA", "PG", "PY", "PE", "PH", "PN", "PL", "PT", "PR", "QA"],
  ...["RE", "RO", "RU", "RW", "BL", "SH", "KN", "LC", "MF", "PM", "VC", "WS", "SM", "ST", "SA", "SN", "RS", "SC", "SL", "SG"],
  ...["SX", "SK", "SI", "SB", "SO", "ZA", "GS", "SS", "ES", "LK", "SD", "SR", "SJ", "SZ", "SE", "CH", "SY", "TW", "TJ", "TZ"],
  ...["TH", "TL", "TG", "TK", "TO", "TT", "TN", "TR", "TM", "TC", "TV", "UG", "UA", "AE", "GB", "US", "UM", "UY", "UZ", "VU"],
  ...["VE", "VN", "VG", "VI", "WF", "EH", "YE", "ZM", "ZW"],
] as const;

export type CountryCode = (typeof COUNTRY_CODES)[number];

const COUNTRY_SET: ReadonlySet<string> = new Set(COUNTRY_CODES);

/** Whether a string is one of the spec's country codes (exact, upper-case). @see docs/interface/conventions.md#shared-types */
export function isCountryCode(value: string): value is CountryCode {
  return COUNTRY_SET.has(value);
}

/** Whether an address's country is one of the spec's codes. @see docs/interface/conventions.md#shared-types, Address */
export function validateCountryCode(value: string): Violation | undefined {
  if (isCountryCode(value)) return undefined;
  if (isCountryCode(value.toUpperCase())) return formatError(`must be upper-case: ${value.toUpperCase()}`);
  return formatError("is not one of the interface's country codes (ISO 3166-1 alpha-2, e.g. NO)");
}
