/**
 * The control room's forms: each form's fields (named by the wire body's JSON paths where they
 * can be), how the posted values become the body of its sandbox operation, and the judgement of
 * that body by lib/psd2's own schema of the operation, the one the sandbox bank validates with.
 * Its tppMessages, and the bank's own after a 4xx, land on the fields their `path` names. Pure:
 * it runs in the browser as the user types, and again in the Server Action.
 * @see docs/interface/errors.md#statuses-by-code, docs/interface/sandbox-operations.md#sandbox-operations
 */
import type { z } from "zod";
import {
  type CreateSandboxAccountInput,
  type CreateSandboxAgreementInput,
  type CreateSandboxCardAccountInput,
  type CreateSandboxCustomerInput,
  type SandboxAccountTransactionInput,
  type SandboxCardTransactionInput,
  type SetSandboxBalanceInput,
  createSandboxAccountSchema,
  createSandboxAccountTransactionsSchema,
  createSandboxAgreementSchema,
  createSandboxCardAccountSchema,
  createSandboxCardTransactionsSchema,
  createSandboxCustomerSchema,
  parseRequestBody,
  sandboxClockMoveSchema,
  setSandboxBalanceSchema,
} from "../../../psd2/schemas";
import { type FormIssue, issueFromTppMessage as placeTppMessage, type TppMessageLike } from "../../forms/tpp-message-fields";
import { BANK_TIME_ZONE } from "../../../psd2/time";
import { zonedDateTimeToIso } from "../zoned-time";
import { isTicked, normalizeAmount, normalizeDigits, partyAccountOf, textOf, textsOf } from "./read-values";
import { ownValue } from "../../../psd2/lookup/own-value";

export const SANDBOX_FORM_KINDS = [
  "clock",
  "customer",
  "account",
  "card-account",
  "agreement",
  "account-transaction",
  "card-transaction",
  "balance",
  "initialize",
] as const;
export type SandboxFormKind = (typeof SANDBOX_FORM_KINDS)[number];

/** The bank's time zone (lib/psd2/time's): the clock form's date-time is its wall clock. */
export { BANK_TIME_ZONE };

/** What each form asks of the bank once its values are judged valid. */
export interface SandboxFormRequests {
  readonly clock: { readonly now: string; readonly frozen: boolean };
  readonly customer: CreateSandboxCustomerInput;
  readonly account: CreateSandboxAccountInput;
  readonly "card-account": CreateSandboxCardAccountInput;
  readonly agreement: CreateSandboxAgreementInput;
  readonly "account-transaction": { readonly accountId: string; readonly transactions: SandboxAccountTransactionInput[] };
  readonly "card-transaction": { readonly cardAccountId: string; readonly transactions: SandboxCardTransactionInput[] };
  readonly balance: {
    readonly target: "account" | "card";
    readonly id: string;
    readonly balanceAmount: SetSandboxBalanceInput["balanceAmount"];
  };
  readonly initialize: { readonly understood: true };
}

/** A message for a field (undefined: the form as a whole), with the code of the rule or the bank's tppMessage. */
export type SandboxFormIssue = FormIssue;

export type { TppMessageLike };

type BodyJudgement<R> =
  { readonly ok: true; readonly request: R } | { readonly ok: false; readonly tppMessages: readonly TppMessageLike[] };

interface Built<K extends SandboxFormKind> {
  /** The form's own rules (a choice not made), before the body's. */
  readonly issues: readonly SandboxFormIssue[];
  /** The body built from the values, judged by lib/psd2's schema of the operation; its output makes the request. */
  judge(): BodyJudgement<SandboxFormRequests[K]>;
}

/** The judgement of a body by a schema, the request made from the schema's output. */
function judgeBody<S extends z.ZodType, R>(schema: S, body: unknown, toRequest: (value: z.output<S>) => R): () => BodyJudgement<R> {
  return () => {
    const parsed = parseRequestBody(schema, body);
    return parsed.ok ? { ok: true, request: toRequest(parsed.value) } : { ok: false, tppMessages: parsed.tppMessages };
  };
}

