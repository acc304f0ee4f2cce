/**
 * Norwegian organisation numbers (organisasjonsnummer): 9 digits, the last a MOD11 check digit
 * with weights 3, 2, 7, 6, 5, 4, 3, 2 from the left; a remainder giving "-" is never issued.
 * Those weights are the 2..7 cycle from the right that computeMod11CheckDigit uses, so the
 * shared MOD11 function serves. lib/psd2/validation has no organisation-number rule (the
 * interface never carries one in a request); the sandbox agreement operation needs it.
 */
import { computeMod11CheckDigit } from "../../../psd2/validation";
import type { Random } from "./prng";

/** Whether a string is a 9-digit organisation number with a valid MOD11 check digit. */
export function isValidOrganisationNumber(value: string): boolean {
  return /^[0-9]{9}$/.test(value) && computeMod11CheckDigit(value.slice(0, 8)) === value.slice(8);
}

/** A valid organisation number starting with 9 (as new Norwegian companies' do), from a random source. */
export function createOrganisationNumber(random: Random): string {
  for (;;) {
    const payload = `9${random.digits(7)}`;
    const check = computeMod11CheckDigit(payload);
    if (check !== "-") return payload + check;
  }
}
