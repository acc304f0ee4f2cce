import { type FlowDiagram as FlowDiagramData, renderFlowSvgForPage } from "@/lib/tpp/flow-diagrams/flow-queries";

/** One size of the diagram: the image, and over it (same cell of a grid, same viewBox) the layer of its call links. */
function Drawing({ diagram, size, className }: { diagram: FlowDiagramData; size: "wide" | "compact"; className: string }) {
  // The markup is made by renderSequenceDiagramSvg and renderSequenceDiagramLinks, which escape every text they write.
  const { image, links, width } = renderFlowSvgForPage(diagram, size);
  return (
    <div className={className} data-size={size}>
      <div className="mx-auto grid" style={{ maxWidth: width }}>
        <div className="col-start-1 row-start-1" dangerouslySetInnerHTML={{ __html: image }} />
        <div className="col-start-1 row-start-1" data-links="" dangerouslySetInnerHTML={{ __html: links }} />
      </div>
    </div>
  );
}

/**
 * A flow's sequence diagram, drawn on the server as SVG: the desktop size from md up, the phone
 * size below it (the same steps, labels wrapped), each scaled to the width it is given. The SVG
 * is an image with its own title and description; FlowStepList is its text alternative, with the
 * same links into the request inspector as the call arrows.
 */
export function FlowDiagram({ diagram }: { diagram: FlowDiagramData }) {
  return (
    <div className="text-slate-900" data-testid="flow-diagram">
      <Drawing diagram={diagram} size="wide" className="hidden md:block" />
      <Drawing diagram={diagram} size="compact" className="md:hidden" />
    </div>
  );
}
