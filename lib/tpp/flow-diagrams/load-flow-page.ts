import "server-only";
import { requireCurrentUser } from "../auth/get-current-user";
import { type FlowPageView, buildFlowPageView } from "./flow-page-view";
import { getFlowDiagram, isFlowId } from "./flow-queries";

/** A flow's page: the user's flow with its steps; undefined when the id is not a flow id, unknown, or another user's. */
export async function loadFlowPage(id: string): Promise<FlowPageView | undefined> {
  if (!isFlowId(id)) return undefined;
  const user = await requireCurrentUser(`/flows/${id}`);
  const diagram = await getFlowDiagram(user.id, id);
  return diagram === undefined ? undefined : buildFlowPageView(diagram);
}
