/**
 * The sandbox bank's tables. Migrations are made from this file with drizzle-kit
 * (`npm run bank:migrations`) and applied when the bank starts.
 *
 * Conventions: ids that leave the bank are opaque random strings (never sequence numbers);
 * amounts are `numeric` (exact, returned as strings); calendar dates are `date` strings
 * (YYYY-MM-DD, Europe/Oslo); instants are `timestamptz`. `origin` tells the known state made by
 * sandbox initialisation ("initial") from what was made by hand through the sandbox API
 * ("manual"), which initialisation discards.
 */
import { bigserial, boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const money = (name: string) => numeric(name, { precision: 23, scale: 5 });
const origin = () =>
  text("origin", { enum: ["initial", "manual"] })
    .notNull()
    .default("manual");

/** Key-value state of the bank itself: its CA and seal keys, the sandbox clock. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: instant("updated_at").notNull().defaultNow(),
});

/** TPPs, registered on first use of a valid certificate; id = the certificate's organizationIdentifier. */
export const tpps = pgTable("tpps", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  roles: jsonb("roles").$type<string[]>().notNull(),
  contactEmail: text("contact_email"),
  registeredAt: instant("registered_at").notNull(),
  registeredThrough: text("registered_through", { enum: ["portal", "certificate"] }).notNull(),
});

export const customers = pgTable("customers", {
  id: text("id").primaryKey(),
  /** The mocked national identity number the PSU logs in with. */
  customerNumber: text("customer_number").notNull().unique(),
  name: text("name").notNull(),
  type: text("type", { enum: ["PRIVATE", "CORPORATE"] }).notNull(),
  origin: origin(),
  createdAt: instant("created_at").notNull(),
});

/** Corporate agreements: a customer acts for an organisation on the agreement's accounts. */
export const agreements = pgTable(
  "agreements",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    organisationNumber: text("organisation_number").notNull(),
    origin: origin(),
  },
  (t) => [index("agreements_customer_idx").on(t.customerId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    bban: text("bban").notNull().unique(),
    iban: text("iban").notNull().unique(),
    bic: text("bic").notNull(),
    currency: text("currency").notNull(),
    name: text("name").notNull(),
    product: text("product").notNull(),
    cashAccountType: text("cash_account_type").notNull(),
    status: text("status", { enum: ["enabled", "deleted", "blocked"] })
      .notNull()
      .default("enabled"),
    usage: text("usage", { enum: ["PRIV", "ORGA"] }).notNull(),
    ownerName: text("owner_name").notNull(),
    /** Incoming payments to this account must carry a KID (KID_MISSING otherwise). */
    kidRequired: boolean("kid_required").notNull().default(false),
    /** Booked balance including today's bookings; kept in step with booked transactions. */
    bookedBalance: money("booked_balance").notNull(),
    creditLimit: money("credit_limit").notNull().default("0"),
    origin: origin(),
    createdAt: instant("created_at").notNull(),
  },
  (t) => [index("accounts_customer_idx").on(t.customerId)],
);

export const agreementAccounts = pgTable(
  "agreement_accounts",
  {
    agreementId: text("agreement_id")
      .notNull()
      .references(() => agreements.id, { onDelete: "cascade" }),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.agreementId, t.accountId] }), index("agreement_accounts_account_idx").on(t.accountId)],
);

export const cardAccounts = pgTable(
  "card_accounts",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    maskedPan: text("masked_pan").notNull(),
    currency: text("currency").notNull(),
    name: text("name").notNull(),
    product: text("product").notNull(),
    status: text("status", { enum: ["enabled", "deleted", "blocked"] })
      .notNull()
      .default("enabled"),
    usage: text("usage", { enum: ["PRIV", "ORGA"] }).notNull(),
    ownerName: text("owner_name").notNull(),
    creditLimit: money("credit_limit").notNull(),
    /** Booked balance: negative when the card owes money. */
    bookedBalance: money("booked_balance").notNull(),
    /** The account a card payment is drawn on (debtorAccount.other.identification). */
    relatedAccountId: text("related_account_id").references(() => accounts.id, { onDelete: "set null" }),
    origin: origin(),
    createdAt: instant("created_at").notNull(),
  },
  (t) => [index("card_accounts_customer_idx").on(t.customerId)],
);

export type TransactionParty = { bban?: string; iban?: string; currency?: string };
export type TransactionDetailsExtra = {
  additionalInformation?: string;
  proprietary?: string[];
  creditorAddress?: Record<string, string>;
  debtorAddress?: Record<string, string>;
};

