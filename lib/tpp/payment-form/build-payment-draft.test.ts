import { describe, expect, it } from "vitest";
import { parsePaymentRequest } from "../../psd2/schemas";
import { buildPaymentDraft } from "./build-payment-draft";
import type { PaymentDraft, PaymentDraftResult, PaymentFormContext } from "./payment-form-types";

const today = "2025-03-01";

const context: PaymentFormContext = {
  today,
  accounts: [
    { id: "acc-main", name: "Brukskonto", bban: "12345678903", iban: "NO7112345678903", currency: "NOK" },
    { id: "acc-nobban", name: "Euro account", bban: undefined, iban: undefined, currency: "EUR" },
  ],
  cards: [
    { id: "card-1", name: "Visa", maskedPan: "552211******4821", currency: "NOK", paymentReference: "acc-main" },
    { id: "card-2", name: "Old card", maskedPan: "552211******0000", currency: "NOK", paymentReference: undefined },
  ],
  corporate: false,
  hasPsuId: true,
};

const corporate: PaymentFormContext = { ...context, corporate: true };
/** A PISP-only user: no PSU-ID, no consented accounts. */
const pispOnly: PaymentFormContext = { ...context, accounts: [], cards: [], hasPsuId: false };

const domesticValues = {
  product: "norwegian-domestic-credit-transfers",
  kind: "single",
  debtor: "account:acc-main",
  payer: "psu-id",
  creditorName: "Kari Nordmann",
  creditorAccount: { bban: "8601 11 17947", currency: "NOK" },
  creditorAddress: { street: "Storgata", buildingNumber: "1", postalCode: "0155", city: "Oslo", country: "NO" },
  instructedAmount: { amount: "1250.50", currency: "NOK" },
  remittance: "message",
  remittanceInformationUnstructured: "Husleie mars",
};

const domesticBody = {
  instructedAmount: { amount: "1250.50", currency: "NOK" },
  creditorName: "Kari Nordmann",
  creditorAccount: { bban: "86011117947", currency: "NOK" },
  creditorAddress: { street: "Storgata", buildingNumber: "1", postalCode: "0155", city: "Oslo", country: "NO" },
  remittanceInformationUnstructured: "Husleie mars",
  debtorAccount: { bban: "12345678903", currency: "NOK" },
};

const sepaValues = {
  product: "sepa-credit-transfers",
  kind: "single",
  debtor: "account:acc-main",
  creditorName: "Max Mustermann",
  creditorAccount: { iban: "de89 3704 0044 0532 0130 00", currency: "EUR" },
  instructedAmount: { amount: "49.90", currency: "EUR" },
  remittanceInformationUnstructured: "Invoice 17",
  endToEndIdentification: "E2E-17",
};

function draftOf(result: PaymentDraftResult): PaymentDraft {
  if (!result.ok) throw new Error(`expected a draft, got ${JSON.stringify(result.issues)}`);
  return result.draft;
}

/** The draft, after checking that lib/psd2 accepts its body as the bank will. */
function accepted(values: unknown, ctx: PaymentFormContext = context): PaymentDraft {
  const draft = draftOf(buildPaymentDraft(values, ctx));
  expect(parsePaymentRequest(draft.service, draft.product, draft.body, { today }).ok).toBe(true);
  return draft;
}

function errorsOf(values: unknown, ctx: PaymentFormContext = context) {
  const result = buildPaymentDraft(values, ctx);
  if (result.ok) throw new Error(`expected errors, got ${JSON.stringify(result.draft.body)}`);
  return result;
}

