import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { z } from "zod";
import { formatAccountNumber, formatDateTime, formatMoney } from "@/components/format";
import { inputClass } from "@/components/forms/input-class";
import { BasketStatusBadge } from "@/components/basket-status";
import { PaymentList, type PaymentListRow } from "@/components/payment-list";
import { PAYMENT_STATUS_WORDS } from "@/components/payment-status";
import { buttonStyles } from "@/components/ui/button-styles";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { PAYMENT_PRODUCTS, TRANSACTION_STATUSES } from "@/lib/psd2/schemas";
import { getAspspContext } from "@/lib/tpp/aspsp/aspsp-context";
import { requireCurrentUser } from "@/lib/tpp/auth/get-current-user";
import { KIND_CHOICES, PRODUCT_CHOICES } from "@/lib/tpp/payment-form/form-fields";
import { basketEligibility, MAX_BASKET_PAYMENTS } from "@/lib/tpp/payments/basket-eligibility";
import { listUnanswered } from "@/lib/tpp/payments/list-unanswered";
import { isSettledStatus } from "@/lib/tpp/payments/payment-lifecycle";
import type { PaymentRecord } from "@/lib/tpp/payments/payments-repository";
import { readPaymentAtBank } from "@/lib/tpp/payments/read-payment-at-bank";
import { basketPagePath } from "@/lib/tpp/payments/submit-basket";
import { paymentPagePath } from "@/lib/tpp/payments/submit-payment";
import { getTppRuntime } from "@/lib/tpp/runtime";
import { readPsuSession } from "@/lib/tpp/session/psu-session";
import { toUnansweredRow, UnansweredPayments } from "@/components/payments/unanswered-payments";
import { dismissUnanswered, signTogether } from "./actions";