/**
 * The judgement of a body whose schema checks some fields only once every field has its shape
 * (a rule on the object, as the customer's number): while the user has not filled the others,
 * the body is judged again with valid stand-ins in their place, and the messages about the
 * fields the user did fill are added. The rules and their messages stay the schema's own.
 */
function judgeBodyAsTyped<S extends z.ZodType, R>(
  schema: S,
  body: Record<string, unknown>,
  standIns: Readonly<Record<string, unknown>>,
  toRequest: (value: z.output<S>) => R,
): () => BodyJudgement<R> {
  const judge = judgeBody(schema, body, toRequest);
  return () => {
    const judged = judge();
    if (judged.ok) return judged;
    const missing = Object.keys(standIns).filter((name) => body[name] === undefined);
    if (missing.length === 0) return judged;
    const again = parseRequestBody(schema, { ...standIns, ...body });
    const typed = again.tppMessages.filter(
      (message) => message.path !== undefined && !missing.some((name) => message.path === name || message.path?.startsWith(`${name}.`)),
    );
    const known = new Set(judged.tppMessages.map((message) => `${message.path ?? ""} ${message.text ?? ""}`));
    return {
      ok: false,
      tppMessages: [...judged.tppMessages, ...typed.filter((message) => !known.has(`${message.path ?? ""} ${message.text}`))],
    };
  };
}

interface FormSpec<K extends SandboxFormKind> {
  /** Every field of the form with its label. */
  readonly labels: Readonly<Record<string, string>>;
  /** Paths of the body (after `bodyPrefix`) that belong to another field than their own name says. */
  readonly aliases?: Readonly<Record<string, string>>;
  /** The body is an array of one item: its paths start with this ("[0]."). */
  readonly bodyPrefix?: string;
  /** Where a 404 RESOURCE_UNKNOWN without a path goes: the picker of the id in the operation's path. */
  readonly resourceField?: string;
  build(values: unknown): Built<K>;
}

function optional(values: unknown, field: string, normalize: (text: string) => string = (text) => text): string | undefined {
  const text = textOf(values, field);
  return text === undefined ? undefined : normalize(text);
}

function compact<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function choose(field: string, message: string): SandboxFormIssue {
  return { field, code: "REQUIRED", message };
}