export const transactions = pgTable(
  "transactions",
  {
    /** Internal order of insertion: a tie-breaker for paging, never sent out. */
    seq: bigserial("seq", { mode: "number" }).primaryKey(),
    id: text("id").notNull().unique(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["booked", "pending", "rejected"] }).notNull(),
    bookingDate: date("booking_date", { mode: "string" }),
    valueDate: date("value_date", { mode: "string" }).notNull(),
    /** The date used for ordering and date filters: bookingDate when booked, else the value date. */
    sortDate: date("sort_date", { mode: "string" }).notNull(),
    amount: money("amount").notNull(),
    currency: text("currency").notNull(),
    entryReference: text("entry_reference"),
    endToEndId: text("end_to_end_id"),
    creditorName: text("creditor_name"),
    creditorAccount: jsonb("creditor_account").$type<TransactionParty>(),
    debtorName: text("debtor_name"),
    debtorAccount: jsonb("debtor_account").$type<TransactionParty>(),
    remittanceUnstructured: text("remittance_unstructured"),
    /** A KID/OCR reference. */
    remittanceStructured: text("remittance_structured"),
    proprietaryCode: text("proprietary_code"),
    details: jsonb("details").$type<TransactionDetailsExtra>(),
    /** The payment this transaction settles, when a payment made it. */
    paymentId: text("payment_id"),
    origin: origin(),
    createdAt: instant("created_at").notNull(),
  },
  (t) => [
    index("transactions_listing_idx").on(t.accountId, t.status, t.sortDate.desc(), t.seq.desc()),
    index("transactions_payment_idx").on(t.paymentId),
  ],
);

export const cardTransactions = pgTable(
  "card_transactions",
  {
    seq: bigserial("seq", { mode: "number" }).primaryKey(),
    id: text("id").notNull().unique(),
    cardAccountId: text("card_account_id")
      .notNull()
      .references(() => cardAccounts.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["booked", "pending"] }).notNull(),
    bookingDate: date("booking_date", { mode: "string" }),
    transactionDate: date("transaction_date", { mode: "string" }).notNull(),
    sortDate: date("sort_date", { mode: "string" }).notNull(),
    /** In the card account's currency. */
    amount: money("amount").notNull(),
    currency: text("currency").notNull(),
    /** As charged by the merchant, possibly in another currency. */
    originalAmount: money("original_amount").notNull(),
    originalCurrency: text("original_currency").notNull(),
    merchantName: text("merchant_name"),
    merchantCategoryCode: text("merchant_category_code").notNull(),
    origin: origin(),
    createdAt: instant("created_at").notNull(),
  },
  (t) => [index("card_transactions_listing_idx").on(t.cardAccountId, t.status, t.sortDate.desc(), t.seq.desc())],
);

/** psu-id: a UUID stable for one (TPP, customer), unknown to every other TPP. */
export const psuIds = pgTable(
  "psu_ids",
  {
    tppId: text("tpp_id")
      .notNull()
      .references(() => tpps.id, { onDelete: "cascade" }),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    psuId: uuid("psu_id").notNull().unique(),
  },
  (t) => [primaryKey({ columns: [t.tppId, t.customerId] })],
);

/** psu-corporate-id: a UUID stable for one (TPP, agreement). */
export const psuCorporateIds = pgTable(
  "psu_corporate_ids",
  {
    tppId: text("tpp_id")
      .notNull()
      .references(() => tpps.id, { onDelete: "cascade" }),
    agreementId: text("agreement_id")
      .notNull()
      .references(() => agreements.id, { onDelete: "cascade" }),
    psuCorporateId: uuid("psu_corporate_id").notNull().unique(),
  },
  (t) => [primaryKey({ columns: [t.tppId, t.agreementId] })],
);