export const metadata: Metadata = { title: "Payments" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const PAGE_SIZE = 25;
/** At most this many payments not yet final are read again from the bank when the list is shown. */
const REFRESH_AT_MOST = 10;

const querySchema = z.object({
  status: z.enum(TRANSACTION_STATUSES).optional().catch(undefined),
  product: z.enum(PAYMENT_PRODUCTS).optional().catch(undefined),
  before: z
    .string()
    .max(512)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional()
    .catch(undefined),
  saved: z
    .string()
    .regex(/^[0-9a-f-]{36}$/)
    .optional()
    .catch(undefined),
  basket: z.literal("deleted").optional().catch(undefined),
  tick: z
    .string()
    .max(400)
    .regex(/^[0-9a-f,-]+$/)
    .optional()
    .catch(undefined),
});

const SERVICE_KIND = { payments: "single", "periodic-payments": "periodic", "bulk-payments": "bulk" } as const;

/** The statuses of the payments shown that can still change, read again from the bank (the bank is the authority). */
async function refreshStatuses(records: readonly PaymentRecord[]): Promise<Map<string, PaymentRecord>> {
  const open = records.filter((record) => !isSettledStatus(record.service, record.status)).slice(0, REFRESH_AT_MOST);
  const fresh = new Map<string, PaymentRecord>();
  if (open.length === 0) return fresh;
  const { payments } = await getTppRuntime();
  const ctx = await getAspspContext({ returnTo: "/payments" });
  const reads = await Promise.allSettled(open.map((record) => readPaymentAtBank(ctx, payments, record)));
  for (const read of reads) if (read.status === "fulfilled") fresh.set(read.value.record.id, read.value.record);
  return fresh;
}

export default async function PaymentsPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requireCurrentUser("/payments");
  const raw = await searchParams;
  const query = querySchema.parse(
    Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value])),
  );
  const { payments, baskets, intents } = await getTppRuntime();
  const page = await payments.list(user.id, {
    limit: PAGE_SIZE,
    ...(query.status === undefined ? {} : { status: [query.status] }),
    ...(query.product === undefined ? {} : { product: query.product }),
    ...(query.before === undefined ? {} : { before: query.before }),
  });
  const [fresh, recentBaskets, awaiting] = await Promise.all([
    refreshStatuses(page.items),
    baskets.list(user.id, { limit: 5 }),
    listUnanswered({ intents, payments }, user.id),
  ]);
  // Payments and baskets sent whose answer was not received (the bank may have them): never mixed into the list of kept ones.
  const unanswered = awaiting.map(toUnansweredRow);
  const items = page.items.map((record) => fresh.get(record.id) ?? record);
  const filtered = query.status !== undefined || query.product !== undefined;
  const session = await readPsuSession(user.id);
  const basketContext = {
    psuContext: session?.context ?? "PRIVATE",
    psuCorporateId: session?.context === "CORPORATE" ? (session.psuCorporateId ?? null) : null,
  } as const;
  const saved = query.saved === undefined ? undefined : items.find((record) => record.id === query.saved);
  const rows: PaymentListRow[] = items.map((record) => {
    const product = PRODUCT_CHOICES.find((choice) => choice.value === record.product)?.title ?? record.product;
    const kind = KIND_CHOICES.find((choice) => choice.value === SERVICE_KIND[record.service])?.title ?? record.service;
    const eligibility =
      user.psuId === undefined
        ? { eligible: false as const, reason: "Signing together needs your bank connection (a PSU-ID)." }
        : basketEligibility(record, basketContext);
    return {
      id: record.id,
      href: paymentPagePath(record.id),
      recipient: record.transferCount > 1 ? `${record.transferCount} recipients` : record.creditorName,
      subtitle: `${product} · ${kind} · ${record.transferCount > 1 ? `from ${formatAccountNumber(record.debtorAccount)}` : `to ${formatAccountNumber(record.creditorAccount)}`}`,
      amount: record.amount === null ? "Several currencies" : formatMoney(record.amount),
      status: record.status,
      readAt: formatDateTime(record.statusReadAt),
      notSignable: eligibility.eligible ? undefined : eligibility.reason,
      quietReason: !eligibility.eligible && record.service === "payments" && record.status !== "RCVD",
    };
  });
  const nextHref =
    page.nextCursor === undefined
      ? undefined
      : `/payments?${new URLSearchParams({ ...(query.status === undefined ? {} : { status: query.status }), ...(query.product === undefined ? {} : { product: query.product }), before: page.nextCursor }).toString()}`;

  return (
    <div className="space-y-8">
      <PageHeader
        eyebrow="Payment initiation"
        title="Payments"
        description="The payments you made through this app, newest first. Each one's status is the bank's, with the time the app read it; payments that can still change are read again each time this page is shown."
        actions={
          <Link href="/payments/new" className={buttonStyles.primary}>
            New payment
          </Link>
        }
      />

      <form
        method="get"
        action="/payments"
        aria-label="Filter payments"
        className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        <div>
          <label htmlFor="status" className="block text-xs font-medium text-slate-600">
            Status
          </label>
          <select id="status" name="status" defaultValue={query.status ?? ""} className={inputClass(false)}>
            <option value="">Any status</option>
            {TRANSACTION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {PAYMENT_STATUS_WORDS[status].label} ({status})
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="product" className="block text-xs font-medium text-slate-600">
            Product
          </label>
          <select id="product" name="product" defaultValue={query.product ?? ""} className={inputClass(false)}>
            <option value="">Any product</option>
            {PRODUCT_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.title}
              </option>
            ))}
          </select>
        </div>
        <div className="flex gap-2">
          <button type="submit" className={buttonStyles.primary}>
            Show
          </button>
          {filtered && (
            <Link href="/payments" className={buttonStyles.quiet}>
              Clear
            </Link>
          )}
        </div>
      </form>

      {query.basket === "deleted" && (
        <p role="status" className="rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          The bank deleted the signing basket. Its payments are waiting for approval again: sign them alone or together.
        </p>
      )}
      {saved !== undefined && (
        <p role="status" className="rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          The bank has the payment to {saved.creditorName}, waiting for your approval. Tick it with others and sign them together, or open
          it to approve it alone.
        </p>
      )}
      <UnansweredPayments rows={unanswered} dismiss={dismissUnanswered} />
      {items.length === 0 ? (
        <EmptyState
          title={filtered ? "No payments match" : "No payments yet"}
          action={
            <Link href="/payments/new" className={buttonStyles.primary}>
              New payment
            </Link>
          }
        >
          {filtered
            ? "No payment has this status and product. Clear the filter to see all."
            : "Make a payment: you fill it in here, approve it at the bank, and follow it here until it is paid."}
        </EmptyState>
      ) : (
        <PaymentList rows={rows} max={MAX_BASKET_PAYMENTS} action={signTogether} initiallyTicked={query.tick?.split(",") ?? []} />
      )}
      {recentBaskets.length > 0 && (
        <section aria-labelledby="baskets-title" className="space-y-3">
          <h2 id="baskets-title" className="text-lg font-semibold text-slate-900">
            Signing baskets
          </h2>
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            {recentBaskets.map((basket) => (
              <li key={basket.id}>
                <Link
                  href={basketPagePath(basket.id)}
                  className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 hover:bg-slate-50 sm:px-6"
                >
                  <span className="font-medium text-slate-900">
                    {basket.paymentRecordIds.length} payment{basket.paymentRecordIds.length === 1 ? "" : "s"} ·{" "}
                    {formatDateTime(basket.createdAt)}
                  </span>
                  <BasketStatusBadge status={basket.status} />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {nextHref !== undefined && (
        <nav aria-label="Older payments" className="flex justify-end">
          <Link href={nextHref} className={buttonStyles.secondary}>
            Older payments
          </Link>
        </nav>
      )}
    </div>
  );
}
