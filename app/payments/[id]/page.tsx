import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AutoRefresh } from "@/components/auto-refresh";
import { ErrorPanel } from "@/components/error-panel";
import { formatAccountNumber, formatDate, formatDateTime, formatMoney } from "@/components/format";
import { PaymentActions } from "@/components/payment-actions";
import { PAYMENT_STATUS_WORDS, PaymentStatusBadge } from "@/components/payment-status";
import { PaymentTimeline } from "@/components/payment-timeline";
import { ScaFailureNotice } from "@/components/sca-failure-notice";
import { BackLink } from "@/components/ui/back-link";
import { DetailsList } from "@/components/ui/details-list";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { getAspspContext } from "@/lib/tpp/aspsp/aspsp-context";
import { requireCurrentUser } from "@/lib/tpp/auth/get-current-user";
import { getTppConfig } from "@/lib/tpp/config";
import { findLatestFlowOf } from "@/lib/tpp/flow-diagrams/flow-queries";
import { explainScaFailure } from "@/lib/tpp/flows/explain-sca-failure";
import { hasSignedFailure } from "@/lib/tpp/flows/failure-signature";
import { loadForPage } from "@/lib/tpp/flows/load-for-page";
import { getRecordRetention, isPastRecordRetention } from "@/lib/tpp/retention/record-retention";
import { FREQUENCY_LABELS, KIND_CHOICES, PRODUCT_CHOICES, PURPOSE_LABELS } from "@/lib/tpp/payment-form/form-fields";
import { isCancellableStatus, isFinalStatus, isSettledStatus } from "@/lib/tpp/payments/payment-lifecycle";
import { readPaymentAtBank, refOf } from "@/lib/tpp/payments/read-payment-at-bank";
import { storedPaymentDetails } from "@/lib/tpp/payments/stored-payment-details";
import { paymentPagePath } from "@/lib/tpp/payments/submit-payment";
import type { PaymentDetails, PaymentTransfer } from "@/lib/tpp/pis/pis-types";
import { getTppRuntime } from "@/lib/tpp/runtime";
import { approvePaymentAction, cancelPaymentAction } from "./actions";
import { ownValue } from "@/lib/psd2/lookup/own-value";

export const metadata: Metadata = { title: "Payment" };

