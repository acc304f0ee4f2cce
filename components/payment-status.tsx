import type { TransactionStatus } from "@/lib/psd2/schemas";
import { Badge, type BadgeTone } from "./ui/badge";

/** Each payment status in plain words, with the Berlin Group code for those who know it. @see docs/interface/states.md#states-and-transitions */
export const PAYMENT_STATUS_WORDS: Readonly<Record<TransactionStatus, { label: string; meaning: string; tone: BadgeTone }>> = {
  RCVD: { label: "Received", meaning: "The bank has the payment; it waits for your approval.", tone: "neutral" },
  PDNG: { label: "Scheduled", meaning: "Approved; the bank pays it on the requested date.", tone: "info" },
  ACTC: { label: "Approved", meaning: "Approved and checked; the bank pays it at its next payment run.", tone: "info" },
  ACCP: { label: "Accepted", meaning: "Accepted by the bank; a standing order pays on each of its dates.", tone: "info" },
  ACWC: { label: "Accepted with changes", meaning: "Accepted by the bank with changes (for example the date).", tone: "info" },
  ACWP: { label: "Accepted, not booked", meaning: "Accepted by the bank but not posted to the account yet.", tone: "info" },
  ACSP: { label: "Being paid", meaning: "The bank is settling the payment.", tone: "info" },
  ACSC: { label: "Paid", meaning: "Settled: the money has left the account.", tone: "success" },
  PART: { label: "Partly accepted", meaning: "Some payments of the bulk were accepted, others not.", tone: "warning" },
  RJCT: { label: "Rejected", meaning: "The bank rejected the payment; no money moved.", tone: "danger" },
  CANC: { label: "Cancelled", meaning: "The payment was cancelled; no money moved.", tone: "neutral" },
};

/** A payment's status as a badge: the plain word, with the code for screen readers and the curious. */
export function PaymentStatusBadge({ status }: { status: TransactionStatus }) {
  const words = PAYMENT_STATUS_WORDS[status];
  return (
    <Badge tone={words.tone}>
      {words.label}
      <span className="ml-1 font-mono text-[10px]">{status}</span>
    </Badge>
  );
}
