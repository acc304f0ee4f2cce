import type { FlowPageView } from "@/lib/tpp/flow-diagrams/flow-page-view";

/** What the flow's end said: how it completed, or why it did not. */
export function FlowOutcomeDetail({ view }: { view: FlowPageView }) {
  const { flow } = view.diagram;
  if (flow.detail === null) return null;
  return flow.outcome === "completed" ? (
    <p className="rounded-lg bg-slate-100 px-4 py-3 text-sm break-words text-slate-800">{flow.detail}.</p>
  ) : (
    <p className="rounded-lg bg-red-50 px-4 py-3 text-sm break-words text-red-900">
      <span className="font-semibold">Why: </span>
      {flow.detail}
    </p>
  );
}
