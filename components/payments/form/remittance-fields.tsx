import type { PaymentProduct } from "@/lib/psd2/schemas";
import { isNorwegianProduct } from "@/lib/tpp/payment-form";
import { RadioCards } from "../../forms/radio-cards";
import { TextField } from "../../forms/text-field";
import type { ReadField } from "./read-field";

/** Message or KID: one of them, never both (a KID only on the Norwegian products). */
export function RemittanceFields({ prefix, product, read }: { prefix: string; product: PaymentProduct; read: ReadField }) {
  const norwegian = isNorwegianProduct(product);
  const choice = norwegian ? (read(`${prefix}remittance`) ?? "message") : "message";
  return (
    <>
      {norwegian && (
        <RadioCards
          name={`${prefix}remittance`}
          legend="Message or KID"
          columns={2}
          options={[
            { value: "message", title: "Message", text: "A short text for the recipient." },
            { value: "kid", title: "KID", text: "The payment reference of an invoice." },
          ]}
        />
      )}
      {choice === "kid" ? (
        <TextField
          name={`${prefix}remittanceInformationStructuredArray[0].reference`}
          label="KID"
          hint="2 to 25 digits, as printed on the invoice."
          inputMode="numeric"
          mono
          className="sm:max-w-sm"
        />
      ) : (
        <TextField name={`${prefix}remittanceInformationUnstructured`} label="Message (optional)" hint="Up to 140 characters." />
      )}
    </>
  );
}
