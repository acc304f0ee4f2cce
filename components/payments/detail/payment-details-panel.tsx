import { formatAccountNumber, formatDate, formatDateTime, formatMoney } from "@/components/format";
import { DetailsList } from "@/components/ui/details-list";
import { Panel } from "@/components/ui/panel";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { FREQUENCY_LABELS } from "@/lib/tpp/payment-form/form-fields";
import type { PaymentPageView } from "@/lib/tpp/payments/load-payment-page";
import type { PaymentDetails, PaymentTransfer } from "@/lib/tpp/pis/pis-types";
import { ownValue } from "@/lib/psd2/lookup/own-value";

/** The account paid from: its name as the form named it (which ends with the bare number) and the number in groups, once. */
function debtorText(debtorName: string | null, account: string | undefined): string {
  const name = account === undefined ? debtorName : debtorName?.replace(account, "").trim();
  return name === undefined || name === null || name === "" ? formatAccountNumber(account) : `${name} · ${formatAccountNumber(account)}`;
}

function remittanceOf(transfer: PaymentTransfer): string {
  if (transfer.structuredReferences.length > 0) return `KID ${transfer.structuredReferences.join(", ")}`;
  return transfer.remittanceInformation ?? "–";
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

/** The one transfer's recipient, amount, message and ids. */
function transferItems(transfer: PaymentTransfer) {
  return [
    { term: "To", value: `${transfer.creditorName ?? "–"} · ${formatAccountNumber(transfer.creditorAccount)}` },
    { term: "Amount", value: transfer.amount === undefined ? "–" : formatMoney(transfer.amount) },
    { term: transfer.structuredReferences.length > 0 ? "KID" : "Message", value: remittanceOf(transfer) },
    ...(transfer.creditorAgent === undefined ? [] : [{ term: "Creditor's bank (BIC)", value: transfer.creditorAgent, mono: true }]),
    ...(transfer.endToEndIdentification === undefined
      ? []
      : [{ term: "End-to-end id", value: transfer.endToEndIdentification, mono: true }]),
  ];
}

/** A bulk's payments, one row each. */
function BulkTransfers({ transfers }: { transfers: readonly PaymentTransfer[] }) {
  return (
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
          {transfers.map((transfer, index) => (
            <tr key={index}>
              <td className="py-2 pr-3">
                {transfer.creditorName ?? "–"}
                <span className="block font-mono text-xs break-all text-slate-600">{formatAccountNumber(transfer.creditorAccount)}</span>
              </td>
              <td className="py-2 pr-3">{remittanceOf(transfer)}</td>
              <td className="py-2 text-right tabular-nums">{transfer.amount === undefined ? "–" : formatMoney(transfer.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** The payment as the bank keeps it (or as it was sent): from, to, amount, fee, date or schedule, purpose, booking; a bulk's payments in a table. */
export function PaymentDetailsPanel({ view }: { view: PaymentPageView }) {
  const { record, details } = view;
  return (
    <Panel
      id="payment"
      title="Payment"
      className="min-w-0 lg:col-span-3"
      description={view.detailsFromBank ? "As the bank keeps it." : "As it was sent to the bank."}
    >
      <DetailsList
        label="Payment"
        items={[
          { term: "From", value: debtorText(record.debtorName, details?.debtorAccount ?? record.debtorAccount) },
          ...(details?.transfers.length === 1
            ? details.transfers.flatMap(transferItems)
            : [{ term: "Total", value: record.amount === null ? "In several currencies" : formatMoney(record.amount) }]),
          {
            term: "Fee",
            value: record.fees === null ? (record.feeIndicator === true ? "Charged (amount not told)" : "None") : formatMoney(record.fees),
          },
          ...(details?.schedule === undefined
            ? [
                {
                  term: "Date",
                  value: record.requestedExecutionDate === null ? "As soon as possible" : formatDate(record.requestedExecutionDate),
                },
              ]
            : [{ term: "Repeats", value: scheduleText(details) ?? "–" }]),
          ...(view.purpose === undefined ? [] : [{ term: "Purpose", value: view.purpose }]),
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
      {details !== undefined && details.transfers.length > 1 && <BulkTransfers transfers={details.transfers} />}
    </Panel>
  );
}
