import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AutoRefresh } from "@/components/auto-refresh";
import { BASKET_STATUS_WORDS, BasketStatusBadge } from "@/components/basket-status";
import { DeleteBasketForm } from "@/components/delete-basket-form";
import { ErrorPanel } from "@/components/error-panel";
import { formatAccountNumber, formatDateTime, formatMoney } from "@/components/format";
import { PAYMENT_STATUS_WORDS, PaymentStatusBadge } from "@/components/payment-status";
import { ScaFailureNotice } from "@/components/sca-failure-notice";
import { BackLink } from "@/components/ui/back-link";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { getAspspContext } from "@/lib/tpp/aspsp/aspsp-context";
import { requireCurrentUser } from "@/lib/tpp/auth/get-current-user";
import { getTppConfig } from "@/lib/tpp/config";
import { findLatestFlowOf } from "@/lib/tpp/flow-diagrams/flow-queries";
import { explainScaFailure } from "@/lib/tpp/flows/explain-sca-failure";
import { hasSignedFailure } from "@/lib/tpp/flows/failure-signature";
import { loadForPage } from "@/lib/tpp/flows/load-for-page";
import { getRecordRetention, isPastRecordRetention } from "@/lib/tpp/retention/record-retention";
import { isSettledStatus } from "@/lib/tpp/payments/payment-lifecycle";
import { readBasketAtBank } from "@/lib/tpp/payments/read-basket-at-bank";
import { basketPagePath } from "@/lib/tpp/payments/submit-basket";
import { paymentPagePath } from "@/lib/tpp/payments/submit-payment";
import { getTppRuntime } from "@/lib/tpp/runtime";
import { approveBasketAction, deleteBasketAction } from "./actions";
import { ApproveBasketForm } from "./approve-basket-form";

export const metadata: Metadata = { title: "Signing basket" };

