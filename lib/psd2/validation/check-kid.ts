import { computeLuhnCheckDigit, computeMod11CheckDigit } from "./check-digits";
import { countCharacters } from "./count-characters";
import { plural } from "./plural";
import type { Violation } from "./violation";

/** The referenceType values that make a remittance reference a KID (compared case-insensitively). @see docs/interface/payments.md#payments-in-the-sandbox */
export const KID_REFERENCE_TYPES = ["KID", "OCR"] as const;

const KID_SHAPE = /^[0-9]+-?$/;

function kidInvalid(reason: string): Violation {
  return { code: "KID_INVALID", reason };
}

/**
 * Whether a KID (OCR reference) is valid: 2 to 25 characters, digits, with a valid MOD10 (Luhn)
 * or MOD11 check digit in the last place.
 *
 * A MOD11 KID whose remainder is 1 has "-" as its check character: Norwegian KID practice (the
 * OCR giro's KID control) issues such KIDs, so a KID may end in "-" when, and only when, "-" is
 * the MOD11 check character of the digits before it. Every other character is a digit.
 *
 * @see docs/interface/payments.md#payments-in-the-sandbox
 */
export function checkKid(kid: string): Violation | undefined {
  const length = countCharacters(kid);
  if (length < 2 || length > 25) {
    return kidInvalid(`${length === 0 ? "is empty" : `is ${plural(length, "character")} long`}; a KID has 2 to 25 digits`);
  }
  if (!KID_SHAPE.test(kid)) return kidInvalid('must hold only digits; a MOD11 KID may end in "-" as its check character');
  const payload = kid.slice(0, -1);
  const check = kid.slice(-1);
  if (check !== "-" && computeLuhnCheckDigit(payload) === check) return undefined;
  if (computeMod11CheckDigit(payload) === check) return undefined;
  return kidInvalid("has a wrong check digit: it passes neither the MOD10 (Luhn) nor the MOD11 check");
}

/** Whether a KID passes {@link checkKid}. @see docs/interface/payments.md#payments-in-the-sandbox */
export function isValidKid(kid: string): boolean {
  return checkKid(kid) === undefined;
}

/** Whether a remittance reference's referenceType marks it as a KID ("KID" or "OCR", any case). @see docs/interface/payments.md#payments-in-the-sandbox */
export function isKidReferenceType(referenceType: string | undefined): boolean {
  return referenceType !== undefined && KID_REFERENCE_TYPES.some((type) => type === referenceType.toUpperCase());
}

/**
 * Whether a payment's structured remittance holds a KID. The bank answers KID_MISSING when the
 * creditor account requires a KID and this is false: that flag is bank state, so the decision is
 * the bank's; this is the half that reads the payment.
 *
 * @see docs/interface/payments.md#payments-in-the-sandbox
 */
export function hasKidReference(references: readonly { readonly referenceType?: string | undefined }[] | undefined): boolean {
  return references?.some((item) => isKidReferenceType(item.referenceType)) ?? false;
}
