/**
 * A payment request as the bank's rules read it, whatever its service and product: the debtor
 * account, the entries (one, or a bulk's), the date or the periodic schedule. Made from the
 * validated body (lib/psd2), never from raw input.
 */
import type {
  BulkNorwegianDomesticPayment,
  BulkSepaPayment,
  NorwegianDomesticPayment,
  PaymentProduct,
  PaymentService,
  PeriodicNorwegianDomesticPayment,
  PeriodicSepaPayment,
  RemittanceReference,
  SepaPayment,
} from "../../../psd2/schemas";
import type { JsonPath } from "../../../psd2/validation";
import type { PaymentScheduleRecord } from "../../db/schema";

/** The debtor account as the request names it. */
export type DebtorReference =
  | { kind: "bban"; bban: string; currency: string }
  | { kind: "iban"; iban: string; currency: string }
  /** debtorAccount.other: a card account's relatedAccount reference. */
  | { kind: "card"; identification: string; currency: string };

/** One credit transfer: the single payment, or one payment of a bulk. */
export type PaymentEntry = {
  /** Where the entry is in the body: [] for a single payment, ["payments", i] in a bulk. */
  path: JsonPath;
  amount: string;
  currency: string;
  creditorName: string;
  creditorAccount: { bban: string; currency: string } | { iban: string; currency: string };
  remittanceUnstructured?: string;
  remittanceStructured?: readonly RemittanceReference[];
  endToEndId?: string;
};

/** The schedule of a periodic payment. @see docs/interface/endpoints.md#success-statuses */
export type PaymentSchedule = PaymentScheduleRecord;

export type PaymentOrder = {
  service: PaymentService;
  product: PaymentProduct;
  debtor: DebtorReference;
  entries: PaymentEntry[];
  /** Single and bulk payments: the requested execution date, when one was given. */
  requestedExecutionDate?: string;
  /** Periodic payments. */
  schedule?: PaymentSchedule;
  /** Bulk payments: one booking for the sum. */
  batchBookingPreferred: boolean;
};

/** The validated body of each service and product. */
export type ValidatedPaymentBody =
  | { service: "payments"; sepa: false; body: NorwegianDomesticPayment }
  | { service: "payments"; sepa: true; body: SepaPayment }
  | { service: "periodic-payments"; sepa: false; body: PeriodicNorwegianDomesticPayment }
  | { service: "periodic-payments"; sepa: true; body: PeriodicSepaPayment }
  | { service: "bulk-payments"; sepa: false; body: BulkNorwegianDomesticPayment }
  | { service: "bulk-payments"; sepa: true; body: BulkSepaPayment };

type DomesticEntryFields = Omit<NorwegianDomesticPayment, "debtorAccount" | "requestedExecutionDate">;
type SepaEntryFields = Omit<SepaPayment, "debtorAccount" | "requestedExecutionDate">;

function domesticEntry(fields: DomesticEntryFields, path: JsonPath): PaymentEntry {
  return {
    path,
    amount: fields.instructedAmount.amount,
    currency: fields.instructedAmount.currency,
    creditorName: fields.creditorName,
    creditorAccount: { bban: fields.creditorAccount.bban, currency: fields.creditorAccount.currency },
    ...(fields.remittanceInformationUnstructured === undefined ? {} : { remittanceUnstructured: fields.remittanceInformationUnstructured }),
    ...(fields.remittanceInformationStructuredArray === undefined
      ? {}
      : { remittanceStructured: fields.remittanceInformationStructuredArray }),
    ...(fields.endToEndIdentification === undefined ? {} : { endToEndId: fields.endToEndIdentification }),
  };
}

function sepaEntry(fields: SepaEntryFields, path: JsonPath): PaymentEntry {
  return {
    path,
    amount: fields.instructedAmount.amount,
    currency: fields.instructedAmount.currency,
    creditorName: fields.creditorName,
    creditorAccount: { iban: fields.creditorAccount.iban, currency: fields.creditorAccount.currency },
    ...(fields.remittanceInformationUnstructured === undefined ? {} : { remittanceUnstructured: fields.remittanceInformationUnstructured }),
    ...(fields.endToEndIdentification === undefined ? {} : { endToEndId: fields.endToEndIdentification }),
  };
}

