"use client";

import { FormProvider, useForm } from "@conform-to/react";
import { useActionState, useMemo, useState } from "react";
import { addOneYear } from "@/lib/psd2/validation";
import {
  INITIAL_PAYMENT_FORM_STATE,
  emptyTransfer,
  KIND_CHOICES,
  PRODUCT_CHOICES,
  isDebtorTyped,
  isNorwegianProduct,
  parsePaymentForm,
  pathOfField,
  textAt,
  type PayingAccount,
  type PayingCard,
  type PaymentFormContext,
  type PaymentDraft,
  type PaymentFormState,
  type PaymentFormValues,
  type PaymentKind,
} from "@/lib/tpp/payment-form";
import type { PaymentProduct } from "@/lib/psd2/schemas";
import { getKeepValuesFormProps } from "../forms/get-keep-values-form-props";
import { ApprovalChoice } from "./form/approval-choice";
import { BulkPaymentsFields } from "./form/bulk-payments-fields";
import { DebtorFields } from "./form/debtor-fields";
import { PaymentChoiceFields } from "./form/payment-choice-fields";
import { PaymentOutcomeAlert } from "./form/payment-outcome-alert";
import { PaymentSummary } from "./form/payment-summary";
import type { ReadField } from "./form/read-field";
import { summarizePayment } from "./form/summarize-payment";
import { TransferFields } from "./form/transfer-fields";
import { WhenFields } from "./form/when-fields";

export interface PaymentFormProps {
  /** The Server Action: validates again with the same model, then sends the payment. */
  readonly action: (state: PaymentFormState, formData: FormData) => Promise<PaymentFormState>;
  /** The bank's date today (YYYY-MM-DD). */
  readonly today: string;
  readonly accounts: readonly PayingAccount[];
  readonly cards: readonly PayingCard[];
  readonly corporate: boolean;
  readonly hasPsuId: boolean;
  /** Where the fee of an instant payment is asked (GET ?amount=&currency=NOK). */
  readonly feeUrl: string;
  /** The countries of the address, with their names in English. */
  readonly countries: readonly { readonly code: string; readonly name: string }[];
  /** "account:<id>" or "card:<id>": the debtor chosen beforehand (?from=). */
  readonly defaultDebtor?: string | undefined;
  /** Values the form opens with (a preset: ?preset=), judged like anything typed. */
  readonly presetValues?: PaymentFormValues | undefined;
}

