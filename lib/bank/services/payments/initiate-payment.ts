import { type PaymentProduct, type PaymentService, type ValidationTppMessage } from "../../../psd2/schemas";
import { formatJsonPath, hasKidReference } from "../../../psd2/validation";
import type { PaymentEntryRecord } from "../../db/schema";
import { BankError, type BankTppMessage } from "../../errors";
import type { TppIdentity } from "../../plugins/security-gate";
import { createAccountsRepository } from "../../repositories/accounts-repository";
import { createRandomId } from "../../repositories/ids";
import { addAmounts } from "../../repositories/money";
import { createPaymentPayersRepository } from "../../repositories/payment-payers-repository";
import {
  createPaymentsRepository,
  type PaymentCreation,
  type PaymentRow,
  type PaymentStored,
} from "../../repositories/payments-repository";
import { checkScaStart, startScaJourney } from "../../sca/start-sca-journey";
import type { Links } from "../../../psd2/schemas";
import { identifyPsu } from "../sca-sessions/identify-psu";
import { computeInstantFee } from "./compute-instant-fee";
import { convertAmount, isConvertibleCurrency, SANDBOX_EXCHANGE_RATES } from "./convert-amount";
import type { JudgedPaymentBody } from "./parse-payment-body";
import type { PaymentContext } from "./payment-context";
import { type PaymentEntry, type PaymentOrder, toPaymentOrder } from "./payment-order";
import { feesOf, paymentLinks } from "./payment-wire";
import { checkScheduleDays, executionDateOf } from "./periodic-schedule";
import type { PaymentRequestHeaders } from "./read-payment-request-headers";
import { type InitiatingPsu, resolveDebtorAccount, type ResolvedDebtor } from "./resolve-debtor-account";

/** A logical duplicate is looked for among the TPP's payments of the last 10 minutes. @see docs/interface/payments.md#payments-in-the-sandbox */
export const LOGICAL_DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

export type PaymentInitiation = {
  tpp: TppIdentity;
  service: PaymentService;
  product: PaymentProduct;
  headers: PaymentRequestHeaders;
  /** The query's allowLogicalDuplicate=true: make the payment even if it is a logical duplicate. */
  allowLogicalDuplicate: boolean;
  /** The body as the route judged it (parsePaymentBody): typed for the service and product, with the date it was judged against. */
  body: JudgedPaymentBody;
  /** The body's WARNINGs (the deprecated single structured remittance), repeated in the reply. */
  warnings: readonly ValidationTppMessage[];
};

export type PaymentInitiationReply = {
  location: string;
  body: {
    paymentId: string;
    transactionStatus: "RCVD";
    transactionFees?: { currency: string; amount: string };
    transactionFeeIndicator: boolean;
    tppMessages?: BankTppMessage[];
    _links: Links;
  };
};

/** Who initiates: the PSU of PSU-ID, X-PSU-IDENTITY or PSU-Corporate-ID, or nobody yet with PSU-Context. */
async function initiatingPsu(ctx: PaymentContext, tpp: TppIdentity, headers: PaymentRequestHeaders): Promise<InitiatingPsu> {
  const identified = await identifyPsu(ctx.db, tpp.id, headers);
  if (!identified.ok) {
    const { problem } = identified;
    // No scaRedirect here: a rejected initiation writes nothing (an SCA journey is a write).
    throw new BankError(problem.code, `${problem.text}. Without a psu-id, send PSU-Context for the single-SCA journey instead`, {
      path: problem.path,
    });
  }
  const { customer, agreement } = identified;
  if (customer)
    return { customer, context: headers.psuContext ?? (agreement ? "CORPORATE" : "PRIVATE"), ...(agreement ? { agreement } : {}) };
  if (headers.psuContext) return { context: headers.psuContext };
  throw new BankError(
    "HTTP_HEADER_REQUIRED",
    "The header PSU-ID (or X-PSU-IDENTITY) is required; without a psu-id, send PSU-Context (PRIVATE or CORPORATE) for the single-SCA journey, in which one SCA identifies the PSU and approves the payment",
    { path: "PSU-ID" },
  );
}

/** The written path of a field of an entry, e.g. `payments[1].instructedAmount.currency`. */
const withPath = (entry: PaymentEntry, ...fields: string[]) => formatJsonPath([...entry.path, ...fields]);

/** The products a PSU may not use from this account or in this context: 403 PRODUCT_INVALID. @see docs/interface/endpoints.md#success-statuses */
function checkProductAllowed(order: PaymentOrder, debtor: ResolvedDebtor): void {
  if (order.debtor.kind === "card" && (order.service !== "payments" || order.product !== "norwegian-domestic-credit-transfers")) {
    throw new BankError(
      "PRODUCT_INVALID",
      `A card account (debtorAccount.other) pays single norwegian-domestic-credit-transfers only, not ${order.service}/${order.product}`,
      { path: "payment-product" },
    );
  }
  if (order.service === "bulk-payments" && debtor.context !== "CORPORATE") {
    throw new BankError(
      "PRODUCT_INVALID",
      "bulk-payments are a corporate product: the PSU must act for a corporate agreement (PSU-Corporate-ID or PSU-Context CORPORATE)",
      {
        path: "payment-product",
      },
    );
  }
}

