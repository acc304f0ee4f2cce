"use client";

import { FormProvider, useForm } from "@conform-to/react";
import Link from "next/link";
import { useActionState, useMemo, useState } from "react";
import { DAYS_OF_EXECUTION, addOneYear, minorUnitsOf, validateAmount } from "@/lib/psd2/validation";
import {
  CONTROL_FIELDS,
  FREQUENCY_CHOICES,
  INITIAL_PAYMENT_FORM_STATE,
  emptyTransfer,
  KIND_CHOICES,
  MONTH_CHOICES,
  PRODUCT_CHOICES,
  PURPOSE_CHOICES,
  isDebtorTyped,
  isNorwegianProduct,
  normalizeAmount,
  parsePaymentForm,
  pathOfField,
  sumAmountsByCurrency,
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
import { formatBban, formatDate, formatDateTime, formatIban, formatMaskedPan, formatMoney } from "../format";
import { CheckboxField } from "../forms/checkbox-field";
import { CheckboxGroup } from "../forms/checkbox-group";
import { CURRENCY_OPTIONS } from "../forms/currency-options";
import { FieldErrors } from "../forms/field-errors";
import { FormSection } from "../forms/form-section";
import { getKeepValuesFormProps } from "../forms/get-keep-values-form-props";
import { RadioCards } from "../forms/radio-cards";
import { SelectField, type SelectOption } from "../forms/select-field";
import { TextField } from "../forms/text-field";
import { buttonStyles } from "../ui/button-styles";
import { InstantFee } from "./instant-fee";

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

function amountHint(currency: string | undefined): string {
  const units = currency === undefined ? null : minorUnitsOf(currency);
  if (currency === undefined || units === null) return "A decimal amount; use . or , for decimals.";
  if (units === 0) return `${currency} amounts have no decimals, e.g. 1250.`;
  return `${currency} amounts have ${units} decimals, e.g. 1250.${"0".repeat(units)}, 1250,${"0".repeat(units)} or 1 250,${"0".repeat(units)}.`;
}

function accountLabel(account: PayingAccount): string {
  const number = account.bban !== undefined ? formatBban(account.bban) : formatIban(account.iban);
  return `${account.name ?? "Account"} · ${number} · ${account.currency}`;
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
  const read = (name: string) => textAt(values, pathOfField(name));
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

  const debtorGroups = [
    { label: "Bank accounts", options: accounts.map((account) => ({ value: `account:${account.id}`, label: accountLabel(account) })) },
    ...(payableCards.length === 0
      ? []
      : [
          {
            label: "Card accounts (single Norwegian transfers only)",
            options: payableCards.map((card) => ({
              value: `card:${card.id}`,
              label: `${card.name ?? "Card"} · ${formatMaskedPan(card.maskedPan)} · ${card.currency}`,
            })),
          },
        ]),
  ].filter((group) => group.options.length > 0);

  const payer = read("payer") ?? (hasPsuId ? "psu-id" : "single-sca");
  const [approveLater, setApproveLater] = useState(false);

  const outcome = state.outcome;

  return (
    <FormProvider context={form.context}>
      <form {...getKeepValuesFormProps(form, formAction)} className="lg:grid lg:grid-cols-[minmax(0,1fr)_19rem] lg:items-start lg:gap-8">
        {/* The form's default button: Enter in a field sends the payment, never "Remove payment 1". */}
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
        <div className="min-w-0 space-y-6">
          <FormSection title="Payment">
            <RadioCards name="product" legend="Kind of transfer" options={PRODUCT_CHOICES} onChange={followProduct} />
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
              <button {...form.validate.getButtonProps({ name: "product" })} className={buttonStyles.secondary}>
                Show the fields for this choice
              </button>
            </noscript>
          </FormSection>

          <FormSection
            title="From"
            description={typedDebtor ? "You share no accounts with this app: write the account you pay from." : undefined}
          >
            {typedDebtor ? (
              <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_9rem]">
                {norwegian ? (
                  <TextField
                    name="debtorAccount.bban"
                    label="Your account number"
                    hint="11 digits, e.g. 8601 11 17947"
                    inputMode="numeric"
                    mono
                  />
                ) : (
                  <TextField name="debtorAccount.iban" label="Your IBAN" hint="e.g. NO93 8601 1117 947" mono />
                )}
                <SelectField name="debtorAccount.currency" label="Its currency" options={CURRENCY_OPTIONS} />
              </div>
            ) : (
              <SelectField
                name="debtor"
                label="Pay from"
                groups={debtorGroups}
                empty={defaultDebtor === undefined && firstDebtor === undefined ? "Choose an account" : undefined}
                hint="The accounts you share with this app. A card account pays single Norwegian transfers only."
              />
            )}
            <RadioCards
              name="payer"
              legend="Who pays"
              columns={2}
              options={
                hasPsuId
                  ? [
                      { value: "psu-id", title: "As connected", text: "The bank knows you from your last login here (PSU-ID)." },
                      {
                        value: "national-id",
                        title: "With a national identity number",
                        text: "Identify with a national identity number instead (X-PSU-IDENTITY).",
                      },
                    ]
                  : [
                      {
                        value: "single-sca",
                        title: "Log in when you approve",
                        text: "One login at the bank identifies you and approves the payment.",
                      },
                      {
                        value: "national-id",
                        title: "With a national identity number",
                        text: "The bank identifies you by it (X-PSU-IDENTITY).",
                      },
                    ]
              }
            />
            {payer === "national-id" && (
              <TextField
                name="nationalId"
                label="National identity number"
                hint="11 digits (fødselsnummer or D-number), e.g. 130393 19955"
                inputMode="numeric"
                mono
                className="sm:max-w-xs"
              />
            )}
            {payer === "single-sca" && !hasPsuId && (
              <RadioCards
                name="psuContext"
                legend="Pay as"
                columns={2}
                options={[
                  { value: "PRIVATE", title: "Private person", text: "From your own accounts." },
                  { value: "CORPORATE", title: "Company", text: "From a company's accounts; you choose the agreement at the bank." },
                ]}
              />
            )}
          </FormSection>

          {kind !== "bulk" && (
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
                {norwegian ? (
                  <div className="grid gap-4 sm:grid-cols-2">
                    <SelectField
                      name="purposeCode"
                      label="Purpose (optional)"
                      empty="None"
                      options={PURPOSE_CHOICES.map((choice) => ({ value: choice.value, label: `${choice.label} (${choice.value})` }))}
                    />
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
          )}

          <FormSection title={kind === "periodic" ? "Schedule" : "When"}>
            {kind === "periodic" ? (
              <ScheduleFields today={today} latestDate={latestDate} frequency={read("frequency")} />
            ) : (
              <TextField
                name="requestedExecutionDate"
                type="date"
                label="Payment date (optional)"
                min={today}
                max={latestDate}
                hint={`Leave it empty to pay as soon as possible. From today (${formatDate(today)}) to ${formatDate(latestDate)}.`}
                className="sm:max-w-xs"
              />
            )}
            {kind === "bulk" && (
              <CheckboxField
                name="batchBookingPreferred"
                label="One entry on your statement"
                hint="The bank books the whole bulk as one debit (batchBookingPreferred)."
              />
            )}
          </FormSection>

          {kind === "bulk" && (
            <FormSection title="Payments" description="Each recipient of the bulk. All are paid from the account above, on the same date.">
              <ol className="space-y-4">
                {rows.map((row, index) => (
                  <li key={row.key}>
                    <fieldset className="min-w-0 rounded-xl border border-slate-200 bg-slate-50/60 p-4">
                      <legend className="float-left flex w-full items-center justify-between gap-3">
                        <span className="text-sm font-semibold text-slate-900">Payment {index + 1}</span>
                      </legend>
                      <div className="clear-both space-y-4 pt-3">
                        <CreditorFields prefix={`payments[${index}].`} product={product} read={read} countryOptions={countryOptions} />
                        <AmountFields prefix={`payments[${index}].`} read={read} />
                        <RemittanceFields prefix={`payments[${index}].`} product={product} read={read} />
                        {rows.length > 1 && (
                          <button {...form.remove.getButtonProps({ name: fields.payments.name, index })} className={buttonStyles.danger}>
                            Remove payment {index + 1}
                          </button>
                        )}
                      </div>
                    </fieldset>
                  </li>
                ))}
              </ol>
              <FieldErrors id={fields.payments.errorId} errors={fields.payments.errors} />
              <button
                {...form.insert.getButtonProps({ name: fields.payments.name, defaultValue: emptyTransfer(product) })}
                className={buttonStyles.secondary}
              >
                Add a payment
              </button>
            </FormSection>
          )}
        </div>

        <aside aria-labelledby="payment-summary-title" className="mt-6 lg:sticky lg:top-6 lg:mt-0">
          <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
            <h2 id="payment-summary-title" className="text-base font-semibold text-slate-900">
              Summary
            </h2>
            <Summary
              product={product}
              kind={kind}
              read={read}
              rowCount={rows.length}
              accounts={accounts}
              cards={cards}
              typedDebtor={typedDebtor}
            />

            <div className="mt-4 space-y-3">
              {outcome?.kind === "duplicate" && (
                <div role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
                  <p className="font-semibold">Send anyway?</p>
                  {outcome.unansweredSince === undefined ? (
                    <>
                      <p className="mt-1">
                        The bank already has a payment like this one, from the same account to the same recipient, with the same amount and
                        date, made in the last 10 minutes. Send this one too only if you mean to pay twice.
                      </p>
                      <details className="mt-1 text-xs">
                        <summary className="cursor-pointer">What the bank said</summary>
                        <p className="mt-1 break-words">{outcome.message}</p>
                      </details>
                    </>
                  ) : (
                    <p className="mt-1">
                      An identical payment (same account, recipient, amount and date) was sent to the bank at{" "}
                      {formatDateTime(outcome.unansweredSince)}, and its answer was not received: the bank may have it. Look in the{" "}
                      <Link href="/payments" className="font-semibold underline">
                        payment list
                      </Link>{" "}
                      and at the account&apos;s transactions first. Send this one only if the first did not go through, or you mean to pay
                      twice.
                    </p>
                  )}
                  <button
                    type="submit"
                    name="allowLogicalDuplicate"
                    value="true"
                    disabled={pending}
                    className={`${buttonStyles.secondary} mt-3 w-full`}
                  >
                    Send anyway
                  </button>
                  <RequestId requestId={outcome.requestId} />
                </div>
              )}
              {outcome?.kind === "failed" && (
                <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
                  <p className="font-semibold">{outcome.title}</p>
                  <p className="mt-1">{outcome.summary}</p>
                  <RequestId requestId={outcome.requestId} />
                </div>
              )}
              {(outcome?.kind === "rejected" || (form.errors !== undefined && form.errors.length > 0)) && (
                <div role="alert" id={form.errorId} className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
                  <p className="font-semibold">
                    {outcome?.kind === "rejected"
                      ? `The bank refused the payment (HTTP ${outcome.status})`
                      : "The payment cannot be sent yet"}
                  </p>
                  {outcome?.kind === "rejected" && outcome.psuMessage !== undefined && (
                    <p className="mt-1">Message from the bank: {outcome.psuMessage}</p>
                  )}
                  {form.errors !== undefined && form.errors.length > 0 && (
                    <ul className="mt-1 list-disc space-y-0.5 pl-5 break-words">
                      {form.errors.map((error) => (
                        <li key={error}>{error}</li>
                      ))}
                    </ul>
                  )}
                  {outcome?.kind === "rejected" && (
                    <p className="mt-1">
                      The fields the bank named are marked.{" "}
                      <span className="font-mono text-xs break-all">
                        {[...new Set(outcome.tppMessages.map((message) => message.code))].join(", ")}
                      </span>
                    </p>
                  )}
                  {outcome?.kind === "rejected" && <RequestId requestId={outcome.requestId} />}
                </div>
              )}
            </div>

            {kind === "single" && payer === "psu-id" && (
              <fieldset className="mt-4">
                <legend className="text-sm font-semibold text-slate-900">When to approve</legend>
                <div className="mt-2 space-y-2 text-sm">
                  <label className="flex gap-2">
                    <input
                      type="radio"
                      name={CONTROL_FIELDS.approval}
                      value="now"
                      defaultChecked
                      onChange={() => setApproveLater(false)}
                      className="mt-0.5 h-4 w-4 accent-brand-600"
                    />
                    <span>Now, at the bank</span>
                  </label>
                  <label className="flex gap-2">
                    <input
                      type="radio"
                      name={CONTROL_FIELDS.approval}
                      value="later"
                      onChange={() => setApproveLater(true)}
                      className="mt-0.5 h-4 w-4 accent-brand-600"
                    />
                    <span>Later, together with other payments (one approval for up to 10, from Payments)</span>
                  </label>
                </div>
              </fieldset>
            )}
            <button type="submit" disabled={pending} className={`${buttonStyles.primary} mt-4 w-full`}>
              {pending
                ? "Sending…"
                : kind === "single" && payer === "psu-id" && approveLater
                  ? "Send, approve later"
                  : "Continue to approve"}
            </button>
            <p className="mt-2 text-xs leading-5 text-slate-500">
              {kind === "single" && payer === "psu-id" && approveLater
                ? "The bank keeps the payment waiting for your approval; nothing is paid before that."
                : "You approve the payment at the bank; nothing is paid before that."}
            </p>
          </div>
        </aside>
      </form>
    </FormProvider>
  );
}

type Read = (name: string) => string | undefined;

function normalizedAmount(amount: string | undefined): string | undefined {
  return amount === undefined ? undefined : normalizeAmount(amount);
}

/** The recipient of one transfer: name, account, the bank when it is a currency account, address. */
function CreditorFields({
  prefix,
  product,
  read,
  countryOptions,
}: {
  prefix: string;
  product: PaymentProduct;
  read: Read;
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

/** The amount with its currency. */
function AmountFields({ prefix, read }: { prefix: string; read: Read }) {
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

/** Message or KID: one of them, never both (a KID only on the Norwegian products). */
function RemittanceFields({ prefix, product, read }: { prefix: string; product: PaymentProduct; read: Read }) {
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

/** The schedule of a periodic payment. @see docs/interface/endpoints.md#success-statuses */
function ScheduleFields({ today, latestDate, frequency }: { today: string; latestDate: string; frequency: string | undefined }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="startDate"
          type="date"
          label="First payment"
          min={today}
          max={latestDate}
          hint={`From today to ${formatDate(latestDate)}.`}
        />
        <TextField name="endDate" type="date" label="Last payment (optional)" min={today} hint="Leave it empty to pay until you stop it." />
        <SelectField name="frequency" label="How often" options={FREQUENCY_CHOICES} />
        <SelectField
          name="dayOfExecution"
          label="Day of the month (optional)"
          empty="The day of the first payment"
          options={DAYS_OF_EXECUTION.map((day) => ({ value: day, label: day === "31" ? "31 (the last day)" : day }))}
        />
        <SelectField
          name="executionRule"
          label="When the day is not a banking day"
          empty="The bank decides"
          options={[
            { value: "following", label: "Pay on the next banking day" },
            { value: "preceding", label: "Pay on the banking day before" },
          ]}
          className="sm:col-span-2 sm:max-w-md"
        />
      </div>
      {frequency === "MonthlyVariable" && (
        <CheckboxGroup
          name="monthsOfExecution"
          legend="Months"
          options={MONTH_CHOICES}
          hint="Tick 1 to 11 months (all 12 is every month)."
        />
      )}
    </>
  );
}

function RequestId({ requestId }: { requestId: string | undefined }) {
  if (requestId === undefined) return null;
  return (
    <p className="mt-2 text-xs break-all opacity-80">
      X-Request-ID{" "}
      <Link className="font-mono underline underline-offset-2" href={`/inspector?text=${encodeURIComponent(requestId)}`}>
        {requestId}
      </Link>
    </p>
  );
}

/** A valid amount formatted; undefined while it is not one (a half-typed amount is not shown as money). */
function money(amount: string | undefined, currency: string | undefined): string | undefined {
  if (amount === undefined || currency === undefined || validateAmount(amount, currency) !== undefined) return undefined;
  try {
    return formatMoney({ amount, currency });
  } catch {
    return `${currency} ${amount}`;
  }
}

/** What the form describes so far, in a few words. */
function Summary({
  product,
  kind,
  read,
  rowCount,
  accounts,
  cards,
  typedDebtor,
}: {
  product: PaymentProduct;
  kind: PaymentKind;
  read: Read;
  rowCount: number;
  accounts: readonly PayingAccount[];
  cards: readonly PayingCard[];
  typedDebtor: boolean;
}) {
  const debtor = read("debtor");
  const from = typedDebtor
    ? (read(isNorwegianProduct(product) ? "debtorAccount.bban" : "debtorAccount.iban") ?? "–")
    : debtor?.startsWith("card:") === true
      ? (() => {
          const card = cards.find((candidate) => `card:${candidate.id}` === debtor);
          return card === undefined ? "–" : `${card.name ?? "Card"} ${formatMaskedPan(card.maskedPan)}`;
        })()
      : (() => {
          const account = accounts.find((candidate) => `account:${candidate.id}` === debtor);
          return account === undefined ? "–" : (account.name ?? formatBban(account.bban));
        })();
  const rows = Array.from({ length: rowCount }, (_, index) => ({
    amount: normalizedAmount(read(`payments[${index}].instructedAmount.amount`)),
    currency: read(`payments[${index}].instructedAmount.currency`),
  }));
  const { totals, skipped } = sumAmountsByCurrency(rows);
  const amount = money(normalizedAmount(read("instructedAmount.amount")), read("instructedAmount.currency"));
  const frequency = FREQUENCY_CHOICES.find((choice) => choice.value === read("frequency"))?.label;
  const when =
    kind === "periodic"
      ? `${frequency ?? "Repeating"}${read("startDate") === undefined ? "" : `, from ${formatDate(read("startDate"))}`}`
      : read("requestedExecutionDate") === undefined
        ? "As soon as possible"
        : formatDate(read("requestedExecutionDate"));
  const items: { term: string; value: string }[] = [
    { term: "Transfer", value: PRODUCT_CHOICES.find((choice) => choice.value === product)?.title ?? product },
    { term: "Type", value: KIND_CHOICES.find((choice) => choice.value === kind)?.title ?? kind },
    { term: "From", value: from },
    ...(kind === "bulk"
      ? [
          {
            term: totals.length > 1 ? "Totals" : "Total",
            value: totals.length === 0 ? "–" : totals.map((total) => money(total.amount, total.currency) ?? "").join(" + "),
          },
          { term: "Payments", value: `${rowCount}${skipped > 0 ? ` (${skipped} without a valid amount yet)` : ""}` },
        ]
      : [
          { term: "To", value: read("creditorName") ?? "–" },
          { term: "Amount", value: amount ?? "–" },
        ]),
    { term: "When", value: when },
  ];
  return (
    <dl className="mt-3 space-y-2 text-sm">
      {items.map((item) => (
        <div key={item.term} className="flex justify-between gap-3">
          <dt className="shrink-0 text-slate-500">{item.term}</dt>
          {/* After a post without JavaScript, server and browser may format a number with other spaces (Intl). */}
          <dd className="min-w-0 text-right font-medium break-words text-slate-900 tabular-nums" suppressHydrationWarning>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