type Params = Promise<{ id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const APP_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export default async function BasketPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { id } = await params;
  const query = await searchParams;
  if (!APP_ID.test(id)) notFound();
  const returnTo = basketPagePath(id);
  const user = await requireCurrentUser(returnTo);
  const { baskets, payments } = await getTppRuntime();
  const stored = await baskets.findById(user.id, id);
  if (stored === undefined) notFound();
  const result = await loadForPage(returnTo, async () =>
    readBasketAtBank(await getAspspContext({ returnTo }), { baskets, payments }, stored),
  );
  const basket = result.ok ? result.value.basket : stored;
  const flow = await findLatestFlowOf(user.id, "basket", basket.basketId);
  const members = result.ok ? result.value.payments.map((entry) => entry.record) : await payments.listInBasket(user.id, id);
  const hidden = new Set(
    result.ok ? result.value.payments.filter((entry) => entry.hiddenByKnownIssue).map((entry) => entry.record.id) : [],
  );
  const open = members.some((payment) => !isSettledStatus(payment.service, payment.status));
  // Payments still waiting for the basket's one approval; the bank takes a new start of it while any waits.
  const waiting = members.some((payment) => payment.status === "RCVD");
  // The app starts a basket's approval as it sends the PSU to the bank, and records that redirect as the basket's flow.
  const approvalStarted = flow !== undefined;
  const retention = getRecordRetention();
  // Its flow and calls are kept for the retention period: an older basket's may be gone.
  const recordsDeleted = flow === undefined && isPastRecordRetention(basket.createdAt, retention.days);
  // The bank's refusal from the callback, in a query the app signed (a link made elsewhere shows none).
  const scaFailure =
    first(query.scaFailed) === "1" && hasSignedFailure(query, getTppConfig().sessionSecret)
      ? explainScaFailure({ ...query, retry: returnTo })
      : undefined;
  const words = BASKET_STATUS_WORDS[basket.status];

  return (
    <div className="space-y-6">
      <BackLink href="/payments" label="Payments" />
      <PageHeader
        eyebrow="Signing basket"
        title={`${members.length} payment${members.length === 1 ? "" : "s"} signed together`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <BasketStatusBadge status={basket.status} />
            <span>
              {words.meaning} Read from the bank at {formatDateTime(basket.statusReadAt)}.
            </span>
          </span>
        }
      />

      <section aria-labelledby="not-atomic" className="rounded-2xl border border-sky-200 bg-sky-50 p-5 text-sm text-sky-950">
        <h2 id="not-atomic" className="text-base font-semibold">
          One approval, each payment on its own
        </h2>
        <p className="mt-1">
          A signing basket is not all-or-nothing. One approval at the bank signs every payment in it, but the bank then carries out each
          payment on its own: one can be rejected (for example for lack of funds) while the others are paid. The basket&apos;s status is the
          worst case of its payments: rejected if any was rejected, partly approved while some wait, approved when all are. Each
          payment&apos;s own status is below.
        </p>
      </section>

      {scaFailure !== undefined && (
        <ScaFailureNotice failure={scaFailure} consequence="Payments whose approval failed are rejected by the bank: no money moves." />
      )}
      {first(query.approval) === "not-started" && basket.status === "RCVD" && (
        <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          The bank made the basket but did not start its approval. Approve it at the bank below, or delete the basket and sign the payments
          again; the request inspector shows the bank&apos;s reply.
        </p>
      )}
      {!result.ok && <ErrorPanel error={result.error} />}

      <Panel id="payments" title="Payments in the basket" description={<AutoRefresh active={open} what="Each payment's status" />}>
        <ul className="divide-y divide-slate-100">
          {members.map((payment) => (
            <li key={payment.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <Link href={paymentPagePath(payment.id)} className="font-semibold text-brand-700 hover:underline">
                  {payment.creditorName}
                </Link>
                <p className="text-sm text-slate-500">
                  to {formatAccountNumber(payment.creditorAccount)} · {PAYMENT_STATUS_WORDS[payment.status].meaning}
                  {payment.fundsAvailable === false ? " Not enough money on the account." : ""}
                  {hidden.has(payment.id)
                    ? " (The bank does not show this domestic payment before its approval: the status is its last word.)"
                    : ""}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-3 sm:justify-end">
                <span className="font-semibold tabular-nums">{payment.amount === null ? "–" : formatMoney(payment.amount)}</span>
                <PaymentStatusBadge status={payment.status} />
              </div>
            </li>
          ))}
        </ul>
      </Panel>

      {waiting && basket.status === "RCVD" && (
        <Panel
          id="approval"
          title="Not approved yet"
          description={
            approvalStarted
              ? "The approval was started at the bank but not finished: the payments still wait."
              : recordsDeleted
                ? "The bank made the basket; it has not been approved: the payments still wait."
                : "The bank made the basket; its approval has not started."
          }
        >
          <div className="space-y-4">
            <ApproveBasketForm action={approveBasketAction.bind(null, basket.id)} />
            <p className="text-sm text-slate-600">
              Or delete the basket: the bank deletes it while none of its payments is approved. The payments stay, waiting, to be signed
              alone or in another basket.
            </p>
            <DeleteBasketForm action={deleteBasketAction.bind(null, basket.id)} />
          </div>
        </Panel>
      )}
      <p className="text-xs text-slate-500">
        basketId <span className="font-mono">{basket.basketId}</span> ·{" "}
        <Link className="text-brand-700 hover:underline" href={`/inspector?text=${encodeURIComponent(basket.basketId)}`}>
          its calls in the request inspector
        </Link>
        {flow !== undefined && (
          <>
            {" · "}
            <Link className="text-brand-700 hover:underline" href={`/flows/${flow.id}`}>
              see this basket&apos;s flow
            </Link>
          </>
        )}
        {recordsDeleted && ` · its calls and flow are kept for ${retention.period}, and older ones are no longer there`}
      </p>
    </div>
  );
}
