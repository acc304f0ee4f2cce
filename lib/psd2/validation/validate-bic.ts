import { countCharacters } from "./count-characters";
import { formatError, type Violation } from "./violation";

// ISO 9362:2014 (the ISO 20022 BICFIDec2014Identifier pattern): party prefix of 4 letters or
// digits, ISO 3166 country code of 2 letters, party suffix (location) of 2 letters or digits,
// optional branch of 3 letters or digits.
const BIC = /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/;

/**
 * Whether a string is a BIC (BICFI/SWIFT code) of 8 or 11 characters in ISO 9362 structure.
 * The country part is not checked against a list: BICs of Kosovo use XK, which ISO 3166 lacks.
 *
 * @see docs/interface/payments.md#norwegian-domestic-credit-transfer, creditorAgent
 */
export function validateBic(bic: string): Violation | undefined {
  if (BIC.test(bic)) return undefined;
  const length = countCharacters(bic);
  if (length !== 8 && length !== 11) return formatError(`is ${length} characters long; a BIC has 8 or 11`);
  if (BIC.test(bic.toUpperCase())) return formatError("must be upper-case");
  return formatError(
    "is not a BIC: 4 letters or digits (institution), 2 letters (country), 2 letters or digits (location), optionally 3 letters or digits (branch)",
  );
}

/** Whether a string is a BIC of 8 or 11 characters in ISO 9362 structure. @see docs/interface/payments.md#norwegian-domestic-credit-transfer */
export function isValidBic(bic: string): boolean {
  return validateBic(bic) === undefined;
}
