import type { ButtonHTMLAttributes } from "react";
import type { PaymentProduct } from "@/lib/psd2/schemas";
import { FieldErrors } from "../../forms/field-errors";
import { FormSection } from "../../forms/form-section";
import type { SelectOption } from "../../forms/select-field";
import { buttonStyles } from "../../ui/button-styles";
import { AmountFields } from "./amount-fields";
import { CreditorFields } from "./creditor-fields";
import type { ReadField } from "./read-field";
import { RemittanceFields } from "./remittance-fields";

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement>;

/** The "Payments" section of a bulk: each recipient with its amount and message, removable while there are more than one, and a button to add one. */
export function BulkPaymentsFields({
  product,
  read,
  countryOptions,
  rowKeys,
  errors,
  errorId,
  removeButton,
  addButton,
}: {
  product: PaymentProduct;
  read: ReadField;
  countryOptions: readonly SelectOption[];
  /** Each payment's key in the form's list. */
  rowKeys: readonly (string | undefined)[];
  errors: readonly string[] | undefined;
  errorId: string;
  removeButton: (index: number) => ButtonProps;
  addButton: ButtonProps;
}) {
  return (
    <FormSection title="Payments" description="Each recipient of the bulk. All are paid from the account above, on the same date.">
      <ol className="space-y-4">
        {rowKeys.map((key, index) => (
          <li key={key}>
            <fieldset className="min-w-0 rounded-xl border border-slate-200 bg-slate-50/60 p-4">
              <legend className="float-left flex w-full items-center justify-between gap-3">
                <span className="text-sm font-semibold text-slate-900">Payment {index + 1}</span>
              </legend>
              <div className="clear-both space-y-4 pt-3">
                <CreditorFields prefix={`payments[${index}].`} product={product} read={read} countryOptions={countryOptions} />
                <AmountFields prefix={`payments[${index}].`} read={read} />
                <RemittanceFields prefix={`payments[${index}].`} product={product} read={read} />
                {rowKeys.length > 1 && (
                  <button {...removeButton(index)} className={buttonStyles.danger}>
                    Remove payment {index + 1}
                  </button>
                )}
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <FieldErrors id={errorId} errors={errors} />
      <button {...addButton} className={buttonStyles.secondary}>
        Add a payment
      </button>
    </FormSection>
  );
}
