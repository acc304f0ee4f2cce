import type { BadgeTone } from "../ui/badge";

/** The tone of an HTTP status in the inspector: green 2xx, amber 3xx-4xx, red 5xx and no reply. */
export function statusTone(status: number | null): BadgeTone {
  if (status === null) return "danger";
  if (status < 300) return "success";
  if (status < 500) return "warning";
  return "danger";
}

/** How the verdict on the bank's reply signature reads. */
export const SIGNATURE_VERDICTS = {
  verified: { tone: "success", label: "signed ✓" },
  failed: { tone: "danger", label: "signature failed" },
  unsigned: { tone: "neutral", label: "unsigned" },
  unchecked: { tone: "neutral", label: "not checked" },
} as const satisfies Record<string, { tone: BadgeTone; label: string }>;
