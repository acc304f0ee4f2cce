import { createAccountsRepository } from "../../repositories/accounts-repository";
import { createReadAuthorisationsRepository } from "../../repositories/read-authorisations-repository";
import { createTransactionsRepository, type TransactionRecord, type TransactionStatus } from "../../repositories/transactions-repository";
import { accountHref, toWireAccountReference, toWireTransaction } from "./ais-wire";
import { type AisRequest, authorizeResourceRead } from "./authorize-resource-read";
import { pageSegments } from "./page-segments";
import { refuseOldHistory } from "./refuse-old-history";
import { runCountedRead } from "./run-counted-read";
import type { ServiceContext } from "../service-context";
import { sealCursor } from "./transaction-cursor";
import { type BookingStatus, buildPagingLinks, type ListingRequest } from "./transactions-listing";

/** Every pending transaction, for the known issue: pending ones are few by their nature. */
const ALL_PENDING = 1_000_000;

/**
 * The segments a bookingStatus pages through, newest first, and whether every pending
 * transaction comes besides them unfiltered (the spec's known issue, behind its switch).
 */
function planOf(bookingStatus: BookingStatus, pendingKnownIssue: boolean): { segments: TransactionStatus[]; allPending: boolean } {
  if (pendingKnownIssue) {
    const segments: Record<BookingStatus, TransactionStatus[]> = {
      booked: ["booked"],
      pending: [],
      both: ["booked"],
      all: ["booked", "rejected"],
    };
    return { segments: segments[bookingStatus], allPending: bookingStatus !== "booked" };
  }
  const segments: Record<BookingStatus, TransactionStatus[]> = {
    booked: ["booked"],
    pending: ["pending"],
    both: ["pending", "booked"],
    all: ["pending", "booked", "rejected"],
  };
  return { segments: segments[bookingStatus], allPending: false };
}

/** What a cursor of an account's listing is bound to: the account, the booking status and the known issue's switch. */
export function accountCursorBinding(
  ctx: Pick<ServiceContext, "pendingKnownIssue">,
  accountId: string,
  bookingStatus: BookingStatus,
): string {
  return `account:${accountId}:${bookingStatus}:${ctx.pendingKnownIssue ? "known-issue" : "fixed"}`;
}

/**
 * GET /v1/accounts/{accountId}/transactions: booked, pending, both or all (rejected ones too),
 * from dateFrom (default 90 days ago) to dateTo (default today), paged in the database (default
 * 200 per page) with links whose cursor makes every page cost the same. With the known issue on
 * (the default), bookingStatus pending and both return every pending transaction, unfiltered.
 * Without the PSU present: at most 90 days back, and 4 calls per 24 hours.
 *
 * @see docs/interface/accounts.md#accounts-balances-transactions, docs/interface/limits.md#what-the-sandbox-enforces; docs/interface/limits.md#limits-in-the-spec
 */
export async function listAccountTransactions(ctx: ServiceContext, request: AisRequest, accountId: string, listing: ListingRequest) {
  const issue = ctx.pendingKnownIssue;
  const access = await authorizeResourceRead(ctx, request, {
    type: "account",
    id: accountId,
    kind: "transactions",
    load: (db, id) => createAccountsRepository(db).findById(id),
    facts: (db, key) => createReadAuthorisationsRepository(db).forAccount(key),
    oldestAsked: listing.dateFrom,
  });
  const refusal = await refuseOldHistory(ctx, request, access, { date: listing.dateFrom, path: "dateFrom" });
  if (refusal) throw refusal;

  const account = access.resource;
  const plan = planOf(listing.bookingStatus, issue);
  const binding = accountCursorBinding(ctx, accountId, listing.bookingStatus);
  return runCountedRead(ctx, access, async (db) => {
    const transactions = createTransactionsRepository(db);
    const page = await pageSegments(
      { list: (_status, q) => transactions.list(account.id, q), count: (_status, q) => transactions.count(account.id, q) },
      plan.segments,
      { dateFrom: listing.dateFrom, dateTo: listing.dateTo },
      listing.limit,
      listing.position,
    );
    const byStatus = (status: TransactionStatus): TransactionRecord[] =>
      page.rows.filter(({ row }) => row.status === status).map(({ row }) => row);
    const pending = plan.allPending
      ? (await transactions.list(account.id, { status: "pending", limit: ALL_PENDING })).rows
      : byStatus("pending");
    const wants = listing.bookingStatus;
    const href = accountHref(account.id);
    return {
      account: toWireAccountReference(account),
      transactions: {
        ...(wants === "pending" ? {} : { booked: byStatus("booked").map((t) => toWireTransaction(t, "listing")) }),
        ...(wants === "booked" ? {} : { pending: pending.map((t) => toWireTransaction(t, "listing")) }),
        ...(wants === "all" ? { rejected: byStatus("rejected").map((t) => toWireTransaction(t, "listing")) } : {}),
        _links: buildPagingLinks({
          listingHref: `${href}/transactions`,
          accountHref: href,
          request: listing,
          segmentCount: plan.segments.length,
          page,
          keyOf: (row) => ({ sortDate: row.sortDate, seq: row.seq }),
          seal: (position) => sealCursor(ctx.cursorKey, binding, position),
        }),
      },
    };
  });
}