describe("buildPaymentDraft: the wire body of each product and kind (psd2-interface.md payment requests; supplement.md §2)", () => {
  it("single Norwegian domestic transfer from a consented account", () => {
    expect(accepted(domesticValues)).toEqual({
      service: "payments",
      product: "norwegian-domestic-credit-transfers",
      body: domesticBody,
      payer: { kind: "psu-id" },
      debtor: { accountId: "acc-main", label: "Brukskonto 12345678903" },
    });
  });

  it("single domestic transfer with KID, purpose code, ultimate debtor and a date; amounts typed with thousands grouped and a decimal comma", () => {
    const draft = accepted({
      ...domesticValues,
      instructedAmount: { amount: "1.250,50", currency: "NOK" },
      remittance: "kid",
      remittanceInformationStructuredArray: [{ reference: "1234 5674" }],
      purposeCode: "SUPP",
      ultimateDebtor: "Ola AS",
      requestedExecutionDate: "2025-03-10",
    });
    const { remittanceInformationUnstructured: _message, ...rest } = domesticBody;
    expect(draft.body).toEqual({
      ...rest,
      instructedAmount: { amount: "1250.50", currency: "NOK" },
      remittanceInformationStructuredArray: [{ reference: "12345674", referenceType: "KID" }],
      purposeCode: "SUPP",
      ultimateDebtor: "Ola AS",
      requestedExecutionDate: "2025-03-10",
    });
  });

  it("a creditor's currency account needs creditorAgent, sent as a BIC in upper case", () => {
    const draft = accepted({ ...domesticValues, creditorAccount: { bban: "86011117947", currency: "USD" }, creditorAgent: "dnba no kk" });
    expect(draft.body).toMatchObject({ creditorAgent: "DNBANOKK", creditorAccount: { bban: "86011117947", currency: "USD" } });
  });

  it("creditorAgent is left out for a NOK account (it does not apply)", () => {
    expect(accepted({ ...domesticValues, creditorAgent: "DNBANOKK" }).body).not.toHaveProperty("creditorAgent");
  });

  it("single domestic transfer from a card account: debtorAccount.other with creditCardAccount", () => {
    const draft = accepted({ ...domesticValues, debtor: "card:card-1" });
    expect(draft.body.debtorAccount).toEqual({
      currency: "NOK",
      other: { identification: "acc-main", schemeNameProprietary: "creditCardAccount" },
    });
    expect(draft.debtor).toEqual({ cardAccountId: "card-1", label: "Visa 552211******4821" });
  });

  it("instant (straks) transfer: the domestic body under its own product", () => {
    const draft = accepted({ ...domesticValues, product: "instant-norwegian-credit-transfers-straks" });
    expect(draft).toMatchObject({ service: "payments", product: "instant-norwegian-credit-transfers-straks", body: domesticBody });
  });

  it("single SEPA transfer: IBANs in electronic format, endToEndIdentification, no address when none is given", () => {
    expect(accepted(sepaValues)).toEqual({
      service: "payments",
      product: "sepa-credit-transfers",
      body: {
        endToEndIdentification: "E2E-17",
        instructedAmount: { amount: "49.90", currency: "EUR" },
        creditorName: "Max Mustermann",
        creditorAccount: { iban: "DE89370400440532013000", currency: "EUR" },
        remittanceInformationUnstructured: "Invoice 17",
        debtorAccount: { iban: "NO7112345678903", currency: "NOK" },
      },
      payer: { kind: "psu-id" },
      debtor: { accountId: "acc-main", label: "Brukskonto NO7112345678903" },
    });
  });

  it("SEPA: a given address is sent; KID, purpose code, ultimate debtor and creditorAgent do not apply and are left out", () => {
    const draft = accepted({
      ...sepaValues,
      creditorAddress: { city: "Berlin", country: "DE" },
      remittance: "kid",
      remittanceInformationStructuredArray: [{ reference: "12345674" }],
      purposeCode: "SUPP",
      ultimateDebtor: "Ola AS",
      creditorAgent: "DEUTDEFF",
    });
    expect(draft.body.creditorAddress).toEqual({ city: "Berlin", country: "DE" });
    expect(Object.keys(draft.body).sort()).toEqual(
      [
        "creditorAccount",
        "creditorAddress",
        "creditorName",
        "debtorAccount",
        "endToEndIdentification",
        "instructedAmount",
        "remittanceInformationUnstructured",
      ].sort(),
    );
  });

  it("a Norwegian transfer leaves endToEndIdentification out (SEPA only)", () => {
    expect(accepted({ ...domesticValues, endToEndIdentification: "E2E" }).body).not.toHaveProperty("endToEndIdentification");
  });

  it("periodic domestic payment: the schedule instead of requestedExecutionDate", () => {
    const draft = accepted({
      ...domesticValues,
      kind: "periodic",
      requestedExecutionDate: "2025-03-05",
      startDate: "2025-04-01",
      endDate: "2026-03-01",
      frequency: "Monthly",
      executionRule: "following",
      dayOfExecution: "1",
      monthsOfExecution: ["1", "2"],
    });
    expect(draft.service).toBe("periodic-payments");
    expect(draft.body).toEqual({
      ...domesticBody,
      startDate: "2025-04-01",
      endDate: "2026-03-01",
      frequency: "Monthly",
      executionRule: "following",
      dayOfExecution: "1",
    });
  });

  it("periodic MonthlyVariable payment: the months ticked", () => {
    const draft = accepted({
      ...domesticValues,
      kind: "periodic",
      startDate: "2025-04-01",
      frequency: "MonthlyVariable",
      monthsOfExecution: ["3", "6", "9"],
    });
    expect(draft.body).toMatchObject({ frequency: "MonthlyVariable", monthsOfExecution: ["3", "6", "9"] });
  });

  it("periodic SEPA and instant payments", () => {
    expect(accepted({ ...sepaValues, kind: "periodic", startDate: "2025-03-01", frequency: "Weekly" })).toMatchObject({
      service: "periodic-payments",
      product: "sepa-credit-transfers",
      body: { startDate: "2025-03-01", frequency: "Weekly", creditorAccount: { iban: "DE89370400440532013000" } },
    });
    expect(
      accepted({
        ...domesticValues,
        product: "instant-norwegian-credit-transfers-straks",
        kind: "periodic",
        startDate: "2025-03-02",
        frequency: "Daily",
      }),
    ).toMatchObject({
      service: "periodic-payments",
      product: "instant-norwegian-credit-transfers-straks",
    });
  });

  const row = (name: string, bban: string, amount: string) => ({
    creditorName: name,
    creditorAccount: { bban, currency: "NOK" },
    creditorAddress: { country: "NO" },
    instructedAmount: { amount, currency: "NOK" },
    remittance: "message",
    remittanceInformationUnstructured: `Invoice for ${name}`,
  });

  it("bulk domestic payment in a corporate context: one debtor, one date, the rows as payments", () => {
    const draft = accepted(
      {
        product: "norwegian-domestic-credit-transfers",
        kind: "bulk",
        debtor: "account:acc-main",
        requestedExecutionDate: "2025-03-03",
        batchBookingPreferred: "on",
        payments: [
          row("Kari", "86011117947", "100.00"),
          { ...row("Ola", "12345678903", "0.50"), remittance: "kid", remittanceInformationStructuredArray: [{ reference: "12345674" }] },
        ],
      },
      corporate,
    );
    expect(draft).toMatchObject({ service: "bulk-payments", product: "norwegian-domestic-credit-transfers" });
    expect(draft.body).toEqual({
      batchBookingPreferred: true,
      debtorAccount: { bban: "12345678903", currency: "NOK" },
      requestedExecutionDate: "2025-03-03",
      payments: [
        {
          instructedAmount: { amount: "100.00", currency: "NOK" },
          creditorName: "Kari",
          creditorAccount: { bban: "86011117947", currency: "NOK" },
          creditorAddress: { country: "NO" },
          remittanceInformationUnstructured: "Invoice for Kari",
        },
        {
          instructedAmount: { amount: "0.50", currency: "NOK" },
          creditorName: "Ola",
          creditorAccount: { bban: "12345678903", currency: "NOK" },
          creditorAddress: { country: "NO" },
          remittanceInformationStructuredArray: [{ reference: "12345674", referenceType: "KID" }],
        },
      ],
    });
  });

  it("bulk SEPA and instant payments; batchBookingPreferred false when not ticked", () => {
    const sepaRow = {
      creditorName: "Max",
      creditorAccount: { iban: "DE89370400440532013000", currency: "EUR" },
      instructedAmount: { amount: "10.00", currency: "EUR" },
    };
    const sepa = accepted({ product: "sepa-credit-transfers", kind: "bulk", debtor: "account:acc-main", payments: [sepaRow] }, corporate);
    expect(sepa.body).toEqual({
      batchBookingPreferred: false,
      debtorAccount: { iban: "NO7112345678903", currency: "NOK" },
      payments: [
        {
          instructedAmount: { amount: "10.00", currency: "EUR" },
          creditorName: "Max",
          creditorAccount: { iban: "DE89370400440532013000", currency: "EUR" },
        },
      ],
    });
    const instant = accepted(
      {
        product: "instant-norwegian-credit-transfers-straks",
        kind: "bulk",
        debtor: "account:acc-main",
        payments: [row("Kari", "86011117947", "5.00")],
      },
      corporate,
    );
    expect(instant).toMatchObject({ service: "bulk-payments", product: "instant-norwegian-credit-transfers-straks" });
  });

  it("a PISP-only user types the debtor account (BBAN, or IBAN for SEPA) and pays in the single-SCA journey", () => {
    const { debtor: _picked, payer: _payer, ...rest } = domesticValues;
    const draft = accepted(
      { ...rest, debtorAccount: { bban: "1234.56.78903", currency: "NOK" }, payer: "single-sca", psuContext: "PRIVATE" },
      pispOnly,
    );
    expect(draft.body.debtorAccount).toEqual({ bban: "12345678903", currency: "NOK" });
    expect(draft.payer).toEqual({ kind: "single-sca", context: "PRIVATE" });
    expect(draft.debtor).toEqual({ label: "12345678903" });
    const { debtor: _sepaPicked, ...sepaRest } = sepaValues;
    const sepa = accepted(
      { ...sepaRest, debtorAccount: { iban: "NO93 8601 1117 947", currency: "NOK" }, psuContext: "CORPORATE" },
      pispOnly,
    );
    expect(sepa.body.debtorAccount).toEqual({ iban: "NO9386011117947", currency: "NOK" });
    expect(sepa.payer).toEqual({ kind: "single-sca", context: "CORPORATE" });
  });

  it("a national identity number in place of the PSU-ID (X-PSU-IDENTITY), spaces removed", () => {
    expect(accepted({ ...domesticValues, payer: "national-id", nationalId: "130393 19955" }).payer).toEqual({
      kind: "national-id",
      nationalId: "13039319955",
    });
  });
});