type Params = Promise<{ id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const APP_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SERVICE_KIND = { payments: "single", "periodic-payments": "periodic", "bulk-payments": "bulk" } as const;

/** The account paid from: its name as the form named it (which ends with the bare number) and the number in groups, once. */
function debtorText(debtorName: string | null, account: string | undefined): string {
  const name = account === undefined ? debtorName : debtorName?.replace(account, "").trim();
  return name === undefined || name === null || name === "" ? formatAccountNumber(account) : `${name} · ${formatAccountNumber(account)}`;
}

function remittanceOf(transfer: PaymentTransfer): string {
  if (transfer.structuredReferences.length > 0) return `KID ${transfer.structuredReferences.join(", ")}`;
  return transfer.remittanceInformation ?? "–";
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function scheduleText(details: PaymentDetails): string | undefined {
  const schedule = details.schedule;
  if (schedule === undefined) return undefined;
  const frequency = ownValue(FREQUENCY_LABELS, schedule.frequency) ?? schedule.frequency;
  const months = schedule.monthsOfExecution === undefined ? "" : ` (months ${schedule.monthsOfExecution.join(", ")})`;
  const day = schedule.dayOfExecution === undefined ? "" : `, on day ${schedule.dayOfExecution}`;
  const rule = schedule.executionRule === undefined ? "" : `, ${schedule.executionRule} business day when that is a holiday`;
  return `${frequency}${months}${day}${rule}; from ${formatDate(schedule.startDate)}${schedule.endDate === undefined ? ", until cancelled" : ` to ${formatDate(schedule.endDate)}`}`;
}

export default async function PaymentPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { id } = await params;
  const query = await searchParams;
  if (!APP_ID.test(id)) notFound();
  const returnTo = paymentPagePath(id);
  const user = await requireCurrentUser(returnTo);
  const { payments } = await getTppRuntime();
  const stored = await payments.findById(user.id, id);
  if (stored === undefined) notFound();

  const result = await loadForPage(returnTo, async () =>
    readPaymentAtBank(await getAspspContext({ returnTo }), payments, stored, { withDetails: true }),
  );
  const atBank = result.ok ? result.value : undefined;
  const record = atBank?.record ?? stored;
  const history = await payments.history(user.id, id);
  const flow = await findLatestFlowOf(user.id, "payment", record.paymentId);
  const retention = getRecordRetention();
  // Its flow and calls are kept for the retention period: an older payment's may be gone.
  const recordsDeleted = flow === undefined && isPastRecordRetention(record.createdAt, retention.days);
  const details = atBank?.details ?? storedPaymentDetails(refOf(record), record.status, record.requestBody);
  const product = PRODUCT_CHOICES.find((choice) => choice.value === record.product)?.title ?? record.product;
  const kind = KIND_CHOICES.find((choice) => choice.value === SERVICE_KIND[record.service])?.title ?? record.service;
  const words = PAYMENT_STATUS_WORDS[record.status];
  const settled = isSettledStatus(record.service, record.status);
  // The bank's refusal from the callback, in a query the app signed (a link made elsewhere shows none).
  const scaFailure =
    first(query.scaFailed) === "1" && hasSignedFailure(query, getTppConfig().sessionSecret)
      ? explainScaFailure({ ...query, retry: returnTo })
      : undefined;
  const inBasket = record.signingBasketId !== null;
  const body = (() => {
    try {
      return JSON.stringify(JSON.parse(record.requestBody), null, 2);
    } catch {
      return record.requestBody;
    }
  })();
  const purpose = (() => {
    try {
      const parsed: unknown = JSON.parse(record.requestBody);
      const code = typeof parsed === "object" && parsed !== null && "purposeCode" in parsed ? parsed.purposeCode : undefined;
      return typeof code === "string" ? `${ownValue(PURPOSE_LABELS, code) ?? code} (${code})` : undefined;
    } catch {
      return undefined;
    }
  })();
  const title = `${record.amount === null ? `${record.transferCount} transfers` : formatMoney(record.amount)} to ${record.transferCount > 1 ? `${record.transferCount} recipients` : record.creditorName}`;

  return (
    <div className="space-y-6">
      <BackLink href="/payments" label="Payments" />
      <PageHeader
        eyebrow={`${product} · ${kind}`}
        title={title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <PaymentStatusBadge status={record.status} />
            <span>
              {words.meaning} Read from the bank at {formatDateTime(record.statusReadAt)}.
            </span>
          </span>
        }
      />

      {first(query.cancelled) === "1" && record.status === "CANC" && (
        <p role="status" className="rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          The bank cancelled the payment. No money will move.
        </p>
      )}
      {scaFailure !== undefined && (
        <ScaFailureNotice
          failure={scaFailure}
          consequence="A payment whose approval failed is rejected by the bank: no money moves. Make a new payment to try again."
        />
      )}
      {first(query.approval) === "not-started" && record.status === "RCVD" && (
        <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          The bank took the payment but did not start its approval. Try &ldquo;Approve at the bank&rdquo; below; the request inspector shows
          the bank&apos;s reply.
        </p>
      )}
      {record.status === "RJCT" && record.fundsAvailable === false && (
        <section role="alert" aria-labelledby="no-funds" className="rounded-2xl border border-red-200 bg-red-50 p-5 text-sm text-red-900">
          <h2 id="no-funds" className="text-base font-semibold">
            Rejected: not enough money on the account
          </h2>
          <p className="mt-1">
            When the bank came to pay it, the account {formatAccountNumber(record.debtorAccount)} did not have enough money available (the
            bank reported fundsAvailable: false). Nothing was paid. Put money on the account, or pay a smaller amount, and make the payment
            again.
          </p>
        </section>
      )}
      {atBank?.hiddenByKnownIssue === true && (
        <p role="note" className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950">
          The bank does not show a Norwegian domestic payment&apos;s status or details until it has been approved (a known issue of its
          interface: it answers 404). The status here is the last one the bank told this app
          {record.status === "RJCT" ? ", from its report that the approval failed" : ", in its reply to the payment"}, and the details are
          the payment as it was sent.
        </p>
      )}
      {!result.ok && <ErrorPanel error={result.error} />}

      <div className="grid gap-6 lg:grid-cols-5">
        <Panel
          id="status"
          title="Status"
          className="min-w-0 lg:col-span-2"
          description={
            settled
              ? isFinalStatus(record.status)
                ? "Final: it will not change."
                : "The standing order runs on its dates."
              : "Not final yet."
          }
        >
          <div className="space-y-5">
            <AutoRefresh active={!settled} what="The status" />
            <PaymentTimeline history={history} />
            {!isFinalStatus(record.status) && (
              <PaymentActions
                // A payment in a basket is approved with the basket; it is cancelled on its own.
                approve={record.status === "RCVD" && !inBasket ? approvePaymentAction.bind(null, record.id) : undefined}
                cancel={cancelPaymentAction.bind(null, record.id)}
              />
            )}
            {inBasket && record.signingBasketId !== null && (
              <p className="text-sm text-slate-600">
                This payment is in a{" "}
                <Link
                  href={`/baskets/${encodeURIComponent(record.signingBasketId)}`}
                  className="font-medium text-brand-700 hover:underline"
                >
                  signing basket
                </Link>
                : it is approved with the basket, and goes its own way after (it can be cancelled on its own).
              </p>
            )}
            {!isCancellableStatus(record.status) && !isFinalStatus(record.status) && (
              <p className="text-xs text-slate-500">The bank does not cancel a payment in this status; it will say so if asked.</p>
            )}
          </div>
        </Panel>

        <Panel
          id="payment"
          title="Payment"
          className="min-w-0 lg:col-span-3"
          description={atBank?.details === undefined ? "As it was sent to the bank." : "As the bank keeps it."}
        >
          <DetailsList
            label="Payment"
            items={[
              { term: "From", value: debtorText(record.debtorName, details?.debtorAccount ?? record.debtorAccount) },
              ...(details?.transfers.length === 1
                ? details.transfers
                    .map((transfer) => [
                      { term: "To", value: `${transfer.creditorName ?? "–"} · ${formatAccountNumber(transfer.creditorAccount)}` },
                      { term: "Amount", value: transfer.amount === undefined ? "–" : formatMoney(transfer.amount) },
                      { term: transfer.structuredReferences.length > 0 ? "KID" : "Message", value: remittanceOf(transfer) },
                      ...(transfer.creditorAgent === undefined
                        ? []
                        : [{ term: "Creditor's bank (BIC)", value: transfer.creditorAgent, mono: true }]),
                      ...(transfer.endToEndIdentification === undefined
                        ? []
                        : [{ term: "End-to-end id", value: transfer.endToEndIdentification, mono: true }]),
                    ])
                    .flat()
                : [{ term: "Total", value: record.amount === null ? "In several currencies" : formatMoney(record.amount) }]),
              {
                term: "Fee",
                value:
                  record.fees === null ? (record.feeIndicator === true ? "Charged (amount not told)" : "None") : formatMoney(record.fees),
              },
              ...(details?.schedule === undefined
                ? [
                    {
                      term: "Date",
                      value: record.requestedExecutionDate === null ? "As soon as possible" : formatDate(record.requestedExecutionDate),
                    },
                  ]
                : [{ term: "Repeats", value: scheduleText(details) ?? "–" }]),
              ...(purpose === undefined ? [] : [{ term: "Purpose", value: purpose }]),
              ...(details?.batchBookingPreferred === undefined
                ? []
                : [
                    {
                      term: "Booking",
                      value: details.batchBookingPreferred ? "One entry on the statement for the whole bulk" : "One entry per payment",
                    },
                  ]),
              { term: "Made", value: formatDateTime(record.createdAt) },
            ]}
          />
          {details !== undefined && details.transfers.length > 1 && (
            <ScrollRegion label="Payments of the bulk" className="mt-5">
              <table className="w-full min-w-[18rem] text-left text-sm">
                <caption className="sr-only">Payments of the bulk</caption>
                <thead>
                  <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Recipient and account
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Message or KID
                    </th>
                    <th scope="col" className="py-2 text-right font-medium">
                      Amount
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {details.transfers.map((transfer, index) => (
                    <tr key={index}>
                      <td className="py-2 pr-3">
                        {transfer.creditorName ?? "–"}
                        <span className="block font-mono text-xs break-all text-slate-600">
                          {formatAccountNumber(transfer.creditorAccount)}
                        </span>
                      </td>
                      <td className="py-2 pr-3">{remittanceOf(transfer)}</td>
                      <td className="py-2 text-right tabular-nums">{transfer.amount === undefined ? "–" : formatMoney(transfer.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </Panel>
      </div>

      <Panel id="at-the-bank" title="At the bank" description="What the app sent and holds for this payment.">
        <DetailsList
          label="At the bank"
          items={[
            { term: "paymentId", value: record.paymentId, mono: true },
            { term: "Path", value: `/v1/${record.service}/${record.product}/${record.paymentId}`, mono: true },
            {
              term: "Payer named by",
              value:
                record.payerKind === "psu-id"
                  ? "PSU-ID"
                  : record.payerKind === "national-id"
                    ? "X-PSU-IDENTITY (national identity number, not kept)"
                    : "PSU-Context (one SCA identifies and approves)",
            },
            {
              term: "Context",
              value:
                record.psuContext === "CORPORATE"
                  ? `Corporate${record.psuCorporateId === null ? "" : ` (PSU-Corporate-ID ${record.psuCorporateId})`}`
                  : "Private",
            },
          ]}
        />
        <details className="mt-4">
          <summary className="cursor-pointer text-sm font-medium text-brand-700">Request body as sent</summary>
          <pre className="mt-2 max-h-96 overflow-auto rounded-lg bg-slate-900 p-4 text-xs text-slate-100">{body}</pre>
        </details>
        <p className="mt-3 text-sm">
          <Link className="font-medium text-brand-700 hover:underline" href={`/inspector?text=${encodeURIComponent(record.paymentId)}`}>
            This payment&apos;s calls in the request inspector
          </Link>
          {flow !== undefined && (
            <>
              <span aria-hidden="true" className="text-slate-400">
                {" · "}
              </span>
              <Link className="font-medium text-brand-700 hover:underline" href={`/flows/${flow.id}`}>
                See this payment&apos;s flow
              </Link>
            </>
          )}
        </p>
        {recordsDeleted && (
          <p className="mt-1 text-sm text-slate-600">
            Calls to the bank and flow diagrams are kept for {retention.period}: this payment&apos;s older ones are no longer there. Its
            status history above is kept.
          </p>
        )}
      </Panel>
    </div>
  );
}
