import "server-only";
import { and, desc, eq, gte, ilike, isNull, lt, lte, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { AspspExchange, HeaderPair } from "../aspsp/aspsp-exchange";
import type { TppExecutor } from "../db/open-tpp-database";
import { bankCalls } from "../db/schema";
import { redactHeaders } from "./redact-headers";

/** Bodies beyond this many characters are cut in the inspector (a full page of 1,000 transactions fits). */
export const MAX_STORED_BODY = 1_048_576;

const DEFAULT_PAGE = 50;
const MAX_PAGE = 200;

export type SignatureVerdictStatus = "verified" | "failed" | "unsigned" | "unchecked";

/** One row of the inspector's list. */
export interface BankCallSummary {
  readonly id: number;
  readonly startedAt: Date;
  readonly userId: string | null;
  readonly method: string;
  readonly url: string;
  readonly path: string;
  readonly requestId: string;
  readonly attempt: number;
  /** null when no reply came. */
  readonly status: number | null;
  readonly durationMs: number;
  readonly signatureVerdict: SignatureVerdictStatus | null;
  readonly error: string | null;
  /** Made without the PSU (a refresh). */
  readonly unattended: boolean;
}

/** Everything kept about one call. */
export interface BankCallRecord extends BankCallSummary {
  readonly requestHeaders: readonly HeaderPair[];
  readonly signingString: string;
  readonly signedHeaders: readonly string[];
  readonly requestBody: string;
  readonly responseHeaders: readonly HeaderPair[];
  readonly responseBody: string | null;
  readonly responseBodyTruncated: boolean;
  readonly signatureProblems: readonly string[];
  /** The app's flow the call belonged to (its diagram, when the flow is one: /flows/{id}); null for none. */
  readonly flowId: string | null;
}

/** The inspector's filters; every one is optional. */
export interface BankCallFilter {
  readonly userId?: string;
  readonly method?: string;
  /** Part of the path, e.g. "/transactions" (case-insensitive). */
  readonly path?: string;
  /** Status range, inclusive (e.g. 400-499). */
  readonly statusFrom?: number;
  readonly statusTo?: number;
  /** Only calls that got no reply (connection errors, timeouts). */
  readonly noReply?: boolean;
  /** Text anywhere in the URL, X-Request-ID, bodies or error (case-insensitive). */
  readonly text?: string;
  /** Paging: calls older than this id (the previous page's nextCursor). */
  readonly before?: number;
  /** Page size, 1-200; default 50. */
  readonly limit?: number;
}

export interface BankCallPage {
  readonly items: readonly BankCallSummary[];
  /** Pass as `before` for the next (older) page; undefined on the last page. */
  readonly nextCursor: number | undefined;
}

// jsonb columns are read back through a schema: the database is outside the type system.
const headerPairsSchema = z.array(z.tuple([z.string(), z.string()]));
const stringsSchema = z.array(z.string());
const verdictSchema = z.enum(["verified", "failed", "unsigned", "unchecked"]).nullable();

/** LIKE pattern for a literal text: %, _ and \ lose their meaning. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function problemsOf(exchange: AspspExchange): string[] {
  const signature = exchange.signature;
  if (signature?.status === "failed") return [...signature.problems];
  if (signature?.status === "unchecked") return [signature.reason];
  return [];
}

const summaryColumns = {
  id: bankCalls.id,
  startedAt: bankCalls.startedAt,
  userId: bankCalls.userId,
  method: bankCalls.method,
  url: bankCalls.url,
  path: bankCalls.path,
  requestId: bankCalls.requestId,
  attempt: bankCalls.attempt,
  status: bankCalls.status,
  durationMs: bankCalls.durationMs,
  signatureVerdict: bankCalls.signatureVerdict,
  error: bankCalls.error,
  unattended: bankCalls.unattended,
};

/** Rows written in one INSERT at most. */
const MAX_ROWS_PER_INSERT = 64;

function rowOf(exchange: AspspExchange): typeof bankCalls.$inferInsert {
  const body = exchange.responseBody;
  const truncated = body !== undefined && body.length > MAX_STORED_BODY;
  return {
    startedAt: exchange.startedAt,
    userId: exchange.userId ?? null,
    method: exchange.method,
    url: exchange.url,
    path: new URL(exchange.url).pathname,
    requestId: exchange.requestId,
    attempt: exchange.attempt,
    requestHeaders: redactHeaders(exchange.requestHeaders),
    signingString: exchange.signingString,
    signedHeaders: [...exchange.signedHeaders],
    requestBody: exchange.requestBody,
    status: exchange.status ?? null,
    responseHeaders: redactHeaders(exchange.responseHeaders),
    responseBody: body === undefined ? null : truncated ? body.slice(0, MAX_STORED_BODY) : body,
    responseBodyTruncated: truncated,
    durationMs: exchange.durationMs,
    signatureVerdict: exchange.signature?.status ?? null,
    signatureProblems: problemsOf(exchange),
    error: exchange.error ?? null,
    flowId: exchange.flowId ?? null,
    unattended: exchange.unattended === true,
  };
}

type Waiting = { row: typeof bankCalls.$inferInsert; resolve: (id: number) => void; reject: (error: unknown) => void };

/** The request inspector's storage: every exchange with the bank, redacted, and queries for its page. */
export function createBankCallsRepository(db: TppExecutor) {
  async function insertRows(rows: readonly (typeof bankCalls.$inferInsert)[]): Promise<number[]> {
    const inserted = await db
      .insert(bankCalls)
      .values([...rows])
      .returning({ id: bankCalls.id });
    if (inserted.length !== rows.length) throw new Error("the bank calls were not stored");
    // Identities are given in the order of the rows: the smallest is the first row's.
    return inserted.map((row) => row.id).sort((a, b) => a - b);
  }

  // Group commit: while one INSERT is on its way, the exchanges recorded meanwhile (the other
  // calls of the pages being served) wait and go together in the next, one statement for them
  // all. Each caller's promise settles when its own row is stored; a batch the database refuses
  // is written again row by row, so that one bad row fails alone.
  const waiting: Waiting[] = [];
  let writing = false;
  async function drain(): Promise<void> {
    writing = true;
    try {
      while (waiting.length > 0) {
        const batch = waiting.splice(0, MAX_ROWS_PER_INSERT);
        try {
          const ids = await insertRows(batch.map((item) => item.row));
          batch.forEach((item, index) => item.resolve(ids[index] ?? Number.NaN));
        } catch (error) {
          if (batch.length === 1) batch[0]?.reject(error);
          else
            for (const item of batch)
              await insertRows([item.row]).then(
                ([id]) => item.resolve(id ?? Number.NaN),
                (rowError: unknown) => item.reject(rowError),
              );
        }
      }
    } finally {
      writing = false;
    }
  }

  return {
    /** Keeps an exchange; Cookie and Authorization values are redacted first, bodies capped. Resolves with its id once stored. */
    insert(exchange: AspspExchange): Promise<number> {
      let row: typeof bankCalls.$inferInsert;
      try {
        row = rowOf(exchange);
      } catch (error) {
        return Promise.reject(error);
      }
      return new Promise<number>((resolve, reject) => {
        waiting.push({ row, resolve, reject });
        if (!writing) void drain();
      });
    },

    /** A page of calls, newest first. */
    async list(filter: BankCallFilter = {}): Promise<BankCallPage> {
      const limit = Math.min(Math.max(Math.trunc(filter.limit ?? DEFAULT_PAGE), 1), MAX_PAGE);
      const conditions: SQL[] = [];
      if (filter.userId !== undefined) conditions.push(eq(bankCalls.userId, filter.userId));
      if (filter.method !== undefined) conditions.push(eq(bankCalls.method, filter.method.toUpperCase()));
      if (filter.path !== undefined && filter.path !== "") conditions.push(ilike(bankCalls.path, containing(filter.path)));
      if (filter.statusFrom !== undefined) conditions.push(gte(bankCalls.status, filter.statusFrom));
      if (filter.statusTo !== undefined) conditions.push(lte(bankCalls.status, filter.statusTo));
      if (filter.noReply === true) conditions.push(isNull(bankCalls.status));
      if (filter.before !== undefined) conditions.push(lt(bankCalls.id, filter.before));
      if (filter.text !== undefined && filter.text.trim() !== "") {
        const pattern = containing(filter.text.trim());
        const anywhere = or(
          ilike(bankCalls.url, pattern),
          ilike(bankCalls.requestId, pattern),
          ilike(bankCalls.requestBody, pattern),
          ilike(bankCalls.responseBody, pattern),
          ilike(bankCalls.error, pattern),
        );
        if (anywhere !== undefined) conditions.push(anywhere);
      }
      const rows = await db
        .select(summaryColumns)
        .from(bankCalls)
        .where(conditions.length === 0 ? undefined : and(...conditions))
        .orderBy(desc(bankCalls.id))
        .limit(limit + 1);
      const items = rows.slice(0, limit).map((row) => ({ ...row, signatureVerdict: verdictSchema.parse(row.signatureVerdict) }));
      return { items, nextCursor: rows.length > limit ? items.at(-1)?.id : undefined };
    },

    /** One call with everything kept about it; undefined when unknown (or another user's, when userId is given). */
    async get(id: number, options: { userId?: string } = {}): Promise<BankCallRecord | undefined> {
      const condition =
        options.userId === undefined ? eq(bankCalls.id, id) : and(eq(bankCalls.id, id), eq(bankCalls.userId, options.userId));
      const rows = await db.select().from(bankCalls).where(condition);
      const row = rows[0];
      if (row === undefined) return undefined;
      return {
        id: row.id,
        startedAt: row.startedAt,
        userId: row.userId,
        method: row.method,
        url: row.url,
        path: row.path,
        requestId: row.requestId,
        attempt: row.attempt,
        status: row.status,
        durationMs: row.durationMs,
        signatureVerdict: verdictSchema.parse(row.signatureVerdict),
        error: row.error,
        unattended: row.unattended,
        requestHeaders: headerPairsSchema.parse(row.requestHeaders),
        signingString: row.signingString,
        signedHeaders: stringsSchema.parse(row.signedHeaders),
        requestBody: row.requestBody,
        responseHeaders: headerPairsSchema.parse(row.responseHeaders),
        responseBody: row.responseBody,
        responseBodyTruncated: row.responseBodyTruncated,
        signatureProblems: stringsSchema.parse(row.signatureProblems),
        flowId: row.flowId,
      };
    },
  };
}

export type BankCallsRepository = ReturnType<typeof createBankCallsRepository>;
