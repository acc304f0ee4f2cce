import type { FlowDetail } from "./flows-repository";

/**
 * A flow's steps in the order they happened, each one numbered line of the diagram and of its
 * text alternative: a bank call (request and reply), the app's redirect to the bank, the PSU at
 * the bank, the bank's redirect to the callback, and the app's answer to it.
 */
export type FlowStep =
  | {
      readonly kind: "call";
      readonly at: Date;
      /** The call's id in the request inspector. */
      readonly callId: number;
      readonly method: string;
      /** Path and query, as sent. */
      readonly path: string;
      /** null when no reply came. */
      readonly status: number | null;
      readonly durationMs: number;
      readonly error: string | null;
      readonly requestId: string;
      readonly attempt: number;
      /** Made without the PSU (no PSU-IP-Address): a refresh within the bank's PSU-absent limits. */
      readonly unattended: boolean;
    }
  | {
      /** The app's redirect of the browser to the bank's scaRedirect (the browser then opens it). */
      readonly kind: "to-bank";
      readonly at: Date;
      readonly url: string | null;
      readonly status: number | null;
    }
  | {
      /** The PSU at the bank: from the redirect there to the return (null while still there). */
      readonly kind: "sca";
      readonly at: Date;
      readonly durationMs: number | null;
      /** approved, cancelled, expired, failed: CODE, returned, or waiting (no return yet). */
      readonly result: string;
    }
  | {
      /** The bank's redirect of the browser to the callback, with its parameters. */
      readonly kind: "callback";
      readonly at: Date;
      readonly url: string | null;
      /** success, failure, or refused (reason). */
      readonly result: string;
    }
  | {
      /** The app's answer to the callback: a redirect to the flow's page, or to the page that explains a failure. */
      readonly kind: "callback-answer";
      readonly at: Date;
      readonly status: number | null;
      readonly location: string | null;
      readonly result: string;
    };

// Steps of the same instant: the redirect before the PSU's time at the bank, the return before
// the calls it makes, the answer after them.
const RANK: Readonly<Record<FlowStep["kind"], number>> = { "to-bank": 0, sca: 1, callback: 2, call: 3, "callback-answer": 4 };

function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/** A from-bank leg's detail: "<result> → <location>". */
function splitReturn(detail: string | null): { result: string; location: string | null } {
  if (detail === null) return { result: "returned", location: null };
  const arrow = detail.indexOf(" → ");
  return arrow === -1 ? { result: detail, location: null } : { result: detail.slice(0, arrow), location: detail.slice(arrow + 3) };
}

/** The steps of a flow from its bank calls and browser legs, in time order. */
export function buildFlowSteps(detail: FlowDetail): FlowStep[] {
  const steps: FlowStep[] = [];
  for (const call of detail.calls) {
    steps.push({
      kind: "call",
      at: call.startedAt,
      callId: call.id,
      method: call.method,
      path: pathOf(call.url),
      status: call.status,
      durationMs: call.durationMs,
      error: call.error,
      requestId: call.requestId,
      attempt: call.attempt,
      unattended: call.unattended,
    });
  }
  for (const leg of detail.legs) {
    if (leg.kind === "to-bank") steps.push({ kind: "to-bank", at: leg.at, url: leg.url, status: leg.status });
    if (leg.kind === "sca") steps.push({ kind: "sca", at: leg.at, durationMs: leg.durationMs, result: leg.detail ?? "returned" });
    if (leg.kind === "from-bank") {
      const { result, location } = splitReturn(leg.detail);
      steps.push({ kind: "callback", at: leg.at, url: leg.url, result });
      steps.push({ kind: "callback-answer", at: new Date(leg.at.getTime() + (leg.durationMs ?? 0)), status: leg.status, location, result });
    }
  }
  // Still at the bank: the last redirect there has no return yet.
  const lastToBank = detail.legs.findLast((leg) => leg.kind === "to-bank");
  if (
    detail.flow.outcome === "waiting" &&
    lastToBank !== undefined &&
    !detail.legs.some((leg) => leg.kind !== "to-bank" && leg.at.getTime() >= lastToBank.at.getTime())
  ) {
    steps.push({ kind: "sca", at: lastToBank.at, durationMs: null, result: "waiting" });
  }
  return steps
    .map((step, index) => ({ step, index }))
    .sort((a, b) => a.step.at.getTime() - b.step.at.getTime() || RANK[a.step.kind] - RANK[b.step.kind] || a.index - b.index)
    .map(({ step }) => step);
}

/** Whether a step went wrong: a call refused or unanswered, an SCA not approved, a failed or refused return. */
export function isFailedStep(step: FlowStep): boolean {
  switch (step.kind) {
    case "call":
      return step.status === null || step.status >= 400;
    case "to-bank":
      return false;
    case "sca":
      return step.result !== "approved" && step.result !== "waiting";
    case "callback":
    case "callback-answer":
      return step.result !== "success";
  }
}