/**
 * The entries as the bank executes them: each amount in the debtor account's currency (sandbox
 * exchange rates) and, for the instant product, its fee. Currencies the sandbox cannot convert,
 * and instant payments in another currency than NOK, are 400 FORMAT_ERROR.
 */
function priceEntries(order: PaymentOrder, debtor: ResolvedDebtor): PaymentEntryRecord[] {
  const accountCurrency = debtor.account.currency;
  const problems: BankTppMessage[] = [];
  const convertible = Object.keys(SANDBOX_EXCHANGE_RATES).join(", ");
  if (!isConvertibleCurrency(accountCurrency)) {
    throw new BankError(
      "FORMAT_ERROR",
      `debtorAccount.currency ${accountCurrency}: the sandbox pays from accounts in ${convertible} only`,
      { path: "debtorAccount.currency" },
    );
  }
  const records: PaymentEntryRecord[] = [];
  for (const entry of order.entries) {
    const path = withPath(entry, "instructedAmount", "currency");
    if (order.product === "instant-norwegian-credit-transfers-straks" && entry.currency !== "NOK") {
      problems.push({
        category: "ERROR",
        code: "FORMAT_ERROR",
        path,
        text: `${path} is ${entry.currency}; instant payments (straks) are in NOK only`,
      });
      continue;
    }
    if (!isConvertibleCurrency(entry.currency)) {
      problems.push({
        category: "ERROR",
        code: "FORMAT_ERROR",
        path,
        text: `${path} is ${entry.currency}; the sandbox converts ${convertible} only`,
      });
      continue;
    }
    const debitAmount = convertAmount(entry.amount, entry.currency, accountCurrency);
    const fee =
      order.product === "instant-norwegian-credit-transfers-straks"
        ? convertAmount(computeInstantFee(entry.amount), "NOK", accountCurrency)
        : undefined;
    records.push({
      amount: entry.amount,
      currency: entry.currency,
      debitAmount,
      ...(fee === undefined ? {} : { feeAmount: fee }),
      creditorName: entry.creditorName,
      creditorAccount: entry.creditorAccount,
      ...(entry.remittanceUnstructured === undefined ? {} : { remittanceUnstructured: entry.remittanceUnstructured }),
      ...(entry.remittanceStructured === undefined
        ? {}
        : { remittanceStructured: entry.remittanceStructured.map((reference) => ({ ...reference })) }),
      ...(entry.endToEndId === undefined ? {} : { endToEndId: entry.endToEndId }),
    });
  }
  if (problems.length > 0) throw BankError.fromMessages(problems);
  return records;
}

/** The creditor references of an order, by kind. */
function creditorReferences(order: PaymentOrder): { bbans: string[]; ibans: string[] } {
  const bbans = order.entries.flatMap((entry) => ("bban" in entry.creditorAccount ? [entry.creditorAccount.bban] : []));
  const ibans = order.entries.flatMap((entry) => ("iban" in entry.creditorAccount ? [entry.creditorAccount.iban] : []));
  return { bbans, ibans };
}

/**
 * 400 KID_MISSING for a transfer to a sandbox account flagged "KID required" without a KID;
 * `known`: the BBANs and IBANs of the creditor accounts that require one, already read.
 * @see docs/interface/payments.md#payments-in-the-sandbox
 */
async function checkKidRequired(ctx: PaymentContext, order: PaymentOrder, known?: ReadonlySet<string>): Promise<void> {
  let kidRequired = known;
  if (!kidRequired) {
    const { bbans, ibans } = creditorReferences(order);
    const creditors = await createAccountsRepository(ctx.db).findByBbansOrIbans(bbans, ibans);
    kidRequired = new Set(creditors.filter((account) => account.kidRequired).flatMap((account) => [account.bban, account.iban]));
  }
  const problems: BankTppMessage[] = order.entries
    .filter((entry) => {
      const reference = "bban" in entry.creditorAccount ? entry.creditorAccount.bban : entry.creditorAccount.iban;
      return kidRequired.has(reference) && !hasKidReference(entry.remittanceStructured);
    })
    .map((entry) => {
      const path = withPath(entry, "remittanceInformationStructuredArray");
      return {
        category: "ERROR",
        code: "KID_MISSING",
        path,
        text: `${path} must hold a KID (referenceType KID or OCR): the creditor account ${withPath(entry, "creditorAccount")} requires one`,
      };
    });
  if (problems.length > 0) throw BankError.fromMessages(problems);
}

