import { formatDuration } from "./describe-flow-step";
import { FLOW_KIND_LABELS, type FlowDiagram } from "./flow-queries";
import type { FlowKind } from "./flows-repository";

/** Everything a flow's page shows: the diagram, and what its header and details say of it. */
export interface FlowPageView {
  readonly diagram: FlowDiagram;
  /** "Payment", "Consent". */
  readonly kindLabel: string;
  /** How long it took: "ended after 1.2 s", or "last step after 300 ms" while it goes on; undefined before any step. */
  readonly elapsed: string | undefined;
  /** The app's page the flow is about, with its link's words; none for a payment the bank did not take. */
  readonly concerns: { readonly href: string; readonly label: string } | undefined;
  /** What the flow approved at the bank, by the bank's id. */
  readonly resource: { readonly term: string; readonly id: string } | undefined;
}

const CONCERNS: Readonly<Record<FlowKind, string>> = {
  payment: "Open the payment",
  basket: "Open the signing basket",
  consent: "Where it returned",
  identify: "Where it returned",
  refresh: "Open the overview",
};

/** A flow's page from its diagram. */
export function buildFlowPageView(diagram: FlowDiagram): FlowPageView {
  const { flow, steps } = diagram;
  const lastAt = flow.endedAt ?? steps.at(-1)?.at;
  // A payment the bank did not take has no page of its own.
  const concerns = flow.path !== null && !(flow.kind === "payment" && flow.path === "/payments/new") ? flow.path : undefined;
  return {
    diagram,
    kindLabel: FLOW_KIND_LABELS[flow.kind],
    elapsed:
      lastAt === undefined
        ? undefined
        : `${flow.endedAt === null ? "last step" : "ended"} after ${formatDuration(lastAt.getTime() - flow.startedAt.getTime())}`,
    concerns: concerns === undefined ? undefined : { href: concerns, label: CONCERNS[flow.kind] },
    resource:
      flow.resourceId === null
        ? undefined
        : { term: flow.kind === "basket" ? "The bank's basketId" : "The bank's paymentId", id: flow.resourceId },
  };
}