function domesticDebtor(account: NorwegianDomesticPayment["debtorAccount"]): DebtorReference {
  if (account.bban !== undefined) return { kind: "bban", bban: account.bban, currency: account.currency };
  // The schema lets exactly one of bban and other through.
  return { kind: "card", identification: account.other?.identification ?? "", currency: account.currency };
}

function scheduleOf(body: PeriodicNorwegianDomesticPayment | PeriodicSepaPayment): PaymentSchedule {
  return {
    startDate: body.startDate,
    frequency: body.frequency,
    ...(body.endDate === undefined ? {} : { endDate: body.endDate }),
    ...(body.executionRule === undefined ? {} : { executionRule: body.executionRule }),
    ...(body.dayOfExecution === undefined ? {} : { dayOfExecution: body.dayOfExecution }),
    ...(body.monthsOfExecution === undefined ? {} : { monthsOfExecution: [...body.monthsOfExecution] }),
  };
}

/** A periodic body without its schedule's fields: what is left is the payment itself. */
function withoutSchedule<Body extends PeriodicNorwegianDomesticPayment | PeriodicSepaPayment>(body: Body) {
  const {
    startDate: _startDate,
    endDate: _endDate,
    frequency: _frequency,
    executionRule: _executionRule,
    dayOfExecution: _dayOfExecution,
    monthsOfExecution: _monthsOfExecution,
    ...payment
  } = body;
  return payment;
}

/** The order a validated body gives. @see docs/interface/endpoints.md#success-statuses */
export function toPaymentOrder(product: PaymentProduct, validated: ValidatedPaymentBody): PaymentOrder {
  const base = { product, batchBookingPreferred: false };
  switch (validated.service) {
    case "payments": {
      const { body } = validated;
      const date = body.requestedExecutionDate === undefined ? {} : { requestedExecutionDate: body.requestedExecutionDate };
      if (validated.sepa) {
        const { debtorAccount, requestedExecutionDate: _date, ...fields } = validated.body;
        return { ...base, service: "payments", debtor: { kind: "iban", ...debtorAccount }, entries: [sepaEntry(fields, [])], ...date };
      }
      const { debtorAccount, requestedExecutionDate: _date, ...fields } = validated.body;
      return { ...base, service: "payments", debtor: domesticDebtor(debtorAccount), entries: [domesticEntry(fields, [])], ...date };
    }
    case "periodic-payments": {
      const schedule = scheduleOf(validated.body);
      if (validated.sepa) {
        const { debtorAccount, ...fields } = withoutSchedule(validated.body);
        return {
          ...base,
          service: "periodic-payments",
          debtor: { kind: "iban", ...debtorAccount },
          entries: [sepaEntry(fields, [])],
          schedule,
        };
      }
      const { debtorAccount, ...fields } = withoutSchedule(validated.body);
      return {
        ...base,
        service: "periodic-payments",
        debtor: domesticDebtor(debtorAccount),
        entries: [domesticEntry(fields, [])],
        schedule,
      };
    }
    case "bulk-payments": {
      const bulk = {
        ...base,
        service: "bulk-payments" as const,
        batchBookingPreferred: validated.body.batchBookingPreferred ?? false,
        ...(validated.body.requestedExecutionDate === undefined ? {} : { requestedExecutionDate: validated.body.requestedExecutionDate }),
      };
      if (validated.sepa) {
        return {
          ...bulk,
          debtor: { kind: "iban", ...validated.body.debtorAccount },
          entries: validated.body.payments.map((entry, index) => sepaEntry(entry, ["payments", index])),
        };
      }
      return {
        ...bulk,
        debtor: domesticDebtor(validated.body.debtorAccount),
        entries: validated.body.payments.map((entry, index) => domesticEntry(entry, ["payments", index])),
      };
    }
  }
}
