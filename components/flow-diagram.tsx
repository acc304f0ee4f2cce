import { type FlowDiagram as FlowDiagramData, renderFlowSvg } from "@/lib/tpp/flow-diagrams/flow-queries";

/**
 * A flow's sequence diagram, drawn on the server as SVG: the desktop size from md up, the phone
 * size below it (the same steps, labels wrapped), each scaled to the width it is given. The SVG
 * is an image with its own title and description; FlowStepList is its text alternative.
 */
export function FlowDiagram({ diagram }: { diagram: FlowDiagramData }) {
  // The markup is made by renderSequenceDiagramSvg, which escapes every text it writes.
  return (
    <div className="text-slate-900" data-testid="flow-diagram">
      <div className="hidden md:block" data-size="wide" dangerouslySetInnerHTML={{ __html: renderFlowSvg(diagram, { size: "wide" }) }} />
      <div className="md:hidden" data-size="compact" dangerouslySetInnerHTML={{ __html: renderFlowSvg(diagram, { size: "compact" }) }} />
    </div>
  );
}