/** The payment form of /payments/new: Conform over the model of lib/tpp/payment-form, sent with a Server Action. */
export function PaymentForm({
  action,
  today,
  accounts,
  cards,
  corporate,
  hasPsuId,
  feeUrl,
  countries,
  defaultDebtor,
  presetValues,
}: PaymentFormProps) {
  const [state, formAction, pending] = useActionState(action, INITIAL_PAYMENT_FORM_STATE);
  const context: PaymentFormContext = useMemo(
    () => ({ today, accounts, cards, corporate, hasPsuId }),
    [today, accounts, cards, corporate, hasPsuId],
  );
  const payableCards = useMemo(() => cards.filter((card) => card.paymentReference !== undefined), [cards]);
  const typedDebtor = isDebtorTyped(context);
  const firstDebtor = accounts[0] === undefined ? undefined : `account:${accounts[0].id}`;

  const [form, fields] = useForm<PaymentFormValues, PaymentDraft>({
    id: "payment-form",
    lastResult: state.submission,
    defaultValue: {
      product: "norwegian-domestic-credit-transfers",
      kind: "single",
      debtor: defaultDebtor ?? firstDebtor,
      debtorAccount: { currency: "NOK" },
      payer: hasPsuId ? "psu-id" : "single-sca",
      psuContext: "PRIVATE",
      ...emptyTransfer("norwegian-domestic-credit-transfers"),
      frequency: "Monthly",
      payments: [emptyTransfer("norwegian-domestic-credit-transfers")],
      ...presetValues,
    },
    onValidate: ({ formData }) => parsePaymentForm(formData, context),
    // As the PSU types: an error shown on blur would move the fields below it between the press and
    // the release of a click on one of them, and the click would be lost.
    shouldValidate: "onInput",
    shouldRevalidate: "onInput",
  });

  const values = form.value;
  const read: ReadField = (name: string) => textAt(values, pathOfField(name));
  const productValue = read("product");
  const product: PaymentProduct =
    PRODUCT_CHOICES.find((choice) => choice.value === productValue)?.value ?? "norwegian-domestic-credit-transfers";
  const kindValue = read("kind");
  const kind: PaymentKind = KIND_CHOICES.find((choice) => choice.value === kindValue)?.value ?? "single";
  const norwegian = isNorwegianProduct(product);
  const bulkOffered = corporate || !hasPsuId;
  const rows = fields.payments.getFieldList();
  const latestDate = addOneYear(today);
  const countryOptions = useMemo(
    () => countries.map((country) => ({ value: country.code, label: `${country.name} (${country.code})` })),
    [countries],
  );

  // SEPA is in euro, the Norwegian products in kroner: follow the product unless the PSU chose
  // another currency. The address is required at home and optional in SEPA: Norway is the
  // default country at home only.
  function followProduct(next: string) {
    const sepa = next === "sepa-credit-transfers";
    const to = sepa ? "EUR" : "NOK";
    const from = sepa ? "NOK" : "EUR";
    const prefixes = ["", ...rows.map((_, index) => `payments[${index}].`)];
    for (const prefix of prefixes) {
      for (const field of ["instructedAmount.currency", "creditorAccount.currency"]) {
        if (read(prefix + field) === from) form.update({ name: prefix + field, value: to });
      }
      const country = read(`${prefix}creditorAddress.country`);
      if (sepa && country === "NO") form.update({ name: `${prefix}creditorAddress.country`, value: "" });
      if (!sepa && country === undefined) form.update({ name: `${prefix}creditorAddress.country`, value: "NO" });
    }
  }

  const payer = read("payer") ?? (hasPsuId ? "psu-id" : "single-sca");
  const [approveLater, setApproveLater] = useState(false);
  const summary = summarizePayment({ product, kind, read, rowCount: rows.length, accounts, cards, typedDebtor });

  return (
    <FormProvider context={form.context}>
      <form {...getKeepValuesFormProps(form, formAction)} className="lg:grid lg:grid-cols-[minmax(0,1fr)_19rem] lg:items-start lg:gap-8">
        {/* The form's default button: Enter in a field sends the payment, never "Remove payment 1". */}
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
        <div className="min-w-0 space-y-6">
          <PaymentChoiceFields
            bulkOffered={bulkOffered}
            onProductChange={followProduct}
            showFieldsButton={form.validate.getButtonProps({ name: "product" })}
          />
          <DebtorFields
            norwegian={norwegian}
            typedDebtor={typedDebtor}
            accounts={accounts}
            cards={payableCards}
            chosenBeforehand={defaultDebtor !== undefined || firstDebtor !== undefined}
            hasPsuId={hasPsuId}
            payer={payer}
          />
          {kind !== "bulk" && <TransferFields product={product} read={read} countryOptions={countryOptions} feeUrl={feeUrl} />}
          <WhenFields kind={kind} today={today} latestDate={latestDate} frequency={read("frequency")} />
          {kind === "bulk" && (
            <BulkPaymentsFields
              product={product}
              read={read}
              countryOptions={countryOptions}
              rowKeys={rows.map((row) => row.key)}
              errors={fields.payments.errors}
              errorId={fields.payments.errorId}
              removeButton={(index) => form.remove.getButtonProps({ name: fields.payments.name, index })}
              addButton={form.insert.getButtonProps({ name: fields.payments.name, defaultValue: emptyTransfer(product) })}
            />
          )}
        </div>

        <aside aria-labelledby="payment-summary-title" className="mt-6 lg:sticky lg:top-6 lg:mt-0">
          <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
            <h2 id="payment-summary-title" className="text-base font-semibold text-slate-900">
              Summary
            </h2>
            <PaymentSummary items={summary} />
            <PaymentOutcomeAlert outcome={state.outcome} formErrors={form.errors} formErrorId={form.errorId} pending={pending} />
            <ApprovalChoice
              offered={kind === "single" && payer === "psu-id"}
              approveLater={approveLater}
              onApproveLaterChange={setApproveLater}
              pending={pending}
            />
          </div>
        </aside>
      </form>
    </FormProvider>
  );
}