const SPECS: { readonly [K in SandboxFormKind]: FormSpec<K> } = {
  clock: {
    labels: { now: "Sandbox time (Oslo)", frozen: "Then" },
    build(values) {
      const local = textOf(values, "now");
      const frozen = textOf(values, "frozen") === "true";
      const now = local === undefined ? undefined : (zonedDateTimeToIso(local, BANK_TIME_ZONE) ?? local);
      const issues = now === undefined ? [choose("now", "Choose the date and time to set the clock to")] : [];
      return {
        issues,
        judge: judgeBody(sandboxClockMoveSchema, compact({ now, frozen }), (move) => ({
          now: move.now ?? "",
          frozen: move.frozen ?? false,
        })),
      };
    },
  },
  customer: {
    labels: { customerNumber: "Customer number", customerName: "Name", customerType: "Type" },
    build(values) {
      const body = compact({
        customerNumber: optional(values, "customerNumber", normalizeDigits),
        customerName: optional(values, "customerName"),
        customerType: optional(values, "customerType"),
      });
      const standIns = { customerNumber: "01019012345", customerName: "A", customerType: "PRIVATE" };
      return { issues: [], judge: judgeBodyAsTyped(createSandboxCustomerSchema, body, standIns, (customer) => customer) };
    },
  },
  account: {
    labels: {
      customerId: "Customer",
      name: "Account name",
      currency: "Currency",
      product: "Product",
      cashAccountType: "Cash account type",
      usage: "Usage",
      ownerName: "Owner's name",
      kidRequired: "KID required",
      "balance.amount": "Opening balance",
    },
    aliases: { balance: "balance.amount", "balance.currency": "balance.amount", currency: "balance.amount" },
    build(values) {
      const currency = optional(values, "currency");
      const amount = optional(values, "balance.amount", normalizeAmount);
      const body = compact({
        customerId: optional(values, "customerId"),
        name: optional(values, "name"),
        currency,
        product: optional(values, "product"),
        cashAccountType: optional(values, "cashAccountType"),
        usage: optional(values, "usage"),
        ownerName: optional(values, "ownerName"),
        kidRequired: isTicked(values, "kidRequired") ? true : undefined,
        balance: amount === undefined ? undefined : { currency: currency ?? "NOK", amount },
      });
      const issues = body.customerId === undefined ? [choose("customerId", "Choose the customer the account belongs to")] : [];
      return { issues, judge: judgeBody(createSandboxAccountSchema, body, (account) => account) };
    },
  },
  "card-account": {
    labels: {
      customerId: "Customer",
      name: "Card account name",
      "creditLimit.amount": "Credit limit",
      "creditLimit.currency": "Currency",
      product: "Product",
      maskedPan: "Masked card number",
      relatedAccountId: "Account the card draws on",
      usage: "Usage",
      ownerName: "Owner's name",
      "balance.amount": "Opening balance",
    },
    aliases: {
      creditLimit: "creditLimit.amount",
      "creditLimit.currency": "creditLimit.amount",
      balance: "balance.amount",
      "balance.currency": "creditLimit.amount",
    },
    build(values) {
      const currency = optional(values, "creditLimit.currency") ?? "NOK";
      const limit = optional(values, "creditLimit.amount", normalizeAmount);
      const balance = optional(values, "balance.amount", normalizeAmount);
      const body = compact({
        customerId: optional(values, "customerId"),
        name: optional(values, "name"),
        creditLimit: limit === undefined ? undefined : { currency, amount: limit },
        product: optional(values, "product"),
        maskedPan: optional(values, "maskedPan", (text) => text.replace(/\s+/g, "")),
        relatedAccountId: optional(values, "relatedAccountId"),
        usage: optional(values, "usage"),
        ownerName: optional(values, "ownerName"),
        balance: balance === undefined ? undefined : { currency, amount: balance },
      });
      const issues = body.customerId === undefined ? [choose("customerId", "Choose the customer the card account belongs to")] : [];
      return { issues, judge: judgeBody(createSandboxCardAccountSchema, body, (cardAccount) => cardAccount) };
    },
  },
  agreement: {
    labels: {
      customerId: "Corporate customer",
      name: "Company name",
      organisationNumber: "Organisation number",
      accountIds: "Accounts in the agreement",
    },
    build(values) {
      const accountIds = textsOf(values, "accountIds");
      const body = compact({
        customerId: optional(values, "customerId"),
        name: optional(values, "name"),
        organisationNumber: optional(values, "organisationNumber", normalizeDigits),
        accountIds,
      });
      const issues = body.customerId === undefined ? [choose("customerId", "Choose the corporate customer")] : [];
      return { issues, judge: judgeBody(createSandboxAgreementSchema, body, (agreement) => agreement) };
    },
  },
  "account-transaction": {
    labels: {
      accountId: "Account",
      bookingStatus: "Status",
      bookingDate: "Booking date",
      "transactionAmount.amount": "Amount",
      "transactionAmount.currency": "Currency",
      creditorName: "Creditor's name",
      creditorAccount: "Creditor's account",
      debtorName: "Debtor's name",
      debtorAccount: "Debtor's account",
      remittanceInformationUnstructured: "Message",
      remittanceInformationStructured: "KID",
      proprietaryBankTransactionCode: "Transaction code",
    },
    aliases: { transactionAmount: "transactionAmount.amount", "transactionAmount.currency": "transactionAmount.amount" },
    bodyPrefix: "[0].",
    resourceField: "accountId",
    build(values) {
      const accountId = optional(values, "accountId");
      const amount = optional(values, "transactionAmount.amount", normalizeAmount);
      const creditorAccount = optional(values, "creditorAccount");
      const debtorAccount = optional(values, "debtorAccount");
      const item = compact({
        bookingStatus: optional(values, "bookingStatus"),
        bookingDate: optional(values, "bookingDate"),
        transactionAmount: amount === undefined ? undefined : { currency: optional(values, "transactionAmount.currency") ?? "NOK", amount },
        creditorName: optional(values, "creditorName"),
        creditorAccount: creditorAccount === undefined ? undefined : partyAccountOf(creditorAccount),
        debtorName: optional(values, "debtorName"),
        debtorAccount: debtorAccount === undefined ? undefined : partyAccountOf(debtorAccount),
        remittanceInformationUnstructured: optional(values, "remittanceInformationUnstructured"),
        remittanceInformationStructured: optional(values, "remittanceInformationStructured", normalizeDigits),
        proprietaryBankTransactionCode: optional(values, "proprietaryBankTransactionCode"),
      });
      const body = [item];
      const issues = accountId === undefined ? [choose("accountId", "Choose the account to add the transaction to")] : [];
      return {
        issues,
        judge: judgeBody(createSandboxAccountTransactionsSchema, body, (transactions) => ({ accountId: accountId ?? "", transactions })),
      };
    },
  },
  "card-transaction": {
    labels: {
      cardAccountId: "Card account",
      bookingStatus: "Status",
      transactionDate: "Purchase date",
      bookingDate: "Booking date",
      "transactionAmount.amount": "Amount",
      "transactionAmount.currency": "Currency",
      "originalAmount.amount": "Amount the merchant charged",
      "originalAmount.currency": "Its currency",
      merchantCategoryCode: "Merchant category code",
      transactionDetails: "Merchant",
    },
    aliases: {
      transactionAmount: "transactionAmount.amount",
      "transactionAmount.currency": "transactionAmount.amount",
      originalAmount: "originalAmount.amount",
      "originalAmount.currency": "originalAmount.amount",
    },
    bodyPrefix: "[0].",
    resourceField: "cardAccountId",
    build(values) {
      const cardAccountId = optional(values, "cardAccountId");
      const amount = optional(values, "transactionAmount.amount", normalizeAmount);
      const original = optional(values, "originalAmount.amount", normalizeAmount);
      const item = compact({
        bookingStatus: optional(values, "bookingStatus"),
        transactionDate: optional(values, "transactionDate"),
        bookingDate: optional(values, "bookingDate"),
        transactionAmount: amount === undefined ? undefined : { currency: optional(values, "transactionAmount.currency") ?? "NOK", amount },
        originalAmount:
          original === undefined ? undefined : { currency: optional(values, "originalAmount.currency") ?? "NOK", amount: original },
        merchantCategoryCode: optional(values, "merchantCategoryCode"),
        transactionDetails: optional(values, "transactionDetails"),
      });
      const body = [item];
      const issues = cardAccountId === undefined ? [choose("cardAccountId", "Choose the card account to add the transaction to")] : [];
      return {
        issues,
        judge: judgeBody(createSandboxCardTransactionsSchema, body, (transactions) => ({
          cardAccountId: cardAccountId ?? "",
          transactions,
        })),
      };
    },
  },
  balance: {
    labels: { target: "Account or card account", "balanceAmount.amount": "Booked balance", "balanceAmount.currency": "Currency" },
    aliases: { balanceAmount: "balanceAmount.amount", "balanceAmount.currency": "balanceAmount.amount" },
    resourceField: "target",
    build(values) {
      const target = /^(account|card):(.+)$/.exec(optional(values, "target") ?? "");
      const amount = optional(values, "balanceAmount.amount", normalizeAmount);
      const currency = optional(values, "balanceAmount.currency") ?? "NOK";
      const body = { balanceAmount: compact({ currency, amount }) };
      const issues = target === null ? [choose("target", "Choose the account or card account whose balance to set")] : [];
      return {
        issues,
        judge: judgeBody(setSandboxBalanceSchema, body, ({ balanceAmount }) => ({
          target: target?.[1] === "card" ? ("card" as const) : ("account" as const),
          id: target?.[2] ?? "",
          balanceAmount,
        })),
      };
    },
  },
  initialize: {
    labels: { understood: "I understand what is lost" },
    build(values) {
      const issues = isTicked(values, "understood")
        ? []
        : [choose("understood", "Tick the box to confirm that you understand what initialising discards")];
      return { issues, judge: () => ({ ok: true, request: { understood: true } }) };
    },
  },
};

