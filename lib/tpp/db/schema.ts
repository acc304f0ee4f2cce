/**
 * The TPP app's tables. Migrations are made from this file with drizzle-kit
 * (`npm run tpp:migrations`) and applied when the app starts.
 *
 * Conventions: instants are `timestamptz`; user ids are random UUIDs; the bank's identifiers
 * (psu-id, psu-corporate-id) are kept as the bank sent them.
 */
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** The app's users (next-auth credentials), each with the PSU-ID the bank gave the TPP for them. */
export const users = pgTable("users", {
  id: text("id").primaryKey(),
  username: text("username").notNull().unique(),
  displayName: text("display_name").notNull(),
  /** `scrypt$<N>$<r>$<p>$<salt, Base64>$<hash, Base64>`: never the password. */
  passwordHash: text("password_hash").notNull(),
  /** psu-id of the last success redirect: sent in PSU-ID on later calls (psd2-interface.md, Authentication 4). */
  psuId: text("psu_id"),
  psuIdReceivedAt: instant("psu_id_received_at"),
  /**
   * TPP-Redirect-Preferred: false asks the bank for approval in its mobile app instead of the
   * browser login (psd2-interface.md, Authentication 8); the user's choice on the settings page.
   */
  redirectPreferred: boolean("redirect_preferred").notNull().default(true),
  createdAt: instant("created_at").notNull(),
});

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
  },
  (t) => [
    index("bank_calls_started_at_idx").on(t.startedAt),
    index("bank_calls_user_idx").on(t.userId, t.id),
    index("bank_calls_status_idx").on(t.status),
  ],
);