/** When the payment is due: the requested date, today, or the first execution of the schedule. */
function firstExecutionDate(order: PaymentOrder, today: string): string {
  if (!order.schedule) return order.requestedExecutionDate ?? today;
  const problem = checkScheduleDays(order.schedule);
  if (problem) throw new BankError("FORMAT_ERROR", `${problem.path} ${problem.reason}`, { path: problem.path });
  const first = executionDateOf(order.schedule, 0);
  if (first === undefined) {
    throw new BankError("FORMAT_ERROR", `endDate ${order.schedule.endDate ?? ""} leaves no execution: the first one would be after it`, {
      path: "endDate",
    });
  }
  return first;
}

/**
 * The usual creation decided in one statement (payment-payers-repository.ts): a PSU named by
 * PSU-ID alone (no X-PSU-IDENTITY, no PSU-Corporate-ID) paying privately from an enabled account
 * of their own that no agreement covers, named by BBAN or IBAN in its currency; with the creditor
 * accounts that require a KID. That is exactly when initiatingPsu and resolveDebtorAccount find
 * this PSU, context and account; anything else (an unknown psu-id, another's or an agreement's
 * account, a card, a context or currency that does not fit, a body the order cannot be read from)
 * is undefined, and goes through those rules one by one, which find the exact refusal.
 */
async function usualPayer(
  ctx: PaymentContext,
  tpp: TppIdentity,
  product: PaymentProduct,
  input: PaymentInitiation,
): Promise<{ psu: InitiatingPsu; order: PaymentOrder; debtor: ResolvedDebtor; kidRequired: ReadonlySet<string> } | undefined> {
  const { headers } = input;
  if (headers.psuId === undefined || headers.psuIdentity !== undefined || headers.psuCorporateId !== undefined) return undefined;
  if (headers.psuContext !== undefined && headers.psuContext !== "PRIVATE") return undefined;
  let order: PaymentOrder;
  try {
    order = toPaymentOrder(product, input.body.validated);
  } catch {
    return undefined;
  }
  const reference = order.debtor;
  if (reference.kind === "card") return undefined;
  const { bbans, ibans } = creditorReferences(order);
  const facts = await createPaymentPayersRepository(ctx.db).find({
    tppId: tpp.id,
    psuId: headers.psuId,
    debtor:
      reference.kind === "bban" ? { kind: "bban", reference: reference.bban } : { kind: "iban", reference: reference.iban.toUpperCase() },
    creditorBbans: bbans,
    creditorIbans: ibans,
  });
  const account = facts?.account;
  if (!facts || !account || account.customerId !== facts.customer.id || facts.accountInAgreement) return undefined;
  if (account.status !== "enabled" || account.currency !== reference.currency) return undefined;
  return {
    psu: { customer: facts.customer, context: "PRIVATE" },
    order,
    debtor: { account, context: "PRIVATE" },
    kidRequired: facts.kidRequired,
  };
}

/** What makes two payments logical duplicates: debtor, creditors, amounts and execution date. @see docs/interface/payments.md#payments-in-the-sandbox */
function duplicateKeyOf(order: PaymentOrder, debtorAccountId: string, executionDate: string): string {
  const transfers = order.entries
    .map(
      (entry) =>
        `${"bban" in entry.creditorAccount ? entry.creditorAccount.bban : entry.creditorAccount.iban}:${entry.amount} ${entry.currency}`,
    )
    .sort()
    .join(",");
  return `${order.service}|${order.product}|${debtorAccountId}|${executionDate}|${transfers}`;
}

/**
 * POST /v1/{service}/{product}, its body judged by the route (parsePaymentBody: the product's
 * schema, the execution date): checks everything else before writing anything (the PSU, the
 * debtor account and context, the product, the schedule, currencies, KID), then in one statement
 * registers the TPP, checks for a logical duplicate (serialised per TPP and key) and stores the
 * payment in RCVD; a SEPA credit transfer starts its SCA at once (scaRedirect) in the same
 * transaction, the Norwegian products answer startAuthorisation.
 *
 * @see docs/interface/endpoints.md#payment-creation-operation, docs/interface/payments.md#payment-creation-response; docs/interface/endpoints.md#success-statuses, docs/interface/errors.md#statuses-by-code, docs/interface/payments.md#payments-in-the-sandbox, docs/interface/header-parameters.md#x-accept-fix
 */
