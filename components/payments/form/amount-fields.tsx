import { minorUnitsOf } from "@/lib/psd2/validation";
import { CURRENCY_OPTIONS } from "../../forms/currency-options";
import { SelectField } from "../../forms/select-field";
import { TextField } from "../../forms/text-field";
import type { ReadField } from "./read-field";

function amountHint(currency: string | undefined): string {
  const units = currency === undefined ? null : minorUnitsOf(currency);
  if (currency === undefined || units === null) return "A decimal amount; use . or , for decimals.";
  if (units === 0) return `${currency} amounts have no decimals, e.g. 1250.`;
  return `${currency} amounts have ${units} decimals, e.g. 1250.${"0".repeat(units)}, 1250,${"0".repeat(units)} or 1 250,${"0".repeat(units)}.`;
}

/** The amount with its currency. */
export function AmountFields({ prefix, read }: { prefix: string; read: ReadField }) {
  const currency = read(`${prefix}instructedAmount.currency`);
  return (
    <TextField
      name={`${prefix}instructedAmount.amount`}
      label="Amount"
      inputMode="decimal"
      hint={amountHint(currency)}
      className="sm:max-w-sm"
      mono
      after={
        <SelectField
          name={`${prefix}instructedAmount.currency`}
          label="Currency"
          labelHidden
          options={CURRENCY_OPTIONS}
          selectClassName="w-28"
          quiet
        />
      }
    />
  );
}
