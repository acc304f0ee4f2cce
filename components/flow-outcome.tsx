import type { FlowOutcome } from "@/lib/tpp/flow-diagrams/flows-repository";
import { Badge, type BadgeTone } from "./ui/badge";

/** How a flow stands, in words. */
export const FLOW_OUTCOME_WORDS: Readonly<Record<FlowOutcome, { label: string; meaning: string; tone: BadgeTone }>> = {
  waiting: { label: "Waiting", meaning: "Not finished: the PSU has not come back from the bank yet.", tone: "warning" },
  completed: { label: "Completed", meaning: "The bank sent the PSU back with the approval.", tone: "success" },
  failed: { label: "Failed", meaning: "The bank refused a call, or the approval at the bank did not succeed.", tone: "danger" },
  refused: {
    label: "Return refused",
    meaning: "The app refused the bank's return: it did not match this browser's session.",
    tone: "danger",
  },
};

export function FlowOutcomeBadge({ outcome }: { outcome: FlowOutcome }) {
  const words = FLOW_OUTCOME_WORDS[outcome];
  return <Badge tone={words.tone}>{words.label}</Badge>;
}
