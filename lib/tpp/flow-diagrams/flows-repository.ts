import "server-only";
import { and, asc, desc, eq, lt, or, sql } from "drizzle-orm";
import type { TppExecutor } from "../db/open-tpp-database";
import { bankCalls, type FLOW_KINDS, type FLOW_LEG_KINDS, type FLOW_OUTCOMES, flowLegs, flows } from "../db/schema";

export type FlowKind = (typeof FLOW_KINDS)[number];
export type FlowOutcome = (typeof FLOW_OUTCOMES)[number];
export type FlowLegKind = (typeof FLOW_LEG_KINDS)[number];

const DEFAULT_PAGE = 20;
const MAX_PAGE = 100;
/** URLs and texts of a leg beyond this are cut: a bank's message in a redirect is the PSU's to shorten. */
const MAX_TEXT = 2_000;

/** A flow as kept: what it concerns, when it started and ended, how it stands. */
export interface FlowRecord {
  readonly id: string;
  readonly userId: string;
  readonly kind: FlowKind;
  /** The bank's paymentId or basketId; null for a consent or an identification. */
  readonly resourceId: string | null;
  /** The app's page it concerns, or where the PSU returns. */
  readonly path: string | null;
  readonly startedAt: Date;
  readonly endedAt: Date | null;
  readonly outcome: FlowOutcome;
  readonly detail: string | null;
}

/** A row of the flows page: the flow and how many bank calls it made (and how many failed). */
export interface FlowSummary extends FlowRecord {
  readonly callCount: number;
  readonly failedCallCount: number;
}

/** A browser leg of a flow. */
export interface FlowLeg {
  readonly id: number;
  readonly at: Date;
  readonly kind: FlowLegKind;
  readonly url: string | null;
  readonly status: number | null;
  readonly detail: string | null;
  readonly durationMs: number | null;
}

/** A bank call of a flow, as the request inspector keeps it (its id opens it there). */
export interface FlowCall {
  readonly id: number;
  readonly startedAt: Date;
  readonly method: string;
  readonly url: string;
  readonly requestId: string;
  readonly attempt: number;
  /** null when no reply came. */
  readonly status: number | null;
  readonly durationMs: number;
  readonly error: string | null;
  /** Made without the PSU (a refresh). */
  readonly unattended: boolean;
}

/** A flow with its bank calls and browser legs, each in the order they happened. */
export interface FlowDetail {
  readonly flow: FlowRecord;
  readonly calls: readonly FlowCall[];
  readonly legs: readonly FlowLeg[];
}

/** Where a page of flows ends: pass it back as `before` for the next (older) page. */
export interface FlowCursor {
  readonly startedAt: Date;
  readonly id: string;
}

export interface FlowPage {
  readonly items: readonly FlowSummary[];
  readonly nextCursor: FlowCursor | undefined;
}

export interface StartFlowInput {
  readonly id: string;
  readonly userId: string;
  readonly kind: FlowKind;
  readonly resourceId?: string | undefined;
  readonly path?: string | undefined;
  readonly at: Date;
}

export interface FlowLegInput {
  readonly at: Date;
  readonly kind: FlowLegKind;
  readonly url?: string | undefined;
  readonly status?: number | undefined;
  readonly detail?: string | undefined;
  readonly durationMs?: number | undefined;
}

export interface EndFlowInput {
  readonly outcome: FlowOutcome;
  readonly at: Date;
  readonly detail?: string | undefined;
  readonly resourceId?: string | undefined;
  readonly path?: string | undefined;
}

