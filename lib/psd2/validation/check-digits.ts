const DIGITS = /^[0-9]+$/;

function requireDigits(payload: string): void {
  if (!DIGITS.test(payload)) throw new RangeError(`a check digit needs a non-empty string of digits, got ${JSON.stringify(payload)}`);
}

/**
 * The MOD10 (Luhn) check digit of a string of digits: from the right, every second digit
 * (starting with the rightmost) is doubled, digits of products summed; the check digit makes the
 * sum a multiple of 10.
 *
 * @see docs/interface/payments.md#kid
 */
export function computeLuhnCheckDigit(payload: string): string {
  requireDigits(payload);
  let sum = 0;
  for (let i = payload.length - 1, double = true; i >= 0; i--, double = !double) {
    let digit = payload.charCodeAt(i) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/**
 * The MOD11 check character of a string of digits, as used by Norwegian KIDs and account numbers:
 * weights 2, 3, 4, 5, 6, 7 repeating from the rightmost digit; check = 11 - (sum mod 11), where a
 * remainder of 0 gives "0" and a remainder of 1 gives "-" (no digit fits).
 *
 * @see docs/interface/payments.md#kid, docs/interface/sandbox-operations.md#initialize
 */
export function computeMod11CheckDigit(payload: string): string {
  requireDigits(payload);
  let sum = 0;
  for (let i = payload.length - 1, weight = 2; i >= 0; i--, weight = weight === 7 ? 2 : weight + 1) {
    sum += (payload.charCodeAt(i) - 48) * weight;
  }
  const remainder = sum % 11;
  if (remainder === 0) return "0";
  if (remainder === 1) return "-";
  return String(11 - remainder);
}

/** The digits followed by their Luhn check digit: a valid MOD10 KID for tests and the sandbox. @see docs/interface/payments.md#payments-in-the-sandbox */
export function appendLuhnCheckDigit(payload: string): string {
  return payload + computeLuhnCheckDigit(payload);
}

/** The digits followed by their MOD11 check character (possibly "-"). @see docs/interface/payments.md#payments-in-the-sandbox */
export function appendMod11CheckDigit(payload: string): string {
  return payload + computeMod11CheckDigit(payload);
}
