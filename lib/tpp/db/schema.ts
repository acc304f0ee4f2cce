/**
 * The TPP app's tables. Migrations are made from this file with drizzle-kit
 * (`npm run tpp:migrations`) and applied when the app starts.
 *
 * Conventions: instants are `timestamptz`; user ids are random UUIDs; the bank's identifiers
 * (psu-id, psu-corporate-id) are kept as the bank sent them.
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { BASKET_TRANSACTION_STATUSES, PAYMENT_PRODUCTS, PAYMENT_SERVICES, TRANSACTION_STATUSES } from "../../psd2/schemas";

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** `column IN ('A', 'B', ...)`: the closed sets are checked by the database too, not only by the repositories. */
function oneOf(column: AnyPgColumn, values: readonly string[]) {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(", "))})`;
}

export const PSU_CONTEXTS = ["PRIVATE", "CORPORATE"] as const;

/**
 * How the PSU was named when the payment was initiated (lib/tpp/pis PayerIdentity's kind):
 * PSU-ID, X-PSU-IDENTITY, or the single-SCA journey. Never the national identity number itself.
 */
export const PAYER_KINDS = ["psu-id", "national-id", "single-sca"] as const;

/** Where a payment's status was read: the initiation's reply, GET .../status, GET details, the SCA callback, DELETE. */
export const STATUS_READ_SOURCES = ["initiation", "status", "details", "callback", "cancel"] as const;

/**
 * What an app user may do: every user acts for themselves at the bank; an administrator also
 * changes what is one value for the whole TPP (its contact e-mail at the bank).
 */
export const USER_ROLES = ["user", "administrator"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The app's users (next-auth credentials), each with the PSU-ID the bank gave the TPP for them. */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    username: text("username").notNull().unique(),
    displayName: text("display_name").notNull(),
    /** `scrypt$<N>$<r>$<p>$<salt, Base64>$<hash, Base64>`: never the password. */
    passwordHash: text("password_hash").notNull(),
    /** psu-id of the last success redirect: sent in PSU-ID on later calls (docs/interface/authentication.md#sca-by-redirect). */
    psuId: text("psu_id"),
    psuIdReceivedAt: instant("psu_id_received_at"),
    /**
     * TPP-Redirect-Preferred: false asks the bank for approval in its mobile app instead of the
     * browser login (docs/interface/authentication.md#biometric-flow); the user's choice on the settings page.
     */
    redirectPreferred: boolean("redirect_preferred").notNull().default(true),
    /** USER_ROLES: "administrator" may change the TPP's own settings; the sandbox's demo user is one. */
    role: text("role", { enum: USER_ROLES }).notNull().default("user"),
    createdAt: instant("created_at").notNull(),
    /**
     * When the PSU last completed an SCA for this app (a success redirect), on the bank's clock:
     * reads without the PSU are allowed for 180 days after it (lib/tpp/refresh/sca-renewal.ts).
     */
    lastScaAt: instant("last_sca_at"),
    /** When the user last looked at the overview of what the app read (new transactions are those seen after it). */
    overviewSeenAt: instant("overview_seen_at"),
  },
  (t) => [check("users_role_check", oneOf(t.role, USER_ROLES))],
);

/**
 * The app's sign-ins: one row per sign-in, named by the id its next-auth token carries (`sid`).
 * Every request that uses the session reads its row (by primary key): a sign-in that was ended
 * (sign-out) or has expired no longer reads anything, on every instance of the app, even with a
 * token captured before.
 */
export const appSessions = pgTable(
  "app_sessions",
  {
    /** A random UUID: the token's `sid`. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: instant("created_at").notNull(),
    /** When the token expires (next-auth's maxAge from the sign-in): no use after it. */
    expiresAt: instant("expires_at").notNull(),
    /** When it was signed out; null while it lasts. */
    endedAt: instant("ended_at"),
  },
  (t) => [index("app_sessions_user_idx").on(t.userId, t.expiresAt), index("app_sessions_expires_idx").on(t.expiresAt)],
);

/** What a failed sign-in is counted against: the user name typed, and the client's address. */
export const SIGN_IN_FAILURE_KEYS = ["username", "address"] as const;

/**
 * Failed sign-ins, counted per user name and per client address (lib/tpp/auth/sign-in-throttle.ts):
 * kept in the database, not in a process, so that every instance of the app throttles alike.
 */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    keyKind: text("key_kind", { enum: SIGN_IN_FAILURE_KEYS }).notNull(),
    /** The user name as typed (trimmed), or the client's address. */
    keyValue: text("key_value").notNull(),
    /** Failures since the count was last cleared (an attempt counts from its start until it succeeds). */
    failures: integer("failures").notNull(),
    lastFailureAt: instant("last_failure_at").notNull(),
    /** No attempt is taken for this key before then; null: none is refused. */
    lockedUntil: instant("locked_until"),
  },
  (t) => [
    primaryKey({ columns: [t.keyKind, t.keyValue] }),
    index("sign_in_failures_last_failure_idx").on(t.lastFailureAt),
    check("sign_in_failures_key_kind_check", oneOf(t.keyKind, SIGN_IN_FAILURE_KEYS)),
    check("sign_in_failures_failures_check", sql`${t.failures} >= 0`),
  ],
);

/** The corporate agreements a user acted for: psu-corporate-id from a success redirect or GET /v1/agreements. */
export const psuCorporateIds = pgTable(
  "psu_corporate_ids",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    psuCorporateId: text("psu_corporate_id").notNull(),
    /** The agreement's name and organisation number, when GET /v1/agreements told them. */
    name: text("name"),
    organisationNumber: text("organisation_number"),
    lastUsedAt: instant("last_used_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.psuCorporateId] })],
);

/**
 * The request inspector: every HTTP exchange with the bank, as sent and received. Never the
 * private key, cookies or secrets: headers are redacted before they are written.
 */
export const bankCalls = pgTable(
  "bank_calls",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    startedAt: instant("started_at").notNull(),
    /** The app user the call was made for; null for calls made for nobody in particular. */
    userId: text("user_id"),
    method: text("method").notNull(),
    url: text("url").notNull(),
    /** The URL's path, for filtering. */
    path: text("path").notNull(),
    requestId: text("request_id").notNull(),
    attempt: integer("attempt").notNull(),
    /** [[name, value], ...] in the order sent. */
    requestHeaders: jsonb("request_headers").notNull(),
    signingString: text("signing_string").notNull(),
    signedHeaders: jsonb("signed_headers").notNull(),
    requestBody: text("request_body").notNull(),
    /** null when no reply came. */
    status: integer("status"),
    responseHeaders: jsonb("response_headers").notNull(),
    responseBody: text("response_body"),
    responseBodyTruncated: boolean("response_body_truncated").notNull().default(false),
    durationMs: integer("duration_ms").notNull(),
    /** verified, failed, unsigned, unchecked; null when no reply came. */
    signatureVerdict: text("signature_verdict", { enum: ["verified", "failed", "unsigned", "unchecked"] }),
    /** What failed, or why it was unchecked. */
    signatureProblems: jsonb("signature_problems").notNull(),
    error: text("error"),
    /** The app's flow the call belonged to (AspspCaller.flowId, the `flow` of its TPP-Redirect-URI); null for none. */
    flowId: text("flow_id"),
    /** Made without the PSU (a refresh: no PSU-IP-Address), within the bank's PSU-absent limits. */
    unattended: boolean("unattended").notNull().default(false),
  },
  (t) => [
    index("bank_calls_started_at_idx").on(t.startedAt),
    index("bank_calls_user_idx").on(t.userId, t.id),
    index("bank_calls_status_idx").on(t.status),
    index("bank_calls_flow_idx").on(t.flowId, t.startedAt),
  ],
);

/**
 * The kinds of flow drawn as diagrams: the approvals the PSU gives at the bank (AUTHORISATION_KINDS),
 * and the app's refresh of a user's accounts without the PSU (its calls only, no browser).
 */
export const FLOW_KINDS = ["consent", "identify", "payment", "basket", "refresh"] as const;

/**
 * How a flow stands: waiting (for the PSU at the bank, or not ended yet), completed (the bank's
 * success redirect taken), failed (the bank refused a call, or its failure redirect), refused (the
 * app refused the bank's return: another session's, or parameters it cannot read).
 */
export const FLOW_OUTCOMES = ["waiting", "completed", "failed", "refused"] as const;

/**
 * The browser's part of a flow: to-bank (the app's redirect to the bank's scaRedirect), sca (the
 * PSU at the bank, from that redirect to the return), from-bank (the bank's redirect to the
 * callback, and the app's answer).
 */
export const FLOW_LEG_KINDS = ["to-bank", "sca", "from-bank"] as const;

/**
 * The app's flows that go through the bank's SCA (a consent, an identification, a payment, a
 * signing basket), per user: named by the flow id every bank call of it carries (bank_calls.flow_id).
 */
export const flows = pgTable(
  "flows",
  {
    /** The flowId (AspspCaller.flowId): a random UUID made by the app. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: FLOW_KINDS }).notNull(),
    /** The bank's id of what it concerns (paymentId, basketId); null for a consent or an identification. */
    resourceId: text("resource_id"),
    /** The app's page it concerns (/payments/{id}), or where the PSU returns. */
    path: text("path"),
    startedAt: instant("started_at").notNull(),
    endedAt: instant("ended_at"),
    outcome: text("outcome", { enum: FLOW_OUTCOMES }).notNull(),
    /** Why it failed or was refused, in plain words. */
    detail: text("detail"),
  },
  (t) => [
    index("flows_user_started_idx").on(t.userId, t.startedAt, t.id),
    // Every user's flows by age: the retention's delete (lib/tpp/retention) finds the oldest here.
    index("flows_started_idx").on(t.startedAt),
    index("flows_user_resource_idx").on(t.userId, t.resourceId),
    check("flows_kind_check", oneOf(t.kind, FLOW_KINDS)),
    check("flows_outcome_check", oneOf(t.outcome, FLOW_OUTCOMES)),
  ],
);

/** A flow's browser legs, in the order they happened. URLs are kept without the bank's secrets. */
export const flowLegs = pgTable(
  "flow_legs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    flowId: text("flow_id")
      .notNull()
      .references(() => flows.id, { onDelete: "cascade" }),
    at: instant("at").notNull(),
    kind: text("kind", { enum: FLOW_LEG_KINDS }).notNull(),
    /** The URL the browser was sent to or came with (the bank's token value removed); null for sca. */
    url: text("url"),
    /** The HTTP status the app answered (its redirect); null for sca. */
    status: integer("status"),
    /** to-bank: null; sca: approved, cancelled, failed; from-bank: success, failure or refused, with where the app sent the browser. */
    detail: text("detail"),
    /** sca: how long the PSU was at the bank; from-bank: how long the app took to answer. */
    durationMs: integer("duration_ms"),
  },
  (t) => [index("flow_legs_flow_idx").on(t.flowId, t.at, t.id), check("flow_legs_kind_check", oneOf(t.kind, FLOW_LEG_KINDS))],
);

/**
 * The signing baskets the TPP created (docs/interface/signing-baskets.md#rules-in-the-sandbox), as the bank last told their status. A
 * basket the bank deleted (DELETE before its authorisation) is deleted here too; its payments
 * stay, outside any basket.
 */
export const signingBaskets = pgTable(
  "signing_baskets",
  {
    /** The app's id (a random UUID): the one in the app's URLs. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The bank's basketId. */
    basketId: text("basket_id").notNull(),
    status: text("status", { enum: BASKET_TRANSACTION_STATUSES }).notNull(),
    /** When the bank last told the status. */
    statusReadAt: instant("status_read_at").notNull(),
    psuContext: text("psu_context", { enum: PSU_CONTEXTS }).notNull(),
    psuCorporateId: text("psu_corporate_id"),
    createdAt: instant("created_at").notNull(),
    updatedAt: instant("updated_at").notNull(),
  },
  (t) => [
    unique("signing_baskets_user_basket_id_unique").on(t.userId, t.basketId),
    index("signing_baskets_user_created_idx").on(t.userId, t.createdAt, t.id),
    check("signing_baskets_status_check", oneOf(t.status, BASKET_TRANSACTION_STATUSES)),
    check("signing_baskets_psu_context_check", oneOf(t.psuContext, PSU_CONTEXTS)),
  ],
);

/**
 * The payments the TPP initiated, per user. The bank stays the authority: `status` is the latest
 * status the bank told, read at `status_read_at`; every status read is in payment_status_reads.
 * No secret is kept: the request body as sent carries none, and the PSU's national identity
 * number (X-PSU-IDENTITY) is a header, of which only the kind of identification is kept.
 */
export const payments = pgTable(
  "payments",
  {
    /** The app's id (a random UUID): the one in the app's URLs (/payments/{id}). */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The bank's paymentId. */
    paymentId: text("payment_id").notNull(),
    service: text("service", { enum: PAYMENT_SERVICES }).notNull(),
    product: text("product", { enum: PAYMENT_PRODUCTS }).notNull(),
    psuContext: text("psu_context", { enum: PSU_CONTEXTS }).notNull(),
    psuCorporateId: text("psu_corporate_id"),
    payerKind: text("payer_kind", { enum: PAYER_KINDS }).notNull(),
    /** The request body exactly as sent (JSON text). */
    requestBody: text("request_body").notNull(),
    /** The instructed amount (a bulk's sum); null for a bulk in more than one currency. */
    amount: text("amount"),
    currency: text("currency"),
    /** BBAN, IBAN or card account reference, as sent. */
    debtorAccount: text("debtor_account").notNull(),
    /** The consented account's name, when known. */
    debtorName: text("debtor_name"),
    /** The creditor (a bulk's first). */
    creditorName: text("creditor_name").notNull(),
    creditorAccount: text("creditor_account").notNull(),
    /** 1, or a bulk's number of payments. */
    transferCount: integer("transfer_count").notNull().default(1),
    /** transactionFees of the initiation's reply. */
    feeAmount: text("fee_amount"),
    feeCurrency: text("fee_currency"),
    feeIndicator: boolean("fee_indicator"),
    status: text("status", { enum: TRANSACTION_STATUSES }).notNull(),
    statusReadAt: instant("status_read_at").notNull(),
    fundsAvailable: boolean("funds_available"),
    /** The app's id (signing_baskets.id, not the bank's basketId) of the signing basket it is in: at most one. */
    signingBasketId: text("signing_basket_id").references((): AnyPgColumn => signingBaskets.id, { onDelete: "set null" }),
    /** requestedExecutionDate (or a periodic payment's startDate); null: at once. */
    requestedExecutionDate: date("requested_execution_date", { mode: "string" }),
    createdAt: instant("created_at").notNull(),
    updatedAt: instant("updated_at").notNull(),
  },
  (t) => [
    unique("payments_user_payment_id_unique").on(t.userId, t.paymentId),
    // Ascending, read backwards for "newest first": a DESC index here would be NULLS LAST, which
    // ORDER BY ... DESC (NULLS FIRST) cannot use.
    index("payments_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("payments_user_status_idx").on(t.userId, t.status, t.createdAt, t.id),
    index("payments_user_product_idx").on(t.userId, t.product, t.createdAt, t.id),
    index("payments_signing_basket_idx").on(t.signingBasketId),
    check("payments_service_check", oneOf(t.service, PAYMENT_SERVICES)),
    check("payments_product_check", oneOf(t.product, PAYMENT_PRODUCTS)),
    check("payments_psu_context_check", oneOf(t.psuContext, PSU_CONTEXTS)),
    check("payments_payer_kind_check", oneOf(t.payerKind, PAYER_KINDS)),
    check("payments_status_check", oneOf(t.status, TRANSACTION_STATUSES)),
    check("payments_transfer_count_check", sql`${t.transferCount} >= 1`),
    check("payments_amount_check", sql`(${t.amount} is null) = (${t.currency} is null)`),
    check("payments_fee_check", sql`(${t.feeAmount} is null) = (${t.feeCurrency} is null)`),
  ],
);

/**
 * A payment's status history: one row per status in the order the TPP saw them. A read of the
 * status of the latest row only moves its last_seen_at (a page polling every few seconds adds
 * no rows); a different status adds a row.
 */
export const paymentStatusReads = pgTable(
  "payment_status_reads",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    status: text("status", { enum: TRANSACTION_STATUSES }).notNull(),
    fundsAvailable: boolean("funds_available"),
    firstSeenAt: instant("first_seen_at").notNull(),
    lastSeenAt: instant("last_seen_at").notNull(),
    /** How the status was first seen. */
    source: text("source", { enum: STATUS_READ_SOURCES }).notNull(),
    /** How many reads told this status. */
    readCount: integer("read_count").notNull().default(1),
  },
  (t) => [
    index("payment_status_reads_payment_idx").on(t.paymentId, t.firstSeenAt, t.id),
    check("payment_status_reads_status_check", oneOf(t.status, TRANSACTION_STATUSES)),
    check("payment_status_reads_source_check", oneOf(t.source, STATUS_READ_SOURCES)),
  ],
);

/** What the app reads of a shared account: an account (/v1/accounts) or a card account (/v1/card-accounts). */
export const SHARED_ACCOUNT_KINDS = ["account", "card-account"] as const;
export type SharedAccountKind = (typeof SHARED_ACCOUNT_KINDS)[number];

/** The reads the bank limits without the PSU: balances and transactions, 4 of each per account in 24 hours. */
export const UNATTENDED_READ_KINDS = ["balances", "transactions"] as const;
export type UnattendedReadKind = (typeof UNATTENDED_READ_KINDS)[number];

/**
 * The accounts and card accounts a user shares with the app, as the bank last listed them with the
 * PSU present (GET /v1/accounts needs a valid SCA, so a refresh without the PSU reads the accounts
 * known here), with what was last read of each. An account gone from a listing, or refused by the
 * bank as unknown or without consent, is kept with `unshared_at` set and no longer read; a listing
 * that has it again brings it back.
 */
export const sharedAccounts = pgTable(
  "shared_accounts",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: SHARED_ACCOUNT_KINDS }).notNull(),
    /** The bank's resourceId. */
    resourceId: text("resource_id").notNull(),
    /** The agreement of the CORPORATE context the account was listed in (sent as PSU-Corporate-ID); null: PRIVATE. */
    psuCorporateId: text("psu_corporate_id"),
    name: text("name"),
    product: text("product"),
    currency: text("currency").notNull(),
    iban: text("iban"),
    bban: text("bban"),
    maskedPan: text("masked_pan"),
    firstListedAt: instant("first_listed_at").notNull(),
    lastListedAt: instant("last_listed_at").notNull(),
    /** Since when the account is no longer shared with the app (null while it is), and how that was found. */
    unsharedAt: instant("unshared_at"),
    unsharedReason: text("unshared_reason"),
    /** The balances as last read (lib/tpp/ais Balance[]), when, and whether the PSU was there. */
    balances: jsonb("balances"),
    balancesReadAt: instant("balances_read_at"),
    balancesReadWithPsu: boolean("balances_read_with_psu"),
    /** Transactions read without the PSU: the last read, and the date through which every page was read. */
    transactionsReadAt: instant("transactions_read_at"),
    transactionsSyncedThrough: date("transactions_synced_through", { mode: "string" }),
    /** After a 429 ACCESS_EXCEEDED: no read without the PSU before then. */
    blockedUntil: instant("blocked_until"),
    /** The last refusal or failure of a read without the PSU, in words; null after a read that worked. */
    lastProblem: text("last_problem"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.resourceId] }),
    index("shared_accounts_resource_idx").on(t.kind, t.resourceId),
    check("shared_accounts_kind_check", oneOf(t.kind, SHARED_ACCOUNT_KINDS)),
  ],
);

/**
 * The transactions a refresh read, per user and shared account: booked ones by their key (the
 * bank's transactionId, else entryReference), kept until the retention deletes them; the pending
 * ones as last read (each read replaces them).
 */
export const heldTransactions = pgTable(
  "held_transactions",
  {
    userId: text("user_id").notNull(),
    kind: text("kind", { enum: SHARED_ACCOUNT_KINDS }).notNull(),
    resourceId: text("resource_id").notNull(),
    key: text("key").notNull(),
    status: text("status", { enum: ["booked", "pending"] }).notNull(),
    bookingDate: date("booking_date", { mode: "string" }),
    /** The transaction as lib/tpp/ais gives it (AccountTransaction, CardTransaction or PendingCardTransaction). */
    data: jsonb("data").notNull(),
    firstSeenAt: instant("first_seen_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.resourceId, t.key] }),
    foreignKey({
      name: "held_transactions_account_fk",
      columns: [t.userId, t.kind, t.resourceId],
      foreignColumns: [sharedAccounts.userId, sharedAccounts.kind, sharedAccounts.resourceId],
    }).onDelete("cascade"),
    index("held_transactions_seen_idx").on(t.userId, t.firstSeenAt),
    check("held_transactions_status_check", oneOf(t.status, ["booked", "pending"])),
  ],
);

/**
 * The app's own count of its calls without the PSU, per account and kind of read, across users
 * and app processes, counted as the bank counts them: the 4 latest instants of each key on the
 * bank's clock; a call is taken only while fewer than 4 of them are within the last 24 hours.
 * @see docs/interface/limits.md#limits-in-the-spec; docs/interface/limits.md#what-the-sandbox-enforces
 */
export const unattendedReads = pgTable(
  "unattended_reads",
  {
    kind: text("kind", { enum: SHARED_ACCOUNT_KINDS }).notNull(),
    resourceId: text("resource_id").notNull(),
    readKind: text("read_kind", { enum: UNATTENDED_READ_KINDS }).notNull(),
    latest: timestamp("latest", { withTimezone: true, mode: "string" }).array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.resourceId, t.readKind] }),
    check("unattended_reads_kind_check", oneOf(t.kind, SHARED_ACCOUNT_KINDS)),
    check("unattended_reads_read_kind_check", oneOf(t.readKind, UNATTENDED_READ_KINDS)),
  ],
);

/**
 * Each user's refresh: who runs it now (a lease, so that of several app processes on one
 * database exactly one reads a user's accounts at a time), the last scheduled time whose refresh
 * completed, and what the last run did.
 */
export const refreshStates = pgTable("refresh_states", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The process holding the lease, and until when; null: free. */
  leaseHolder: text("lease_holder"),
  leaseUntil: instant("lease_until"),
  /** The scheduled time (on the bank's clock) of the last scheduled refresh that completed. */
  slotDone: instant("slot_done"),
  lastRunAt: instant("last_run_at"),
  /** The last run's report (lib/tpp/refresh UserRefreshReport). */
  lastReport: jsonb("last_report"),
});
/** What an intent creates at the bank: a payment (POST /v1/{service}/{product}) or a signing basket. */
export const INTENT_KINDS = ["payment", "basket"] as const;

/**
 * Where an intent stands: open (sent, or about to be; no outcome kept yet), completed (the bank's
 * 201 is kept: the payment or basket is in its table, under the intent's id), refused (the bank
 * answered no, or the request never left: nothing at the bank), unanswered (sent, and no usable
 * answer came back: the bank may hold it; the PSU is told), dismissed (the PSU checked and set it
 * aside).
 */
export const INTENT_STATES = ["open", "completed", "refused", "unanswered", "dismissed"] as const;

/**
 * Durable intents: a payment or signing basket written here before its request leaves for the
 * bank (with the X-Request-ID and body it is sent with), completed with the bank's reply after.
 * An intent left open by a process that died is settled at start and on a schedule from the
 * request inspector's record of the call (bank_calls, by X-Request-ID).
 */
export const bankIntents = pgTable(
  "bank_intents",
  {
    /** The app's id, and that of the payment or basket kept when it completes. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: INTENT_KINDS }).notNull(),
    /** The X-Request-ID the request is sent with (bank_calls.request_id). */
    requestId: text("request_id").notNull(),
    method: text("method").notNull(),
    /** The path as sent, with its query. */
    path: text("path").notNull(),
    /** The body exactly as sent (JSON text). */
    requestBody: text("request_body").notNull(),
    /** What is kept when the bank's 201 comes (a payment's listing fields; a basket's payments and context). */
    keep: jsonb("keep").notNull(),
    state: text("state", { enum: INTENT_STATES }).notNull(),
    sentAt: instant("sent_at").notNull(),
    /** When the state left open. */
    settledAt: instant("settled_at"),
    /** What went wrong, in words (refused, unanswered). */
    problem: text("problem"),
  },
  (t) => [
    unique("bank_intents_request_id_unique").on(t.requestId),
    index("bank_intents_user_state_idx").on(t.userId, t.state, t.sentAt),
    index("bank_intents_state_idx").on(t.state, t.sentAt),
    check("bank_intents_kind_check", oneOf(t.kind, INTENT_KINDS)),
    check("bank_intents_state_check", oneOf(t.state, INTENT_STATES)),
  ],
);