/** The label of a field of a form (the field's name when it has none). */
export function labelOf(kind: SandboxFormKind, field: string): string {
  return ownValue(SPECS[kind].labels, field) ?? field;
}

/** The field a path names by its own name (before aliases), and the field that shows its message. */
function fieldsForPath(kind: SandboxFormKind, path: string | undefined): { named: string; shown: string } | undefined {
  if (path === undefined || path === "") return undefined;
  const spec: FormSpec<SandboxFormKind> = SPECS[kind];
  const prefix = spec.bodyPrefix ?? "";
  if (!path.startsWith(prefix)) return undefined;
  const relative = path.slice(prefix.length);
  const names = [...new Set([...Object.keys(spec.aliases ?? {}), ...Object.keys(spec.labels)])].sort((a, b) => b.length - a.length);
  const name = names.find(
    (candidate) => relative === candidate || relative.startsWith(`${candidate}.`) || relative.startsWith(`${candidate}[`),
  );
  if (name === undefined) return undefined;
  return { named: name, shown: spec.aliases?.[name] ?? name };
}

/**
 * A tppMessage (lib/psd2's judgement in the browser, or the bank's 4xx) as a form issue: at the
 * field its path names, its text starting with the field's label instead of the path
 * ("balanceAmount.amount has 1 fraction digit…" → "Booked balance has 1 fraction digit…"); a 404
 * for the id in the operation's path at the picker of that id; anything else (and every
 * WARNING) for the form as a whole, with its code.
 * @see docs/interface/errors.md#statuses-by-code
 */
