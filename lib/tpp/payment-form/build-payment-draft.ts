import { isPaymentProduct, parsePaymentRequest, type PaymentProduct } from "../../psd2/schemas";
import { validateNorwegianBban } from "../../psd2/validation";
import type { PayerIdentity } from "../pis/pis-types";
import { collectFormErrors } from "../forms/tpp-message-fields";
import { issueFromTppMessage, type FieldMappingOptions } from "./field-errors";
import { BULK_PAYMENTS, CONTROL_FIELDS, KID_FIELD, KIND_SERVICES, isNorwegianProduct, isPaymentKind, labelOfField } from "./form-fields";
import type { PaymentDraft, PaymentDraftResult, PaymentFormContext, PaymentFormIssue, PaymentKind } from "./payment-form-types";
import {
  isChecked,
  normalizeAmount,
  normalizeBban,
  normalizeBic,
  normalizeDigits,
  normalizeIbanInput,
  rowsAt,
  textAt,
  textsAt,
  type FormPath,
} from "./read-form-values";

/** The code of the form's own rules (those lib/psd2 cannot know: accounts, who pays, context). */
const FORM_INVALID = "FORM_INVALID";

type Body = Record<string, unknown>;

/** The issues found while reading the values, before lib/psd2 judges the body. */
class Findings {
  readonly issues: PaymentFormIssue[] = [];

  add(field: string | undefined, message: string, code = FORM_INVALID): void {
    this.issues.push({ field, code, message });
  }
}

/** Puts a value in an object only when it is there, so that lib/psd2 reports a missing one as required. */
function put(target: Body, key: string, value: unknown): void {
  if (value !== undefined) target[key] = value;
}

function fieldName(prefix: FormPath, name: string): string {
  return prefix.length === 0 ? name : `${BULK_PAYMENTS}[${String(prefix[1])}].${name}`;
}

/**
 * A Norwegian account number checked as a person typed it: 11 digits with a valid MOD11 check
 * digit. The wire rule (lib/psd2) checks the 11 digits only, since a bank knows its accounts; a
 * form can catch a typing error before it reaches the bank.
 */
function checkBban(bban: string, field: string, findings: Findings): void {
  const violation = validateNorwegianBban(bban, { checkDigit: true });
  if (violation === undefined) return;
  const reason = /check digit/.test(violation.reason)
    ? "has a wrong check digit (MOD11): one of the digits is likely mistyped"
    : "must have 11 digits, e.g. 8601 11 17947";
  findings.add(field, `${labelOfField(field)} ${reason}`, violation.code);
}