/** Bank-offered consent: which of a customer's accounts and card accounts a TPP may read. */
export const consents = pgTable(
  "consents",
  {
    tppId: text("tpp_id")
      .notNull()
      .references(() => tpps.id, { onDelete: "cascade" }),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    resourceType: text("resource_type", { enum: ["account", "card-account"] }).notNull(),
    resourceId: text("resource_id").notNull(),
    grantedAt: instant("granted_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tppId, t.customerId, t.resourceType, t.resourceId] })],
);

/** A completed SCA: valid for one hour for (TPP, customer, TPP-Session-ID), across AIS and PIS. */
export const scaSessions = pgTable(
  "sca_sessions",
  {
    id: text("id").primaryKey(),
    tppId: text("tpp_id")
      .notNull()
      .references(() => tpps.id, { onDelete: "cascade" }),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    tppSessionId: text("tpp_session_id").notNull(),
    context: text("context", { enum: ["PRIVATE", "CORPORATE"] }).notNull(),
    agreementId: text("agreement_id").references(() => agreements.id, { onDelete: "cascade" }),
    authenticatedAt: instant("authenticated_at").notNull(),
    expiresAt: instant("expires_at").notNull(),
    /** Set when an SCA under a newer TPP-Session-ID completed: this session is then invalid. */
    replacedAt: instant("replaced_at"),
  },
  (t) => [index("sca_sessions_lookup_idx").on(t.tppId, t.customerId, t.tppSessionId)],
);

/**
 * One SCA journey started by a TPP request: the single-use, 15-minute link of scaRedirect, and
 * what the PSU did on the bank's pages.
 */
export const authorisations = pgTable(
  "authorisations",
  {
    id: text("id").primaryKey(),
    /** The secret in the scaRedirect link; single use. */
    token: text("token").notNull().unique(),
    purpose: text("purpose", { enum: ["consent", "identify", "payment", "basket"] }).notNull(),
    tppId: text("tpp_id")
      .notNull()
      .references(() => tpps.id, { onDelete: "cascade" }),
    tppSessionId: text("tpp_session_id").notNull(),
    redirectUri: text("redirect_uri").notNull(),
    redirectPreferred: boolean("redirect_preferred").notNull().default(true),
    /** The customer the request named (PSU-ID or X-PSU-IDENTITY), when it named one. */
    expectedCustomerId: text("expected_customer_id").references(() => customers.id, { onDelete: "cascade" }),
    /** The agreement the request named (PSU-Corporate-ID): no agreement choice is then asked. */
    expectedAgreementId: text("expected_agreement_id").references(() => agreements.id, { onDelete: "cascade" }),
    /** The payment or basket this SCA approves. */
    resourceId: text("resource_id"),
    scaStatus: text("sca_status", {
      enum: ["received", "started", "psuAuthenticated", "finalised", "failed"],
    })
      .notNull()
      .default("received"),
    loginFailures: integer("login_failures").notNull().default(0),
    customerId: text("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    context: text("context", { enum: ["PRIVATE", "CORPORATE"] }),
    agreementId: text("agreement_id").references(() => agreements.id, { onDelete: "cascade" }),
    createdAt: instant("created_at").notNull(),
    expiresAt: instant("expires_at").notNull(),
    finishedAt: instant("finished_at"),
  },
  (t) => [index("authorisations_resource_idx").on(t.resourceId)],
);

/**
 * Calls made without the PSU present, per (TPP, account, kind): the 4 latest instants of the
 * calls counted (newest first), all that the 24-hour limit of 4 calls needs. One row per key,
 * so that one upsert decides and records a call atomically (see unattended-access-repository.ts).
 */
export const unattendedCalls = pgTable(
  "unattended_calls",
  {
    tppId: text("tpp_id").notNull(),
    resourceId: text("resource_id").notNull(),
    kind: text("kind", { enum: ["balances", "transactions"] }).notNull(),
    latest: instant("latest").array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.tppId, t.resourceId, t.kind] })],
);

/** The bank's own browser sessions on its SCA pages (a logged-in customer, for payment approval). */
export const webSessions = pgTable("web_sessions", {
  id: text("id").primaryKey(),
  customerId: text("customer_id")
    .notNull()
    .references(() => customers.id, { onDelete: "cascade" }),
  createdAt: instant("created_at").notNull(),
  expiresAt: instant("expires_at").notNull(),
});

/** The payment services and products of the path /v1/{service}/{product}. @see docs/interface/endpoints.md#success-statuses */
export const PAYMENT_SERVICE_VALUES = ["payments", "periodic-payments", "bulk-payments"] as const;
export const PAYMENT_PRODUCT_VALUES = [
  "norwegian-domestic-credit-transfers",
  "sepa-credit-transfers",
  "instant-norwegian-credit-transfers-straks",
] as const;
/** The transactionStatus values a payment of this bank takes. @see docs/interface/payments.md#payments-in-the-sandbox */
export const PAYMENT_STATUS_VALUES = ["RCVD", "ACTC", "PDNG", "ACSP", "ACSC", "ACCP", "RJCT", "CANC"] as const;

/** One credit transfer of a payment (the single one, or one of a bulk's), as the bank executes it. */
export type PaymentEntryRecord = {
  /** The instructed amount and currency. */
  amount: string;
  currency: string;
  /** The amount in the debtor account's currency (sandbox exchange rates). */
  debitAmount: string;
  /** The fee of this transfer in the debtor account's currency (instant payments), else absent. */
  feeAmount?: string;
  creditorName: string;
  creditorAccount: { bban?: string; iban?: string; currency: string };
  remittanceUnstructured?: string;
  /** The structured references (KID/OCR and others). */
  remittanceStructured?: { reference: string; referenceType?: string; referenceIssuer?: string }[];
  endToEndId?: string;
};

