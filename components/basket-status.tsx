import type { BasketTransactionStatus } from "@/lib/psd2/schemas";
import { Badge, type BadgeTone } from "./ui/badge";

/** A signing basket's status in plain words: the worst case of its payments. @see docs/interface/signing-baskets.md#rules-in-the-sandbox */
export const BASKET_STATUS_WORDS: Readonly<Record<BasketTransactionStatus, { label: string; meaning: string; tone: BadgeTone }>> = {
  RCVD: { label: "Waiting for approval", meaning: "The bank has the basket; none of its payments is approved yet.", tone: "neutral" },
  PATC: { label: "Partly approved", meaning: "Some payments are approved, others not yet.", tone: "info" },
  ACTC: { label: "Approved", meaning: "Every payment in it is approved; each is paid on its own.", tone: "success" },
  RJCT: {
    label: "Rejected (at least one)",
    meaning: "At least one payment in it was rejected; the others go their own way.",
    tone: "danger",
  },
};

export function BasketStatusBadge({ status }: { status: BasketTransactionStatus }) {
  const words = BASKET_STATUS_WORDS[status];
  return (
    <Badge tone={words.tone}>
      {words.label}
      <span className="ml-1 font-mono text-[10px]">{status}</span>
    </Badge>
  );
}