/** The fields of one credit transfer (the payment itself, or a bulk's row) under `prefix`. */
function buildTransfer(values: unknown, prefix: FormPath, product: PaymentProduct, findings: Findings): Body {
  const text = (...path: FormPath) => textAt(values, [...prefix, ...path]);
  const norwegian = isNorwegianProduct(product);
  const transfer: Body = {};

  if (!norwegian) put(transfer, "endToEndIdentification", text("endToEndIdentification"));

  const amount: Body = {};
  const typedAmount = text("instructedAmount", "amount");
  put(amount, "amount", typedAmount === undefined ? undefined : normalizeAmount(typedAmount));
  put(amount, "currency", text("instructedAmount", "currency"));
  transfer.instructedAmount = amount;

  put(transfer, "creditorName", text("creditorName"));

  const creditorCurrency = text("creditorAccount", "currency");
  const account: Body = {};
  if (norwegian) {
    const typed = text("creditorAccount", "bban");
    const bban = typed === undefined ? undefined : normalizeBban(typed);
    if (bban !== undefined) checkBban(bban, fieldName(prefix, "creditorAccount.bban"), findings);
    put(account, "bban", bban);
    // creditorAgent applies to a currency account only (docs/interface/payments.md#norwegian-domestic-credit-transfer: required then).
    if (creditorCurrency !== undefined && creditorCurrency !== "NOK") {
      const bic = text("creditorAgent");
      put(transfer, "creditorAgent", bic === undefined ? undefined : normalizeBic(bic));
    }
  } else {
    const typed = text("creditorAccount", "iban");
    put(account, "iban", typed === undefined ? undefined : normalizeIbanInput(typed));
  }
  put(account, "currency", creditorCurrency);
  transfer.creditorAccount = account;

  const address: Body = {};
  for (const part of ["street", "buildingNumber", "postalCode", "city", "country"]) put(address, part, text("creditorAddress", part));
  // Required on the Norwegian products; on SEPA sent when any part of it is given.
  if (norwegian || Object.keys(address).length > 0) transfer.creditorAddress = address;

  if (norwegian) put(transfer, "ultimateDebtor", text("ultimateDebtor"));

  const message = text("remittanceInformationUnstructured");
  const typedKid = text("remittanceInformationStructuredArray", 0, "reference");
  const kid = typedKid === undefined ? undefined : normalizeDigits(typedKid);
  const choice = text(CONTROL_FIELDS.remittance);
  // SEPA carries no structured remittance: the KID does not apply there.
  const sendMessage = !norwegian || choice !== "kid";
  const sendKid = norwegian && choice !== "message";
  if (sendKid && choice === "kid" && kid === undefined) {
    findings.add(fieldName(prefix, KID_FIELD), "Write the KID, or choose a message instead");
  }
  if (sendMessage) put(transfer, "remittanceInformationUnstructured", message);
  if (sendKid && kid !== undefined) transfer.remittanceInformationStructuredArray = [{ reference: kid, referenceType: "KID" }];

  if (norwegian) put(transfer, "purposeCode", text("purposeCode"));
  return transfer;
}

/** The payer's identity: the PSU-ID by default, X-PSU-IDENTITY when chosen, the single-SCA journey without a PSU-ID. */
function readPayer(values: unknown, context: PaymentFormContext, findings: Findings): PayerIdentity | undefined {
  const choice = textAt(values, [CONTROL_FIELDS.payer]) ?? (context.hasPsuId ? "psu-id" : "single-sca");
  if (choice === "national-id") {
    const typed = textAt(values, [CONTROL_FIELDS.nationalId]);
    const nationalId = typed === undefined ? undefined : normalizeDigits(typed);
    if (nationalId === undefined) {
      findings.add(CONTROL_FIELDS.nationalId, "Write your national identity number (11 digits)");
      return undefined;
    }
    if (!/^[0-9]{11}$/.test(nationalId)) {
      findings.add(CONTROL_FIELDS.nationalId, "National identity number must have 11 digits (a fødselsnummer or D-number)");
      return undefined;
    }
    return { kind: "national-id", nationalId };
  }
  if (choice === "psu-id") {
    if (context.hasPsuId) return { kind: "psu-id" };
    findings.add(
      CONTROL_FIELDS.payer,
      "You have not connected your bank yet: choose how you pay as Private or Company, or give your national identity number",
    );
    return undefined;
  }
  if (choice === "single-sca") {
    if (context.hasPsuId) {
      findings.add(
        CONTROL_FIELDS.payer,
        "You are connected to the bank already: pay as that connection, or give your national identity number",
      );
      return undefined;
    }
    const psuContext = textAt(values, [CONTROL_FIELDS.psuContext]);
    if (psuContext === "PRIVATE" || psuContext === "CORPORATE") return { kind: "single-sca", context: psuContext };
    findings.add(CONTROL_FIELDS.psuContext, "Choose whether you pay privately or for a company");
    return undefined;
  }
  findings.add(CONTROL_FIELDS.payer, "Choose who pays");
  return undefined;
}

