import type { PaymentProduct } from "@/lib/psd2/schemas";
import { isNorwegianProduct } from "@/lib/tpp/payment-form";
import { CURRENCY_OPTIONS } from "../../forms/currency-options";
import { SelectField, type SelectOption } from "../../forms/select-field";
import { TextField } from "../../forms/text-field";
import type { ReadField } from "./read-field";

/** The recipient of one transfer: name, account, the bank when it is a currency account, address. */
export function CreditorFields({
  prefix,
  product,
  read,
  countryOptions,
}: {
  prefix: string;
  product: PaymentProduct;
  read: ReadField;
  countryOptions: readonly SelectOption[];
}) {
  const norwegian = isNorwegianProduct(product);
  const currency = read(`${prefix}creditorAccount.currency`);
  return (
    <>
      <TextField
        name={`${prefix}creditorName`}
        label="Recipient's name"
        hint="As the recipient's bank knows them; up to 70 characters."
        autoComplete="off"
      />
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_9rem]">
        {norwegian ? (
          <TextField
            name={`${prefix}creditorAccount.bban`}
            label="Recipient's account number"
            hint="11 digits, e.g. 8601 11 17947"
            inputMode="numeric"
            mono
          />
        ) : (
          <TextField name={`${prefix}creditorAccount.iban`} label="Recipient's IBAN" hint="e.g. DE89 3704 0044 0532 0130 00" mono />
        )}
        <SelectField name={`${prefix}creditorAccount.currency`} label="Account currency" options={CURRENCY_OPTIONS} />
      </div>
      {norwegian && currency !== undefined && currency !== "NOK" && (
        <TextField
          name={`${prefix}creditorAgent`}
          label="Recipient's bank (BIC)"
          hint="Needed for a currency account: the bank's BIC (SWIFT code) of 8 or 11 characters, e.g. DNBANOKK."
          mono
          className="sm:max-w-xs"
        />
      )}
      <fieldset className="min-w-0">
        <legend className="text-sm font-semibold text-slate-900">
          {norwegian ? "Recipient's address" : "Recipient's address (optional)"}
        </legend>
        <div className="mt-2 grid grid-cols-6 gap-x-3 gap-y-4 sm:gap-x-4">
          <TextField name={`${prefix}creditorAddress.street`} label="Street" autoComplete="off" className="col-span-4" />
          <TextField name={`${prefix}creditorAddress.buildingNumber`} label="Number" className="col-span-2" />
          <TextField name={`${prefix}creditorAddress.postalCode`} label="Postal code" inputMode="numeric" className="col-span-2" />
          <TextField name={`${prefix}creditorAddress.city`} label="City" className="col-span-4" />
          <SelectField
            name={`${prefix}creditorAddress.country`}
            label="Country"
            options={countryOptions}
            empty={norwegian ? undefined : "None"}
            className="col-span-6"
          />
        </div>
      </fieldset>
    </>
  );
}
