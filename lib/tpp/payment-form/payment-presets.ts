// Payments the form can open filled in (/payments/new?preset=...), for demos and for links that
// prefill a payment. Pure: values only, judged by the same model as anything typed.
import { appendLuhnCheckDigit } from "../../psd2/validation";
import type { PaymentFormValues } from "./payment-form-types";
import { ownValue } from "../../psd2/lookup/own-value";

export interface PaymentPreset {
  readonly title: string;
  readonly description: string;
  readonly values: PaymentFormValues;
}

export const PAYMENT_PRESETS = {
  /** A company's invoice with a KID: the sandbox's Bergstrand Arkitekter AS requires one on its operating account. */
  "kid-bill": {
    title: "An invoice paid with its KID",
    description:
      "Bergstrand Arkitekter AS asks for its KID on every payment to its account: the form is filled in with the invoice's amount and KID.",
    values: {
      product: "norwegian-domestic-credit-transfers",
      kind: "single",
      creditorName: "Bergstrand Arkitekter AS",
      creditorAccount: { bban: "38009416606", currency: "NOK" },
      creditorAddress: { street: "Dronningens gate", buildingNumber: "12", postalCode: "7011", city: "Trondheim", country: "NO" },
      instructedAmount: { amount: "4875.00", currency: "NOK" },
      remittance: "kid",
      remittanceInformationStructuredArray: [{ reference: appendLuhnCheckDigit("20261104") }],
    },
  },
} as const satisfies Record<string, PaymentPreset>;

/** The preset of that name, or undefined. */
export function findPaymentPreset(name: string | undefined): PaymentPreset | undefined {
  return ownValue(PAYMENT_PRESETS, name);
}
