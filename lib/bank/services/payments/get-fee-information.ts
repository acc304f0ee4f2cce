import { z } from "zod";
import { validateAmount, validateCurrencyCode } from "../../../psd2/validation";
import { BankError } from "../../errors";
import { computeInstantFee, INSTANT_FEE } from "./compute-instant-fee";

const querySchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/**
 * GET /v1/payments/instant-norwegian-credit-transfers-straks/fee-information?amount=&currency=:
 * the fee an instant payment of that amount costs (NOK 2.00 below NOK 100 000, then 0.01 %
 * rounded half up to the øre). amount and currency are required (QUERY_PARAMETER_REQUIRED); the
 * amount follows the request rules (NOK: two fraction digits); instant payments are in NOK only.
 *
 * @see psd2-interface.md "Other operations named"; supplement.md §2, §5
 */
export function getFeeInformation(query: unknown): {
  transactionFees: { currency: string; amount: string };
  transactionFeeIndicator: true;
} {
  const parsed = querySchema.safeParse(query ?? {});
  const parameters = parsed.success ? parsed.data : {};
  for (const name of Object.keys(parameters)) {
    if (name !== "amount" && name !== "currency") {
      throw new BankError(
        "FORMAT_ERROR",
        `The query parameter ${name.slice(0, 40)} is not known to this operation; it takes amount and currency`,
        { path: name.slice(0, 40) },
      );
    }
  }
  const read = (name: "amount" | "currency"): string => {
    const value = parameters[name];
    if (value === undefined || value === "") {
      throw new BankError("QUERY_PARAMETER_REQUIRED", `The query parameter ${name} is required, e.g. ?amount=1250.00&currency=NOK`, {
        path: name,
      });
    }
    if (typeof value !== "string") throw new BankError("FORMAT_ERROR", `The query parameter ${name} must be given once`, { path: name });
    return value;
  };
  const amount = read("amount");
  const currency = read("currency");
  const badCurrency = validateCurrencyCode(currency);
  if (badCurrency) throw new BankError(badCurrency.code, `currency ${badCurrency.reason}`, { path: "currency" });
  if (currency !== INSTANT_FEE.currency)
    throw new BankError("FORMAT_ERROR", `currency is ${currency}; instant payments (straks) are in NOK only`, { path: "currency" });
  const badAmount = validateAmount(amount, currency);
  if (badAmount) throw new BankError(badAmount.code, `amount ${badAmount.reason}`, { path: "amount" });
  return { transactionFees: { currency, amount: computeInstantFee(amount) }, transactionFeeIndicator: true };
}
