/**
 * Norwegian organisation numbers for the sandbox's agreements: the check lives in lib/psd2 (the
 * agreement operation's schema uses it); making a new one belongs to the bank's dataset.
 */
import { computeMod11CheckDigit } from "../../../psd2/validation";
import type { Random } from "./prng";

export { isValidOrganisationNumber } from "../../../psd2/schemas/sandbox-organisation-number";

/** A valid organisation number starting with 9 (as new Norwegian companies' do), from a random source. */
export function createOrganisationNumber(random: Random): string {
  for (;;) {
    const payload = `9${random.digits(7)}`;
    const check = computeMod11CheckDigit(payload);
    if (check !== "-") return payload + check;
  }
}