describe("buildPaymentDraft: each rule's message at its field", () => {
  it("a Norwegian account number with a wrong MOD11 check digit", () => {
    const result = errorsOf({ ...domesticValues, creditorAccount: { bban: "86011117948", currency: "NOK" } });
    expect(result.fieldErrors).toEqual({
      "creditorAccount.bban": ["Recipient's account number has a wrong check digit (MOD11): one of the digits is likely mistyped"],
    });
    const typed = errorsOf(
      { ...domesticValues, debtorAccount: { bban: "12345678904", currency: "NOK" }, payer: "single-sca", psuContext: "PRIVATE" },
      pispOnly,
    );
    expect(typed.fieldErrors["debtorAccount.bban"]).toEqual([
      "Your account number has a wrong check digit (MOD11): one of the digits is likely mistyped",
    ]);
  });

  it("a Norwegian account number that is not 11 digits (one message, not lib/psd2's as well)", () => {
    expect(errorsOf({ ...domesticValues, creditorAccount: { bban: "8601111794", currency: "NOK" } }).fieldErrors).toEqual({
      "creditorAccount.bban": ["Recipient's account number must have 11 digits, e.g. 8601 11 17947"],
    });
  });

  it("an IBAN that fails its check", () => {
    expect(errorsOf({ ...sepaValues, creditorAccount: { iban: "DE89370400440532013001", currency: "EUR" } }).fieldErrors).toEqual({
      "creditorAccount.iban": ["Recipient's IBAN fails the IBAN check (ISO 7064 MOD 97-10): a character is wrong"],
    });
  });

  it("the amount's decimals follow the currency's minor units: NOK 2, JPY 0", () => {
    expect(errorsOf({ ...domesticValues, instructedAmount: { amount: "10.5", currency: "NOK" } }).fieldErrors).toEqual({
      "instructedAmount.amount": ["Amount has 1 fraction digit; NOK amounts have exactly 2 (ISO 4217 minor units)"],
    });
    expect(errorsOf({ ...sepaValues, instructedAmount: { amount: "1000.00", currency: "JPY" } }).fieldErrors).toEqual({
      "instructedAmount.amount": ["Amount has 2 fraction digits; JPY amounts have none (ISO 4217 minor units)"],
    });
    accepted({ ...sepaValues, instructedAmount: { amount: "1000", currency: "JPY" } });
  });

  it("a missing amount or name is required", () => {
    const result = errorsOf({ ...domesticValues, instructedAmount: { currency: "NOK" }, creditorName: "  " });
    expect(result.fieldErrors).toEqual({
      "instructedAmount.amount": ["Amount is required"],
      creditorName: ["Recipient's name is required"],
    });
  });

  it("a creditor name over 70 characters and a message over 140", () => {
    const result = errorsOf({ ...domesticValues, creditorName: "x".repeat(71), remittanceInformationUnstructured: "m".repeat(141) });
    expect(result.fieldErrors).toEqual({
      creditorName: ["Recipient's name is 71 characters long; at most 70 are allowed"],
      remittanceInformationUnstructured: ["Message is 141 characters long; at most 140 are allowed"],
    });
  });

  it("an emoji cannot be processed downstream", () => {
    const result = errorsOf({ ...domesticValues, remittanceInformationUnstructured: "Takk for maten 😀" });
    expect(result.fieldErrors.remittanceInformationUnstructured).toEqual([
      "Message contains the character U+1F600, which is outside the Basic Multilingual Plane; it cannot be processed downstream",
    ]);
  });

  it("message and KID are never both sent: the toggle chooses; without it, lib/psd2's rule names the KID field", () => {
    const both = { ...domesticValues, remittanceInformationStructuredArray: [{ reference: "12345674" }] };
    expect(accepted({ ...both, remittance: "message" }).body).not.toHaveProperty("remittanceInformationStructuredArray");
    expect(accepted({ ...both, remittance: "kid" }).body).not.toHaveProperty("remittanceInformationUnstructured");
    const { remittance: _toggle, ...untoggled } = both;
    expect(errorsOf(untoggled).fieldErrors).toEqual({
      "remittanceInformationStructuredArray[0].reference": [
        "remittanceInformationStructuredArray must not be sent together with remittanceInformationUnstructured; a payment carries either unstructured or structured remittance",
      ],
    });
  });

  it("KID chosen but not written", () => {
    expect(errorsOf({ ...domesticValues, remittance: "kid" }).fieldErrors).toEqual({
      "remittanceInformationStructuredArray[0].reference": ["Write the KID, or choose a message instead"],
    });
  });

  it("a KID with a wrong check digit is KID_INVALID at the reference field", () => {
    const result = errorsOf({ ...domesticValues, remittance: "kid", remittanceInformationStructuredArray: [{ reference: "12345675" }] });
    expect(result.issues).toEqual([
      {
        field: "remittanceInformationStructuredArray[0].reference",
        code: "KID_INVALID",
        message: "KID has a wrong check digit: it passes neither the MOD10 (Luhn) nor the MOD11 check",
      },
    ]);
  });

  it("creditorAgent (BIC) is required when the creditor account's currency is not NOK, and must be a BIC", () => {
    expect(errorsOf({ ...domesticValues, creditorAccount: { bban: "86011117947", currency: "EUR" } }).fieldErrors).toEqual({
      creditorAgent: [
        "Recipient's bank (BIC) is required when the creditor account is a currency account (creditorAccount.currency is EUR, not NOK)",
      ],
    });
    expect(
      errorsOf({ ...domesticValues, creditorAccount: { bban: "86011117947", currency: "EUR" }, creditorAgent: "DNB" }).fieldErrors,
    ).toEqual({
      creditorAgent: ["Recipient's bank (BIC) is 3 characters long; a BIC has 8 or 11"],
    });
  });

  it("the execution date runs from today to a year ahead (EXECUTION_DATE_INVALID)", () => {
    const past = errorsOf({ ...domesticValues, requestedExecutionDate: "2025-02-28" });
    expect(past.issues).toEqual([
      {
        field: "requestedExecutionDate",
        code: "EXECUTION_DATE_INVALID",
        message: "Payment date is 2025-02-28, which is in the past (today is 2025-03-01)",
      },
    ]);
    expect(errorsOf({ ...domesticValues, requestedExecutionDate: "2026-03-02" }).fieldErrors).toEqual({
      requestedExecutionDate: ["Payment date is 2026-03-02, more than one year ahead (the latest allowed date is 2026-03-01)"],
    });
    accepted({ ...domesticValues, requestedExecutionDate: "2026-03-01" });
    // the first execution of a periodic payment, and the date of a bulk
    expect(errorsOf({ ...domesticValues, kind: "periodic", startDate: "2024-12-31", frequency: "Monthly" }).fieldErrors).toEqual({
      startDate: ["First payment is 2024-12-31, which is in the past (today is 2025-03-01)"],
    });
  });

  it("the end date of a periodic payment is not before its start date", () => {
    expect(
      errorsOf({ ...domesticValues, kind: "periodic", startDate: "2025-06-01", endDate: "2025-05-31", frequency: "Monthly" }).fieldErrors,
    ).toEqual({
      endDate: ["Last payment is 2025-05-31, before the first payment (2025-06-01)"],
    });
  });

  it("MonthlyVariable needs its months, without duplicates, at most 11", () => {
    const periodic = { ...domesticValues, kind: "periodic", startDate: "2025-04-01", frequency: "MonthlyVariable" };
    expect(errorsOf(periodic).fieldErrors).toEqual({
      monthsOfExecution: ["Months is required when How often is “In the months I choose”"],
    });
    const duplicate = errorsOf({ ...periodic, monthsOfExecution: ["3", "6", "3"] });
    expect(Object.keys(duplicate.fieldErrors)).toEqual(["monthsOfExecution"]);
    expect(duplicate.fieldErrors.monthsOfExecution?.[0]).toMatch(/month/);
    const all = errorsOf({ ...periodic, monthsOfExecution: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"] });
    expect(Object.keys(all.fieldErrors)).toEqual(["monthsOfExecution"]);
  });

  it("bulk payments only in a corporate context (or the single-SCA journey as a company)", () => {
    const bulk = { ...domesticValues, kind: "bulk", payments: [{ ...domesticValues }] };
    expect(errorsOf(bulk).fieldErrors).toEqual({
      kind: ["Bulk payments are for companies: act for your company (Company page) to make one"],
    });
    accepted(bulk, corporate);
    const { debtor: _debtor, ...typed } = bulk;
    const pispBulk = { ...typed, debtorAccount: { bban: "12345678903", currency: "NOK" }, payer: "single-sca" };
    expect(errorsOf({ ...pispBulk, psuContext: "PRIVATE" }, pispOnly).fieldErrors).toEqual({
      kind: ["Bulk payments are for companies: choose to pay as a company below"],
    });
    accepted({ ...pispBulk, psuContext: "CORPORATE" }, pispOnly);
  });

  it("a bulk's row errors carry the row's index; an empty bulk is an error of the list", () => {
    const result = errorsOf(
      {
        product: "norwegian-domestic-credit-transfers",
        kind: "bulk",
        debtor: "account:acc-main",
        payments: [
          {
            creditorName: "Kari",
            creditorAccount: { bban: "86011117947", currency: "NOK" },
            creditorAddress: { country: "NO" },
            instructedAmount: { amount: "1.00", currency: "NOK" },
          },
          {
            creditorName: "Ola",
            creditorAccount: { bban: "86011117948", currency: "NOK" },
            creditorAddress: { country: "NO" },
            instructedAmount: { amount: "1", currency: "NOK" },
          },
        ],
      },
      corporate,
    );
    expect(result.fieldErrors).toEqual({
      "payments[1].creditorAccount.bban": [
        "Payment 2: Recipient's account number has a wrong check digit (MOD11): one of the digits is likely mistyped",
      ],
      "payments[1].instructedAmount.amount": [
        "Payment 2: Amount has no fraction digits; NOK amounts have exactly 2 (ISO 4217 minor units)",
      ],
    });
    expect(errorsOf({ product: "sepa-credit-transfers", kind: "bulk", debtor: "account:acc-main" }, corporate).fieldErrors).toEqual({
      payments: ["Payments is empty; at least 1 payment is required"],
    });
  });

  it("a card account pays single Norwegian domestic transfers only", () => {
    const message = "A card account can pay a single Norwegian transfer only: choose a bank account, or make a single Norwegian transfer";
    for (const values of [
      { ...domesticValues, debtor: "card:card-1", kind: "periodic", startDate: "2025-04-01", frequency: "Monthly" },
      { ...domesticValues, debtor: "card:card-1", product: "instant-norwegian-credit-transfers-straks" },
      { ...sepaValues, debtor: "card:card-1" },
    ]) {
      expect(errorsOf(values).fieldErrors).toEqual({ debtor: [message] });
    }
    expect(errorsOf({ ...domesticValues, debtor: "card:card-2" }).fieldErrors).toEqual({
      debtor: ["This card account cannot pay: the bank gives no account reference for it"],
    });
  });

  it("the debtor must be one of the consented accounts, with the reference the product needs", () => {
    expect(errorsOf({ ...domesticValues, debtor: undefined }).fieldErrors).toEqual({ debtor: ["Choose the account to pay from"] });
    expect(errorsOf({ ...domesticValues, debtor: "account:someone-else" }).fieldErrors).toEqual({
      debtor: ["Pay from is not one of the accounts you share with this app"],
    });
    expect(errorsOf({ ...sepaValues, debtor: "account:acc-nobban" }).fieldErrors).toEqual({
      debtor: ["This account has no IBAN: choose another account"],
    });
  });

  it("a national identity number has 11 digits", () => {
    expect(errorsOf({ ...domesticValues, payer: "national-id", nationalId: "1303931995" }).fieldErrors).toEqual({
      nationalId: ["National identity number must have 11 digits (a fødselsnummer or D-number)"],
    });
    expect(errorsOf({ ...domesticValues, payer: "national-id", nationalId: "1303931995x" }).fieldErrors).toHaveProperty("nationalId");
    expect(errorsOf({ ...domesticValues, payer: "national-id" }).fieldErrors).toEqual({
      nationalId: ["Write your national identity number (11 digits)"],
    });
  });

  it("who pays follows the user's PSU-ID: the connection needs one, the single-SCA journey needs none and a context", () => {
    const { debtor: _debtor, ...typed } = domesticValues;
    const typedValues = { ...typed, debtorAccount: { bban: "12345678903", currency: "NOK" } };
    expect(errorsOf({ ...typedValues, payer: "psu-id" }, pispOnly).fieldErrors).toHaveProperty("payer");
    expect(errorsOf({ ...typedValues, payer: "single-sca" }, pispOnly).fieldErrors).toEqual({
      psuContext: ["Choose whether you pay privately or for a company"],
    });
    expect(errorsOf({ ...domesticValues, payer: "single-sca", psuContext: "PRIVATE" }).fieldErrors).toHaveProperty("payer");
    // no choice posted: the default of each
    expect(accepted({ ...domesticValues, payer: undefined }).payer).toEqual({ kind: "psu-id" });
    expect(accepted({ ...typedValues, payer: undefined, psuContext: "PRIVATE" }, pispOnly).payer).toEqual({
      kind: "single-sca",
      context: "PRIVATE",
    });
  });

  it("an unknown product or kind is the form's error at that field", () => {
    expect(errorsOf({ ...domesticValues, product: "cross-border" }).fieldErrors).toEqual({ product: ["Choose the kind of transfer"] });
    expect(errorsOf({ ...domesticValues, kind: "weekly" }).fieldErrors).toEqual({
      kind: ["Choose one payment, a repeating payment or a bulk payment"],
    });
  });

  it("everything wrong is listed at once", () => {
    const result = errorsOf({
      ...domesticValues,
      creditorName: "",
      creditorAccount: { bban: "1", currency: "NOK" },
      instructedAmount: { amount: "-5", currency: "NOK" },
    });
    expect(Object.keys(result.fieldErrors).sort()).toEqual(["creditorAccount.bban", "creditorName", "instructedAmount.amount"]);
    expect(result.formErrors).toEqual([]);
  });
});
