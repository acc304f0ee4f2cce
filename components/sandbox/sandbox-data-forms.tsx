import type { ReactNode } from "react";
import type { SandboxCustomer } from "@/lib/psd2/schemas";
import { SANDBOX_CASH_ACCOUNT_TYPES } from "@/lib/psd2/schemas";
import { CURRENCY_OPTIONS } from "../forms/currency-options";
import { CheckboxField, CheckboxGroupField, InputField, RadioField, SelectField } from "./sandbox-fields";
import { type SandboxAction, SandboxForm } from "./sandbox-form";
import { accountGroups, balanceTargetGroups, cardAccountGroups, customerOptions } from "./sandbox-pickers";

export interface SandboxDataActions {
  readonly createCustomer: SandboxAction;
  readonly createAccount: SandboxAction;
  readonly createCardAccount: SandboxAction;
  readonly createAgreement: SandboxAction;
  readonly addAccountTransaction: SandboxAction;
  readonly addCardTransaction: SandboxAction;
  readonly setBalance: SandboxAction;
}

const USAGE_OPTIONS = [
  { value: "PRIV", label: "Private (PRIV)" },
  { value: "ORGA", label: "Organisation (ORGA)" },
];
const STATUS_OPTIONS = [
  { value: "booked", label: "Booked" },
  { value: "pending", label: "Pending" },
];