function cut(text: string | undefined): string | null {
  return text === undefined ? null : text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

const flowColumns = {
  id: flows.id,
  userId: flows.userId,
  kind: flows.kind,
  resourceId: flows.resourceId,
  path: flows.path,
  startedAt: flows.startedAt,
  endedAt: flows.endedAt,
  outcome: flows.outcome,
  detail: flows.detail,
};

// Written out: in a query on one table drizzle leaves columns unqualified, which a subquery would
// read as its own table's.
const CALL_OF_FLOW = sql.raw(`c.flow_id = "flows"."id" and c.user_id = "flows"."user_id"`);

const legColumns = {
  id: flowLegs.id,
  at: flowLegs.at,
  kind: flowLegs.kind,
  url: flowLegs.url,
  status: flowLegs.status,
  detail: flowLegs.detail,
  durationMs: flowLegs.durationMs,
};

/**
 * The flows the app drew through the bank's SCA, per user: the flow named where it starts, its
 * browser legs, its end; read back with its bank calls (bank_calls.flow_id) for the diagram.
 * Every function is scoped by user: another user's flow id is unknown here, never written to.
 */
export function createFlowsRepository(db: TppExecutor) {
  const find = async (userId: string, flowId: string): Promise<FlowRecord | undefined> => {
    const rows = await db
      .select(flowColumns)
      .from(flows)
      .where(and(eq(flows.id, flowId), eq(flows.userId, userId)));
    return rows[0];
  };

  return {
    /**
     * Names a flow (or starts it again: waiting, not ended): its kind, what it concerns and the
     * app page. It started at `at`, or at its first bank call when that was earlier. False when
     * the id is another user's flow (nothing is written).
     */
    async start(input: StartFlowInput): Promise<boolean> {
      const at = input.at.toISOString();
      const firstCall = sql`(select min(${bankCalls.startedAt}) from ${bankCalls} where ${bankCalls.flowId} = ${input.id} and ${bankCalls.userId} = ${input.userId})`;
      const rows = await db
        .insert(flows)
        .values({
          id: input.id,
          userId: input.userId,
          kind: input.kind,
          resourceId: input.resourceId ?? null,
          path: cut(input.path),
          startedAt: sql`least(${at}::timestamptz, ${firstCall})`,
          outcome: "waiting",
        })
        .onConflictDoUpdate({
          target: flows.id,
          set: {
            kind: sql`excluded.kind`,
            resourceId: sql`coalesce(excluded.resource_id, ${flows.resourceId})`,
            path: sql`coalesce(excluded.path, ${flows.path})`,
            outcome: "waiting",
            endedAt: null,
            detail: null,
          },
          setWhere: sql`${flows.userId} = excluded.user_id`,
        })
        .returning({ id: flows.id });
      return rows.length > 0;
    },

    /** Adds a browser leg to the user's flow; false (nothing written) when the flow is not the user's. */
    async addLeg(userId: string, flowId: string, leg: FlowLegInput): Promise<boolean> {
      if ((await find(userId, flowId)) === undefined) return false;
      await db.insert(flowLegs).values({
        flowId,
        at: leg.at,
        kind: leg.kind,
        url: cut(leg.url),
        status: leg.status ?? null,
        detail: cut(leg.detail),
        durationMs: leg.durationMs === undefined ? null : Math.max(0, Math.round(leg.durationMs)),
      });
      return true;
    },

    /** Ends the user's flow with its outcome (and, when known by now, what it concerns); false when not the user's. */
    async end(userId: string, flowId: string, end: EndFlowInput): Promise<boolean> {
      const rows = await db
        .update(flows)
        .set({
          outcome: end.outcome,
          endedAt: end.at,
          detail: cut(end.detail),
          ...(end.resourceId === undefined ? {} : { resourceId: end.resourceId }),
          ...(end.path === undefined ? {} : { path: cut(end.path) }),
        })
        .where(and(eq(flows.id, flowId), eq(flows.userId, userId)))
        .returning({ id: flows.id });
      return rows.length > 0;
    },

    /** The user's flow; undefined when unknown or another user's. */
    find,

    /** The user's flows, newest first, with their numbers of bank calls; keyset paging by (startedAt, id). */
    async list(userId: string, options: { before?: FlowCursor; limit?: number } = {}): Promise<FlowPage> {
      const limit = Math.min(Math.max(Math.trunc(options.limit ?? DEFAULT_PAGE), 1), MAX_PAGE);
      const before = options.before;
      const older =
        before === undefined
          ? undefined
          : or(lt(flows.startedAt, before.startedAt), and(eq(flows.startedAt, before.startedAt), lt(flows.id, before.id)));
      const rows = await db
        .select({
          ...flowColumns,
          callCount: sql<number>`(select count(*) from bank_calls c where ${CALL_OF_FLOW})`.mapWith(Number),
          failedCallCount:
            sql<number>`(select count(*) from bank_calls c where ${CALL_OF_FLOW} and (c.status is null or c.status >= 400))`.mapWith(
              Number,
            ),
        })
        .from(flows)
        .where(older === undefined ? eq(flows.userId, userId) : and(eq(flows.userId, userId), older))
        .orderBy(desc(flows.startedAt), desc(flows.id))
        .limit(limit + 1);
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      return { items, nextCursor: rows.length > limit && last !== undefined ? { startedAt: last.startedAt, id: last.id } : undefined };
    },

    /** The user's flow with its bank calls (the user's only) and its browser legs, each in time order. */
    async get(userId: string, flowId: string): Promise<FlowDetail | undefined> {
      const flow = await find(userId, flowId);
      if (flow === undefined) return undefined;
      const [calls, legs] = await Promise.all([
        db
          .select({
            id: bankCalls.id,
            startedAt: bankCalls.startedAt,
            method: bankCalls.method,
            url: bankCalls.url,
            requestId: bankCalls.requestId,
            attempt: bankCalls.attempt,
            status: bankCalls.status,
            durationMs: bankCalls.durationMs,
            error: bankCalls.error,
            unattended: bankCalls.unattended,
          })
          .from(bankCalls)
          .where(and(eq(bankCalls.flowId, flowId), eq(bankCalls.userId, userId)))
          .orderBy(asc(bankCalls.startedAt), asc(bankCalls.id)),
        db.select(legColumns).from(flowLegs).where(eq(flowLegs.flowId, flowId)).orderBy(asc(flowLegs.at), asc(flowLegs.id)),
      ]);
      return { flow, calls, legs };
    },

    /** The browser legs of the user's flow, in time order (none when the flow is not the user's). */
    async legs(userId: string, flowId: string): Promise<FlowLeg[]> {
      const rows = await db
        .select(legColumns)
        .from(flowLegs)
        .innerJoin(flows, eq(flows.id, flowLegs.flowId))
        .where(and(eq(flowLegs.flowId, flowId), eq(flows.userId, userId)))
        .orderBy(asc(flowLegs.at), asc(flowLegs.id));
      return rows;
    },

    /** The user's latest flow of this kind about this bank resource (a payment's paymentId, a basket's basketId). */
    async latestFor(userId: string, kind: FlowKind, resourceId: string): Promise<FlowRecord | undefined> {
      const rows = await db
        .select(flowColumns)
        .from(flows)
        .where(and(eq(flows.userId, userId), eq(flows.resourceId, resourceId), eq(flows.kind, kind)))
        .orderBy(desc(flows.startedAt), desc(flows.id))
        .limit(1);
      return rows[0];
    },
  };
}

export type FlowsRepository = ReturnType<typeof createFlowsRepository>;