export function issueFromTppMessage(kind: SandboxFormKind, message: TppMessageLike): SandboxFormIssue {
  const spec: FormSpec<SandboxFormKind> = SPECS[kind];
  return placeTppMessage(
    message,
    ({ path, code }) => {
      const fields = fieldsForPath(kind, path);
      const field = fields?.shown ?? (path === undefined && code === "RESOURCE_UNKNOWN" ? spec.resourceField : undefined);
      return field === undefined ? undefined : { field, label: spec.labels[fields?.named ?? field] ?? labelOf(kind, field) };
    },
    ({ category, code, text }) => `${category === "WARNING" ? "Warning " : ""}${code}: ${text ?? code}`,
  );
}

/** The judgement of a form's values: the request to make, or what is wrong (every field at once). */
export type SandboxFormJudgement<K extends SandboxFormKind> =
  { readonly ok: true; readonly request: SandboxFormRequests[K] } | { readonly ok: false; readonly issues: readonly SandboxFormIssue[] };

/**
 * Judges a form's posted values: the form's own rules (a picker left empty), then the body built
 * from the values through lib/psd2's schema of the operation (every rule the bank applies to
 * the body, with its message).
 */
export function judgeSandboxForm<K extends SandboxFormKind>(kind: K, values: unknown): SandboxFormJudgement<K> {
  const spec = SPECS[kind] as FormSpec<K>;
  const built = spec.build(values);
  const issues: SandboxFormIssue[] = [...built.issues];
  const judged = built.judge();
  if (!judged.ok) {
    // A field the form's own rules already speak for (a picker left empty) gets no second message.
    const spoken = new Set(built.issues.map((issue) => issue.field));
    for (const message of judged.tppMessages) {
      const issue = issueFromTppMessage(kind, message);
      if (issue.field !== undefined && spoken.has(issue.field)) continue;
      if (!issues.some((known) => known.field === issue.field && known.message === issue.message)) issues.push(issue);
    }
  }
  return judged.ok && issues.length === 0 ? { ok: true, request: judged.request } : { ok: false, issues };
}
