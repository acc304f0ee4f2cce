import { Link } from "@/components/ui/link";
import type { ButtonHTMLAttributes } from "react";
import { KIND_CHOICES, PRODUCT_CHOICES } from "@/lib/tpp/payment-form";
import { FormSection } from "../../forms/form-section";
import { RadioCards } from "../../forms/radio-cards";
import { buttonStyles } from "../../ui/button-styles";

/**
 * The "Payment" section: the kind of transfer and the payment type (bulk for companies, or
 * without a PSU-ID); without JavaScript, a button shows the fields of the choice.
 */
export function PaymentChoiceFields({
  bulkOffered,
  onProductChange,
  showFieldsButton,
}: {
  bulkOffered: boolean;
  onProductChange: (product: string) => void;
  /** The button that validates the choice on the server, so that its fields appear. */
  showFieldsButton: ButtonHTMLAttributes<HTMLButtonElement>;
}) {
  return (
    <FormSection title="Payment">
      <RadioCards name="product" legend="Kind of transfer" options={PRODUCT_CHOICES} onChange={onProductChange} />
      <RadioCards
        name="kind"
        legend="Payment type"
        options={KIND_CHOICES.filter((choice) => choice.value !== "bulk" || bulkOffered)}
        columns={bulkOffered ? 3 : 2}
        hint={
          bulkOffered ? undefined : (
            <>
              Bulk payments are for companies:{" "}
              <Link href="/corporate" className="text-brand-700 underline underline-offset-2">
                act for your company
              </Link>{" "}
              to make one.
            </>
          )
        }
      />
      <noscript>
        <button {...showFieldsButton} className={buttonStyles.secondary}>
          Show the fields for this choice
        </button>
      </noscript>
    </FormSection>
  );
}
