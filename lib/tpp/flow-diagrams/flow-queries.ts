import "server-only";
import { z } from "zod";
import { isAppId } from "../app-id";
import { getTppRuntime } from "../runtime";
import { buildFlowSteps, type FlowStep } from "./flow-steps";
import type { FlowCursor, FlowKind, FlowPage, FlowRecord } from "./flows-repository";
import { COMPACT_DIAGRAM, layoutSequenceDiagram, type SequenceDiagramSize, WIDE_DIAGRAM } from "./layout-sequence-diagram";
import { renderSequenceDiagramLinks, renderSequenceDiagramSvg } from "./render-sequence-diagram-svg";

/** A flow id as the app makes them (randomUUID): anything else is no flow, never looked up. */
export function isFlowId(value: string): boolean {
  return isAppId(value);
}

/** What a flow is, in words: "Payment", "Consent". */
export const FLOW_KIND_LABELS: Readonly<Record<FlowKind, string>> = {
  consent: "Consent",
  identify: "Identification",
  payment: "Payment",
  basket: "Signing basket",
  refresh: "Read without the PSU",
};

/** A label inside a sentence: its first letter in lower case ("Read without the PSU" → "read without the PSU"). */
function inSentence(label: string): string {
  return `${label.charAt(0).toLowerCase()}${label.slice(1)}`;
}

/** A flow ready for its page: the flow, its steps, and how many bank calls it made. */
export interface FlowDiagram {
  readonly flow: FlowRecord;
  readonly steps: readonly FlowStep[];
  readonly callCount: number;
}

/** The user's flow with its steps; undefined when the id is not a flow id, unknown, or another user's. */
export async function getFlowDiagram(userId: string, flowId: string): Promise<FlowDiagram | undefined> {
  if (!isFlowId(flowId)) return undefined;
  const { flows } = await getTppRuntime();
  const detail = await flows.get(userId, flowId);
  if (detail === undefined) return undefined;
  return { flow: detail.flow, steps: buildFlowSteps(detail), callCount: detail.calls.length };
}

// "<milliseconds>.<flow id>": the (startedAt, id) of the last flow of a page.
const cursorSchema = z
  .string()
  .regex(/^\d{1,15}\.[0-9a-f-]{36}$/)
  .transform((value) => {
    const [ms = "", id = ""] = value.split(".");
    return { startedAt: new Date(Number(ms)), id };
  })
  .refine((cursor) => isFlowId(cursor.id));

/** A page's `before` parameter as a cursor; anything malformed is the first page. */
export function parseFlowCursor(value: string | string[] | undefined): FlowCursor | undefined {
  const parsed = cursorSchema.safeParse(Array.isArray(value) ? value[0] : value);
  return parsed.success ? parsed.data : undefined;
}

export function formatFlowCursor(cursor: FlowCursor): string {
  return `${cursor.startedAt.getTime()}.${cursor.id}`;
}

/** A page of the user's flows, newest first. */
export async function listFlows(userId: string, before: FlowCursor | undefined): Promise<FlowPage> {
  const { flows } = await getTppRuntime();
  return flows.list(userId, before === undefined ? {} : { before });
}

/** The user's flow; undefined when the id is not a flow id, unknown, or another user's. */
export async function findFlow(userId: string, flowId: string): Promise<FlowRecord | undefined> {
  if (!isFlowId(flowId)) return undefined;
  const { flows } = await getTppRuntime();
  return flows.find(userId, flowId);
}

/** The user's latest flow about a payment (its bank paymentId) or a basket (its basketId). */
export async function findLatestFlowOf(userId: string, kind: "payment" | "basket", resourceId: string): Promise<FlowRecord | undefined> {
  const { flows } = await getTppRuntime();
  return flows.latestFor(userId, kind, resourceId);
}

/** The diagram's title and description (the SVG's own, for screen readers and in the file). */
export function diagramTexts(diagram: FlowDiagram): { title: string; description: string } {
  const steps = diagram.steps.length;
  return {
    title: `Sequence diagram of a ${inSentence(FLOW_KIND_LABELS[diagram.flow.kind])} flow`,
    description: `${steps} step${steps === 1 ? "" : "s"} between the PSU's browser, this app (the TPP) and the bank, ${diagram.callCount} of them signed calls to the bank. Each step is listed in words beside the diagram.`,
  };
}

const SIZES: Readonly<Record<"wide" | "compact", SequenceDiagramSize>> = { wide: WIDE_DIAGRAM, compact: COMPACT_DIAGRAM };

/** The diagram as a standalone SVG file (the desktop size, its call arrows links inside). */
export function renderFlowSvgFile(diagram: FlowDiagram): string {
  return renderSequenceDiagramSvg(layoutSequenceDiagram(diagram.steps, WIDE_DIAGRAM), {
    idPrefix: "flow",
    ...diagramTexts(diagram),
    standalone: true,
  });
}

/** The diagram for a page, in the desktop or phone size: the image, and the layer of its call links to lay over it. */
export function renderFlowSvgForPage(diagram: FlowDiagram, size: "wide" | "compact"): { image: string; links: string; width: number } {
  const layout = layoutSequenceDiagram(diagram.steps, SIZES[size]);
  return {
    image: renderSequenceDiagramSvg(layout, { idPrefix: `flow-${size}`, ...diagramTexts(diagram) }),
    links: renderSequenceDiagramLinks(layout),
    width: layout.width,
  };
}
