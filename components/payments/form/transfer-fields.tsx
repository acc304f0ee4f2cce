import type { PaymentProduct } from "@/lib/psd2/schemas";
import { PURPOSE_CHOICES, isNorwegianProduct } from "@/lib/tpp/payment-form";
import { FormSection } from "../../forms/form-section";
import { SelectField, type SelectOption } from "../../forms/select-field";
import { TextField } from "../../forms/text-field";
import { InstantFee } from "../instant-fee";
import { AmountFields } from "./amount-fields";
import { CreditorFields } from "./creditor-fields";
import { normalizedAmount, type ReadField } from "./read-field";
import { RemittanceFields } from "./remittance-fields";

const PURPOSE_OPTIONS = PURPOSE_CHOICES.map((choice) => ({ value: choice.value, label: `${choice.label} (${choice.value})` }));

/**
 * The "To" and "Amount and message" sections of a single or periodic payment: the recipient, the
 * amount (with an instant payment's fee), the message or KID, and the purpose and ultimate
 * debtor at home or the end-to-end reference in SEPA.
 */
export function TransferFields({
  product,
  read,
  countryOptions,
  feeUrl,
}: {
  product: PaymentProduct;
  read: ReadField;
  countryOptions: readonly SelectOption[];
  feeUrl: string;
}) {
  return (
    <>
      <FormSection title="To">
        <CreditorFields prefix="" product={product} read={read} countryOptions={countryOptions} />
      </FormSection>
      <FormSection title="Amount and message">
        <AmountFields prefix="" read={read} />
        {product === "instant-norwegian-credit-transfers-straks" && (
          <InstantFee feeUrl={feeUrl} amount={normalizedAmount(read("instructedAmount.amount"))} />
        )}
        <RemittanceFields prefix="" product={product} read={read} />
        {isNorwegianProduct(product) ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField name="purposeCode" label="Purpose (optional)" empty="None" options={PURPOSE_OPTIONS} />
            <TextField
              name="ultimateDebtor"
              label="Paid on behalf of (optional)"
              hint="When you pay for someone else: their name, up to 70 characters."
            />
          </div>
        ) : (
          <TextField
            name="endToEndIdentification"
            label="End-to-end reference (optional)"
            hint="Your own reference, up to 35 characters; it travels with the payment to the recipient."
            className="sm:max-w-md"
          />
        )}
      </FormSection>
    </>
  );
}