/** The debtorAccount of the body and how the page names it. */
function readDebtor(
  values: unknown,
  product: PaymentProduct,
  kind: PaymentKind,
  context: PaymentFormContext,
  findings: Findings,
): { account: Body; debtor: PaymentDraft["debtor"] } | undefined {
  const norwegian = isNorwegianProduct(product);
  if (isDebtorTyped(context)) {
    const account: Body = {};
    let label: string | undefined;
    if (norwegian) {
      const typed = textAt(values, ["debtorAccount", "bban"]);
      const bban = typed === undefined ? undefined : normalizeBban(typed);
      if (bban !== undefined) checkBban(bban, "debtorAccount.bban", findings);
      put(account, "bban", bban);
      label = bban;
    } else {
      const typed = textAt(values, ["debtorAccount", "iban"]);
      const iban = typed === undefined ? undefined : normalizeIbanInput(typed);
      put(account, "iban", iban);
      label = iban;
    }
    put(account, "currency", textAt(values, ["debtorAccount", "currency"]));
    return { account, debtor: { label: label ?? "" } };
  }

  const picked = textAt(values, [CONTROL_FIELDS.debtor]);
  if (picked === undefined) {
    findings.add(CONTROL_FIELDS.debtor, "Choose the account to pay from");
    return undefined;
  }
  const [type, ...rest] = picked.split(":");
  const id = rest.join(":");
  if (type === "card") {
    const card = context.cards.find((candidate) => candidate.id === id);
    if (card === undefined) {
      findings.add(CONTROL_FIELDS.debtor, "Pay from is not one of the card accounts you share with this app");
      return undefined;
    }
    if (kind !== "single" || product !== "norwegian-domestic-credit-transfers") {
      findings.add(
        CONTROL_FIELDS.debtor,
        "A card account can pay a single Norwegian transfer only: choose a bank account, or make a single Norwegian transfer",
      );
      return undefined;
    }
    if (card.paymentReference === undefined) {
      findings.add(CONTROL_FIELDS.debtor, "This card account cannot pay: the bank gives no account reference for it");
      return undefined;
    }
    return {
      account: { currency: card.currency, other: { identification: card.paymentReference, schemeNameProprietary: "creditCardAccount" } },
      debtor: { cardAccountId: card.id, label: `${card.name ?? "Card"} ${card.maskedPan}` },
    };
  }
  const account = type === "account" ? context.accounts.find((candidate) => candidate.id === id) : undefined;
  if (account === undefined) {
    findings.add(CONTROL_FIELDS.debtor, "Pay from is not one of the accounts you share with this app");
    return undefined;
  }
  const reference = norwegian ? account.bban : account.iban;
  if (reference === undefined) {
    findings.add(CONTROL_FIELDS.debtor, `This account has no ${norwegian ? "Norwegian account number" : "IBAN"}: choose another account`);
    return undefined;
  }
  return {
    account: norwegian ? { bban: reference, currency: account.currency } : { iban: reference, currency: account.currency },
    debtor: { accountId: account.id, label: `${account.name ?? "Account"} ${reference}` },
  };
}

/** Whether the debtor account is typed in: the user shares no account or card that can pay (a PISP-only user). */
export function isDebtorTyped(context: Pick<PaymentFormContext, "accounts" | "cards">): boolean {
  return context.accounts.length === 0 && !context.cards.some((card) => card.paymentReference !== undefined);
}

/** The schedule fields of a periodic payment; monthsOfExecution only for MonthlyVariable. @see docs/interface/endpoints.md#success-statuses */
function buildSchedule(values: unknown): Body {
  const schedule: Body = {};
  for (const field of ["startDate", "endDate", "frequency", "executionRule", "dayOfExecution"])
    put(schedule, field, textAt(values, [field]));
  if (schedule.frequency === "MonthlyVariable") {
    const months = textsAt(values, ["monthsOfExecution"]);
    if (months.length > 0) schedule.monthsOfExecution = months;
  }
  return schedule;
}

/** Whether a bulk payment may be made: for a company only. */
function mayPayInBulk(context: PaymentFormContext, payer: PayerIdentity | undefined): boolean {
  return context.corporate || (payer?.kind === "single-sca" && payer.context === "CORPORATE");
}

