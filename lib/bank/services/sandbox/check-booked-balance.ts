import { cutForMessage } from "../../../psd2/validation/quote-for-message";
import { AMOUNT_PRECISION, validateReportedAmount } from "../../../psd2/validation/validate-amount";
import { BankError } from "../../errors";
import { addAmounts } from "../../repositories/money";

/**
 * The booked balance after a request's booked transactions must stay an amount the interface can
 * carry (at most 18 digits, docs/interface/conventions.md#wire-conventions), or the bank could neither store nor report it: 400
 * FORMAT_ERROR at the first transaction from which the balance is too large, and nothing is stored.
 *
 * @see docs/interface/conventions.md#wire-conventions (amounts); docs/interface/limits.md#limits-in-the-spec (precision 18)
 */
export function checkBookedBalance(currency: string, balance: string, rows: readonly { status: string; amount: string }[]): void {
  const booked = rows.map((row, index) => ({ ...row, index })).filter((row) => row.status === "booked");
  const total = addAmounts(currency, balance, ...booked.map((row) => row.amount));
  if (!validateReportedAmount(total)) return;
  let running = balance;
  for (const row of booked) {
    running = addAmounts(currency, running, row.amount);
    if (validateReportedAmount(running)) {
      throw new BankError(
        "FORMAT_ERROR",
        `[${row.index}].transactionAmount takes the booked balance to ${cutForMessage(total, 40)} ${currency} with the rest: more than the ${AMOUNT_PRECISION} digits an amount has`,
        { path: `[${row.index}].transactionAmount.amount` },
      );
    }
  }
}