function DataForm({
  id,
  title,
  operation,
  children,
}: {
  readonly id: string;
  readonly title: string;
  readonly operation: string;
  readonly children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl border border-slate-200 bg-slate-50/60 p-4">
      <h3 id={id} className="text-sm font-semibold text-slate-900">
        {title}
      </h3>
      <p className="mt-0.5 font-mono text-xs break-words text-slate-500">{operation}</p>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Currency({ name }: { readonly name: string }) {
  return <SelectField name={name} labelHidden options={CURRENCY_OPTIONS} className="w-24 shrink-0" quiet />;
}

const AMOUNT_HINT = "A decimal amount with the currency's decimals, e.g. 1500.00, 1500,00 or 1 500,00.";
const SIGNED_HINT = "Debits negative, e.g. -349.90; credits positive.";

/** The sandbox data forms: customers, accounts, card accounts, agreements, transactions and balances, each over its operation. */
export function SandboxDataForms({
  customers,
  actions,
}: {
  readonly customers: readonly SandboxCustomer[];
  readonly actions: SandboxDataActions;
}) {
  const everyCustomer = customerOptions(customers);
  const corporate = customerOptions(customers, "CORPORATE");
  const accounts = accountGroups(customers);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <DataForm id="new-customer" title="New customer" operation="POST /v1/sandbox/customers">
        <SandboxForm
          kind="customer"
          action={actions.createCustomer}
          submitLabel="Create customer"
          label="New customer"
          defaultValue={{ customerType: "PRIVATE" }}
        >
          <InputField
            name="customerNumber"
            inputMode="numeric"
            mono
            hint="11 digits: the mocked national identity number the customer logs in with, e.g. 01019012345."
          />
          <InputField name="customerName" hint="1 to 70 characters." />
          <RadioField
            name="customerType"
            options={[
              { value: "PRIVATE", label: "Private" },
              { value: "CORPORATE", label: "Corporate" },
            ]}
          />
        </SandboxForm>
      </DataForm>

      <DataForm id="new-account" title="New account" operation="POST /v1/sandbox/accounts">
        <SandboxForm
          kind="account"
          action={actions.createAccount}
          submitLabel="Create account"
          label="New account"
          defaultValue={{ currency: "NOK" }}
        >
          <SelectField name="customerId" options={everyCustomer} empty="Choose a customer" />
          <InputField name="name" hint="e.g. Reisekonto; also the product unless you name one." />
          <InputField
            name="balance.amount"
            inputMode="decimal"
            hint={`Optional (0 by default). ${AMOUNT_HINT}`}
            after={<Currency name="currency" />}
          />
          <details className="rounded-lg border border-slate-200 bg-white px-3 py-2">
            <summary className="cursor-pointer text-sm font-medium text-slate-700">More (optional)</summary>
            <div className="mt-3 space-y-4">
              <InputField name="product" />
              <SelectField
                name="cashAccountType"
                empty="CACC (the default)"
                options={SANDBOX_CASH_ACCOUNT_TYPES.map((code) => ({ value: code, label: code }))}
              />
              <SelectField name="usage" empty="From the customer's type" options={USAGE_OPTIONS} />
              <InputField name="ownerName" hint="The customer's name by default." />
              <CheckboxField name="kidRequired" hint="Payments to this account must carry a KID (else KID_MISSING)." />
            </div>
          </details>
        </SandboxForm>
      </DataForm>

      <DataForm id="new-card-account" title="New card account" operation="POST /v1/sandbox/card-accounts">
        <SandboxForm
          kind="card-account"
          action={actions.createCardAccount}
          submitLabel="Create card account"
          label="New card account"
          defaultValue={{ creditLimit: { currency: "NOK" } }}
        >
          <SelectField name="customerId" options={everyCustomer} empty="Choose a customer" />
          <InputField name="name" hint="e.g. Reisekort." />
          <InputField
            name="creditLimit.amount"
            inputMode="decimal"
            hint={`${AMOUNT_HINT} The card account's currency is the limit's.`}
            after={<Currency name="creditLimit.currency" />}
          />
          <details className="rounded-lg border border-slate-200 bg-white px-3 py-2">
            <summary className="cursor-pointer text-sm font-medium text-slate-700">More (optional)</summary>
            <div className="mt-3 space-y-4">
              <SelectField
                name="relatedAccountId"
                groups={accounts}
                empty="The customer's first account"
                hint="One of the customer's own accounts."
              />
              <InputField
                name="maskedPan"
                mono
                placeholder="552211******1234"
                hint="6 digits, 6 stars, 4 digits; the bank makes one when empty."
              />
              <InputField
                name="balance.amount"
                inputMode="decimal"
                hint={`0 by default; negative when the card owes money. ${SIGNED_HINT}`}
              />
              <InputField name="product" />
              <SelectField name="usage" empty="From the customer's type" options={USAGE_OPTIONS} />
              <InputField name="ownerName" />
            </div>
          </details>
        </SandboxForm>
      </DataForm>

      <DataForm id="new-agreement" title="New agreement" operation="POST /v1/sandbox/agreements">
        {corporate.length === 0 ? (
          <p className="text-sm text-slate-600">There is no corporate customer: make one first.</p>
        ) : (
          <SandboxForm kind="agreement" action={actions.createAgreement} submitLabel="Create agreement" label="New agreement">
            <SelectField name="customerId" options={corporate} empty="Choose a corporate customer" />
            <InputField name="name" hint="e.g. Lie Eiendom AS." />
            <InputField
              name="organisationNumber"
              inputMode="numeric"
              mono
              hint="9 digits with a valid MOD11 check digit, e.g. 918765026."
            />
            <CheckboxGroupField
              name="accountIds"
              groups={accountGroups(customers, { only: "CORPORATE" })}
              hint="One or more of the chosen customer's own accounts."
            />
          </SandboxForm>
        )}
      </DataForm>

      <DataForm id="new-account-transaction" title="Add an account transaction" operation="POST /v1/sandbox/accounts/{id}/transactions">
        <SandboxForm
          kind="account-transaction"
          action={actions.addAccountTransaction}
          submitLabel="Add transaction"
          label="Add an account transaction"
          defaultValue={{ bookingStatus: "booked", transactionAmount: { currency: "NOK" } }}
        >
          <SelectField name="accountId" groups={accounts} empty="Choose an account" />
          <RadioField name="bookingStatus" options={STATUS_OPTIONS} hint="A booked one changes the booked balance." />
          <InputField
            name="transactionAmount.amount"
            inputMode="decimal"
            hint={`${SIGNED_HINT} In the account's currency.`}
            after={<Currency name="transactionAmount.currency" />}
          />
          <InputField name="bookingDate" type="date" hint="Booked only: today by default, never later." />
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField name="creditorName" />
            <InputField name="creditorAccount" mono hint="A BBAN or an IBAN." />
            <InputField name="debtorName" />
            <InputField name="debtorAccount" mono hint="Not another account of this bank." />
          </div>
          <InputField name="remittanceInformationUnstructured" />
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField name="remittanceInformationStructured" inputMode="numeric" mono hint="2-25 digits, MOD10 or MOD11." />
            <InputField name="proprietaryBankTransactionCode" hint="e.g. Varekjøp." />
          </div>
        </SandboxForm>
      </DataForm>

      <DataForm id="new-card-transaction" title="Add a card transaction" operation="POST /v1/sandbox/card-accounts/{id}/transactions">
        <SandboxForm
          kind="card-transaction"
          action={actions.addCardTransaction}
          submitLabel="Add card transaction"
          label="Add a card transaction"
          defaultValue={{ bookingStatus: "booked", transactionAmount: { currency: "NOK" }, originalAmount: { currency: "EUR" } }}
        >
          <SelectField name="cardAccountId" groups={cardAccountGroups(customers)} empty="Choose a card account" />
          <RadioField name="bookingStatus" options={STATUS_OPTIONS} />
          <InputField
            name="transactionAmount.amount"
            inputMode="decimal"
            hint={`${SIGNED_HINT} In the card account's currency.`}
            after={<Currency name="transactionAmount.currency" />}
          />
          <InputField
            name="originalAmount.amount"
            inputMode="decimal"
            hint="Optional: what the merchant charged, with the same sign."
            after={<Currency name="originalAmount.currency" />}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField name="merchantCategoryCode" inputMode="numeric" mono hint="4 digits (ISO 18245), e.g. 5411." />
            <InputField name="transactionDetails" hint="e.g. TRATTORIA ROMA." />
            <InputField name="transactionDate" type="date" hint="Today by default." />
            <InputField name="bookingDate" type="date" hint="Booked only." />
          </div>
        </SandboxForm>
      </DataForm>

      <DataForm
        id="set-balance"
        title="Set a balance"
        operation="PUT /v1/sandbox/accounts/{id}/balances · PUT /v1/sandbox/card-accounts/{id}/balances"
      >
        <SandboxForm
          kind="balance"
          action={actions.setBalance}
          submitLabel="Set balance"
          label="Set a balance"
          defaultValue={{ balanceAmount: { currency: "NOK" } }}
        >
          <SelectField name="target" groups={balanceTargetGroups(customers)} empty="Choose an account or a card account" />
          <InputField
            name="balanceAmount.amount"
            inputMode="decimal"
            hint="The booked balance, today's bookings included, in the account's currency; negative when a card owes money."
            after={<Currency name="balanceAmount.currency" />}
          />
        </SandboxForm>
      </DataForm>
    </div>
  );
}