export async function initiatePayment(ctx: PaymentContext, input: PaymentInitiation): Promise<PaymentInitiationReply> {
  const { tpp, service, product, headers, warnings } = input;
  const { validated, today } = input.body;
  const usual = await usualPayer(ctx, tpp, product, input);
  const psu = usual?.psu ?? (await initiatingPsu(ctx, tpp, headers));
  const order = usual?.order ?? toPaymentOrder(product, validated);
  const executionDate = firstExecutionDate(order, today);
  const debtor = usual?.debtor ?? (await resolveDebtorAccount(ctx.db, order.debtor, psu));
  checkProductAllowed(order, debtor);
  const entries = priceEntries(order, debtor);
  await checkKidRequired(ctx, order, usual?.kidRequired);

  const accountCurrency = debtor.account.currency;
  const sameCurrency = entries.every((entry) => entry.currency === entries[0]?.currency);
  const instructedCurrency = sameCurrency ? (entries[0]?.currency ?? accountCurrency) : accountCurrency;
  const amount = sameCurrency
    ? addAmounts(instructedCurrency, ...entries.map((e) => e.amount))
    : addAmounts(accountCurrency, ...entries.map((e) => e.debitAmount));
  const fees = entries.flatMap((entry) => (entry.feeAmount === undefined ? [] : [entry.feeAmount]));
  const duplicateKey = duplicateKeyOf(order, debtor.account.id, order.schedule?.startDate ?? executionDate);
  const now = ctx.clock.now();
  const id = createRandomId();

  const creation: PaymentCreation = {
    id,
    tppId: tpp.id,
    service,
    product,
    status: "RCVD",
    customerId: psu.customer?.id ?? null,
    agreementId: debtor.agreement?.id ?? null,
    psuContext: debtor.context,
    debtorAccountId: debtor.account.id,
    request: { ...validated.body },
    entries,
    schedule: order.schedule ?? null,
    batchBooking: order.batchBookingPreferred,
    amount,
    currency: instructedCurrency,
    debitAmount: addAmounts(accountCurrency, ...entries.map((e) => e.debitAmount)),
    debitCurrency: accountCurrency,
    feeAmount: fees.length > 0 ? addAmounts(accountCurrency, ...fees) : null,
    executionDate,
    duplicateKey,
    createdAt: now,
    statusChangedAt: now,
  };
  // The TPP is registered (docs/interface/certificates.md) in the statement that stores its payment,
  // after the look for a logical duplicate, which that statement makes too (payments-repository.ts).
  const storing = {
    since: input.allowLogicalDuplicate ? null : new Date(now.getTime() - LOGICAL_DUPLICATE_WINDOW_MS),
    tpp: { id: tpp.id, name: tpp.name, roles: tpp.roles },
    at: now,
  };
  const storedOrDuplicate = (result: PaymentStored): PaymentRow => {
    if (result.duplicate) {
      const { duplicate } = result;
      throw new BankError(
        "CONFLICT",
        `This payment is a logical duplicate of payment ${duplicate.id} (status ${duplicate.status}) made at ${duplicate.createdAt.toISOString()}: same debtor, creditor, amount and execution date within 10 minutes. Send allowLogicalDuplicate=true to make it anyway`,
      );
    }
    return result.stored;
  };

  // The Norwegian products answer startAuthorisation: one statement, no transaction.
  const payment: { stored: PaymentRow; links: Links } =
    product !== "sepa-credit-transfers"
      ? await (async () => {
          const stored = storedOrDuplicate(await createPaymentsRepository(ctx.db).store(creation, storing));
          return { stored, links: { startAuthorisation: paymentLinks.startAuthorisation(stored) } };
        })()
      : // SEPA: the implicit start of the authorisation (docs/interface/payments.md#payments-in-the-sandbox), in the payment's transaction.
        await ctx.db.transaction(async (tx) => {
          const stored = storedOrDuplicate(await createPaymentsRepository(tx).store(creation, storing));
          const back = checkScaStart(headers);
          const journey = await startScaJourney(
            { db: tx, clock: ctx.clock, publicUrl: ctx.publicUrl },
            {
              tpp,
              purpose: "payment",
              ...back,
              resourceId: stored.id,
              ...(psu.customer ? { expectedCustomerId: psu.customer.id } : {}),
              ...(psu.customer && psu.agreement ? { expectedAgreementId: psu.agreement.id } : {}),
            },
          );
          return {
            stored,
            links: { scaRedirect: journey.scaRedirect, scaStatus: paymentLinks.scaStatus(stored, journey.authorisationId) },
          };
        });

  const messages: BankTppMessage[] = warnings.map((warning: ValidationTppMessage) => ({ ...warning }));
  return {
    location: paymentLinks.self(payment.stored).href,
    body: {
      paymentId: payment.stored.id,
      transactionStatus: "RCVD",
      ...feesOf(payment.stored),
      ...(messages.length > 0 ? { tppMessages: messages } : {}),
      _links: { self: paymentLinks.self(payment.stored), status: paymentLinks.status(payment.stored), ...payment.links },
    },
  };
}