/** The schedule of a periodic payment. @see docs/interface/endpoints.md#success-statuses */
export type PaymentScheduleRecord = {
  startDate: string;
  endDate?: string;
  frequency:
    "Daily" | "Weekly" | "EveryTwoWeeks" | "Monthly" | "EveryTwoMonths" | "Quarterly" | "SemiAnnual" | "Annual" | "MonthlyVariable";
  executionRule?: "following" | "preceding";
  dayOfExecution?: string;
  monthsOfExecution?: string[];
};

/** A signing basket: payments of one TPP and PSU approved with one SCA. @see docs/interface/signing-baskets.md#rules-in-the-sandbox */
export const signingBaskets = pgTable("signing_baskets", {
  id: text("id").primaryKey(),
  tppId: text("tpp_id")
    .notNull()
    .references(() => tpps.id, { onDelete: "cascade" }),
  customerId: text("customer_id")
    .notNull()
    .references(() => customers.id, { onDelete: "cascade" }),
  agreementId: text("agreement_id").references(() => agreements.id, { onDelete: "set null" }),
  createdAt: instant("created_at").notNull(),
  /** Set by the first authorisation: from then on the basket cannot be deleted. */
  authorisationStartedAt: instant("authorisation_started_at"),
});

/**
 * A payment of any service (single, periodic, bulk) and product. The validated request body is
 * kept as it came (the details echo it); the columns hold what the bank's rules read: status,
 * amounts (exact, in the instructed currency and in the debtor account's), dates and owners.
 */
export const payments = pgTable(
  "payments",
  {
    id: text("id").primaryKey(),
    tppId: text("tpp_id")
      .notNull()
      .references(() => tpps.id, { onDelete: "cascade" }),
    service: text("service", { enum: PAYMENT_SERVICE_VALUES }).notNull(),
    product: text("product", { enum: PAYMENT_PRODUCT_VALUES }).notNull(),
    status: text("status", { enum: PAYMENT_STATUS_VALUES }).notNull(),
    /** false when the payment (or a periodic execution) was rejected for lack of funds. */
    fundsAvailable: boolean("funds_available"),
    /** The PSU: named on initiation (PSU-ID, X-PSU-IDENTITY, PSU-Corporate-ID) or by the approval (single-SCA journey). */
    customerId: text("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    /** The corporate agreement the payment is made under, when the debtor account is an agreement's. */
    agreementId: text("agreement_id").references(() => agreements.id, { onDelete: "set null" }),
    /** The context the payment is made in (PSU-Context or the PSU's context). */
    psuContext: text("psu_context", { enum: ["PRIVATE", "CORPORATE"] }).notNull(),
    debtorAccountId: text("debtor_account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The validated request body, echoed by the details. */
    request: jsonb("request").$type<Record<string, unknown>>().notNull(),
    /** The credit transfers to execute: one, or a bulk's. */
    entries: jsonb("entries").$type<PaymentEntryRecord[]>().notNull(),
    /** Periodic payments: the schedule. */
    schedule: jsonb("schedule").$type<PaymentScheduleRecord>(),
    /** Bulk payments: one booking of the sum on the debtor account (batchBookingPreferred). */
    batchBooking: boolean("batch_booking").notNull().default(false),
    /** The instructed amount (a bulk's sum) and its currency. */
    amount: money("amount").notNull(),
    currency: text("currency").notNull(),
    /** What one execution debits in the debtor account's currency (fee not included). */
    debitAmount: money("debit_amount").notNull(),
    debitCurrency: text("debit_currency").notNull(),
    /** The fee of one execution, in the debtor account's currency (instant payments). */
    feeAmount: money("fee_amount"),
    /** The date the payment is due (requested execution date, else the day of initiation); periodic: the next execution. */
    executionDate: date("execution_date", { mode: "string" }).notNull(),
    /** Periodic payments: the executions done so far. */
    executions: integer("executions").notNull().default(0),
    /** What makes a logical duplicate: debtor, creditors, amounts, execution date. */
    duplicateKey: text("duplicate_key").notNull(),
    /** The signing basket the payment is in. */
    basketId: text("basket_id").references(() => signingBaskets.id, { onDelete: "set null" }),
    createdAt: instant("created_at").notNull(),
    /** When the PSU approved it (SCA completed). */
    authorisedAt: instant("authorised_at"),
    statusChangedAt: instant("status_changed_at").notNull(),
  },
  (t) => [
    index("payments_duplicate_idx").on(t.tppId, t.duplicateKey, t.createdAt),
    index("payments_due_idx").on(t.status, t.executionDate),
    index("payments_basket_idx").on(t.basketId),
  ],
);
