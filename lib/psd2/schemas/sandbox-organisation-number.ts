/**
 * Norwegian organisation numbers (organisasjonsnummer): 9 digits, the last a MOD11 check digit
 * with weights 3, 2, 7, 6, 5, 4, 3, 2 from the left; a remainder giving "-" is never issued.
 * Those weights are the 2..7 cycle from the right that computeMod11CheckDigit uses, so the
 * shared MOD11 function serves. The interface never carries one in a request; the sandbox
 * agreement operation does.
 */
import { computeMod11CheckDigit } from "../validation";

/** Whether a string is a 9-digit organisation number with a valid MOD11 check digit. @see docs/interface/sandbox-operations.md#sandbox-operations */
export function isValidOrganisationNumber(value: string): boolean {
  return /^[0-9]{9}$/.test(value) && computeMod11CheckDigit(value.slice(0, 8)) === value.slice(8);
}
