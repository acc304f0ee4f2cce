import { getCurrentUser } from "@/lib/tpp/auth/get-current-user";
import { getFlowDiagram, isFlowId, renderFlowSvgFile } from "@/lib/tpp/flow-diagrams/flow-queries";
import { getRecordRetention } from "@/lib/tpp/retention/record-retention";

type Params = Promise<{ id: string }>;

function notFound(): Response {
  const { period } = getRecordRetention();
  return new Response(`There is no such flow: flows are kept for ${period} from their start, then deleted.\n`, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}

/**
 * GET /flows/{id}/diagram.svg: the flow's sequence diagram as a standalone SVG file (inline
 * styles, for slides), downloaded. The user's own flows only: any other id is 404.
 */
export async function GET(_request: Request, { params }: { params: Params }): Promise<Response> {
  const { id } = await params;
  if (!isFlowId(id)) return notFound();
  const user = await getCurrentUser();
  if (user === undefined) return notFound();
  const diagram = await getFlowDiagram(user.id, id);
  if (diagram === undefined) return notFound();
  return new Response(renderFlowSvgFile(diagram), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="${diagram.flow.kind}-flow-${id.slice(0, 8)}.svg"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      // The file has no script and loads nothing: opened on its own, it may not either.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
