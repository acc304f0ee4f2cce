import type { PayingAccount, PayingCard } from "@/lib/tpp/payment-form";
import { formatBban, formatIban, formatMaskedPan } from "../../format";
import { CURRENCY_OPTIONS } from "../../forms/currency-options";
import { FormSection } from "../../forms/form-section";
import { RadioCards } from "../../forms/radio-cards";
import { SelectField } from "../../forms/select-field";
import { TextField } from "../../forms/text-field";

function accountLabel(account: PayingAccount): string {
  const number = account.bban !== undefined ? formatBban(account.bban) : formatIban(account.iban);
  return `${account.name ?? "Account"} · ${number} · ${account.currency}`;
}

const PAYERS_WITH_PSU_ID = [
  { value: "psu-id", title: "As connected", text: "The bank knows you from your last login here (PSU-ID)." },
  {
    value: "national-id",
    title: "With a national identity number",
    text: "Identify with a national identity number instead (X-PSU-IDENTITY).",
  },
];

const PAYERS_WITHOUT_PSU_ID = [
  { value: "single-sca", title: "Log in when you approve", text: "One login at the bank identifies you and approves the payment." },
  { value: "national-id", title: "With a national identity number", text: "The bank identifies you by it (X-PSU-IDENTITY)." },
];

/**
 * The "From" section: the account or card paid from (chosen among those shared, or written when
 * none is), who pays (PSU-ID, a national identity number or one login at approval) and, for the
 * one login, whether as a private person or a company.
 */
export function DebtorFields({
  norwegian,
  typedDebtor,
  accounts,
  cards,
  chosenBeforehand,
  hasPsuId,
  payer,
}: {
  norwegian: boolean;
  typedDebtor: boolean;
  accounts: readonly PayingAccount[];
  /** The cards that can pay (those with a payment reference). */
  cards: readonly PayingCard[];
  /** Whether an account is chosen when the form opens (?from=, or the first account). */
  chosenBeforehand: boolean;
  hasPsuId: boolean;
  payer: string;
}) {
  const debtorGroups = [
    { label: "Bank accounts", options: accounts.map((account) => ({ value: `account:${account.id}`, label: accountLabel(account) })) },
    ...(cards.length === 0
      ? []
      : [
          {
            label: "Card accounts (single Norwegian transfers only)",
            options: cards.map((card) => ({
              value: `card:${card.id}`,
              label: `${card.name ?? "Card"} · ${formatMaskedPan(card.maskedPan)} · ${card.currency}`,
            })),
          },
        ]),
  ].filter((group) => group.options.length > 0);
  return (
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
          empty={chosenBeforehand ? undefined : "Choose an account"}
          hint="The accounts you share with this app. A card account pays single Norwegian transfers only."
        />
      )}
      <RadioCards name="payer" legend="Who pays" columns={2} options={hasPsuId ? PAYERS_WITH_PSU_ID : PAYERS_WITHOUT_PSU_ID} />
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
  );
}