/**
 * The payment that the form's values describe, or what is wrong with them, each at its field.
 * The wire body is built from the values (field names are its JSON paths; the fields that do not
 * apply to the product and kind are left out), then judged by lib/psd2's own parsePaymentRequest
 * against `today`, as the bank will judge it; the form adds the rules lib/psd2 cannot know (the
 * debtor among the consented accounts, a card only for a single domestic transfer, bulk for a
 * company only, who pays, the account numbers' check digits).
 * @see docs/interface/payments.md#norwegian-domestic-credit-transfer, docs/interface/payments.md#sepa-credit-transfer; docs/interface/endpoints.md#success-statuses, docs/interface/payments.md#payments-in-the-sandbox
 */
export function buildPaymentDraft(values: unknown, context: PaymentFormContext): PaymentDraftResult {
  const findings = new Findings();
  const productValue = textAt(values, [CONTROL_FIELDS.product]);
  const kindValue = textAt(values, [CONTROL_FIELDS.kind]) ?? "single";
  const product = productValue !== undefined && isPaymentProduct(productValue) ? productValue : undefined;
  const kind = isPaymentKind(kindValue) ? kindValue : undefined;
  if (product === undefined) findings.add(CONTROL_FIELDS.product, "Choose the kind of transfer");
  if (kind === undefined) findings.add(CONTROL_FIELDS.kind, "Choose one payment, a repeating payment or a bulk payment");

  const payer = readPayer(values, context, findings);
  if (kind === "bulk" && !mayPayInBulk(context, payer)) {
    findings.add(
      CONTROL_FIELDS.kind,
      context.hasPsuId
        ? "Bulk payments are for companies: act for your company (Company page) to make one"
        : "Bulk payments are for companies: choose to pay as a company below",
    );
  }
  if (product === undefined || kind === undefined) return failure(findings.issues);

  const debtor = readDebtor(values, product, kind, context, findings);
  const body: Body = {};
  if (kind === "bulk") {
    body.batchBookingPreferred = isChecked(values, ["batchBookingPreferred"]);
    if (debtor !== undefined) body.debtorAccount = debtor.account;
    put(body, "requestedExecutionDate", textAt(values, ["requestedExecutionDate"]));
    body.payments = rowsAt(values, [BULK_PAYMENTS]).map((_, index) => buildTransfer(values, [BULK_PAYMENTS, index], product, findings));
  } else {
    Object.assign(body, buildTransfer(values, [], product, findings));
    if (debtor !== undefined) body.debtorAccount = debtor.account;
    if (kind === "periodic") Object.assign(body, buildSchedule(values));
    else put(body, "requestedExecutionDate", textAt(values, ["requestedExecutionDate"]));
  }

  const service = KIND_SERVICES[kind];
  const mapping: FieldMappingOptions = { product, debtorTyped: isDebtorTyped(context) };
  const parsed = parsePaymentRequest(service, product, body, { today: context.today });
  const own = findings.issues;
  const fieldsWithOwnIssue = new Set(own.map((issue) => issue.field));
  const judged = parsed.tppMessages
    .filter((message) => message.category === "ERROR")
    .map((message) => issueFromTppMessage(message, mapping))
    // A debtor the form could not resolve was left out: lib/psd2's "is required" says nothing more.
    .filter((issue) => !fieldsWithOwnIssue.has(issue.field));
  const issues = [...own, ...judged];
  if (issues.length > 0 || !parsed.ok || payer === undefined || debtor === undefined) return failure(issues);
  return { ok: true, draft: { service, product, body, payer, debtor: debtor.debtor } };
}

function failure(issues: readonly PaymentFormIssue[]): PaymentDraftResult {
  const { fieldErrors, formErrors } = collectFormErrors(issues);
  // Never "not ok" without a message: that would leave the PSU without a clue.
  if (issues.length === 0) formErrors.push("The payment could not be read from the form: reload the page and try again");
  return { ok: false, fieldErrors, formErrors, issues };
}
