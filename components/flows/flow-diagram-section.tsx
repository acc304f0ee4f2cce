import { FlowDiagram } from "@/components/flow-diagram";
import type { FlowPageView } from "@/lib/tpp/flow-diagrams/flow-page-view";
import { FlowLegend } from "./flow-legend";

/** The flow's sequence diagram with its legend, or a word that no step was recorded yet. */
export function FlowDiagramSection({ view }: { view: FlowPageView }) {
  return (
    <section aria-labelledby="diagram-heading" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
        <h2 id="diagram-heading" className="text-base font-semibold text-slate-900">
          Sequence diagram
        </h2>
        <p className="mt-0.5 text-sm text-slate-500">
          The PSU&apos;s browser, this app and the bank, top to bottom in time. Click a call to the bank to open it in the request
          inspector.
        </p>
      </div>
      <div className="px-1.5 py-4 sm:px-6">
        {view.diagram.steps.length === 0 ? (
          <p className="px-3 text-sm text-slate-600">No step was recorded for this flow yet.</p>
        ) : (
          <FlowDiagram diagram={view.diagram} />
        )}
        <div className="px-3 sm:px-0">
          <FlowLegend />
        </div>
      </div>
    </section>
  );
}
