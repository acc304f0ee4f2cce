import {
  abbreviatePath,
  describeFlowStep,
  formatDuration,
  formatOffset,
  type Lane,
  LANE_LABELS,
  pathAndQuery,
  statusText,
} from "./describe-flow-step";
import { type FlowStep, isFailedStep } from "./flow-steps";

/**
 * The geometry of a flow's sequence diagram, worked out from its steps without drawing anything:
 * three lifelines (the PSU's browser, the TPP, the bank), an arrow for each message (a bank call
 * and its reply, the redirects through the browser), a box on the bank's lifeline for the PSU's
 * time there, and beside each step its number and its time since the flow began.
 */

/** How a diagram is sized: its width, where the lifelines stand, its type. */
export interface SequenceDiagramSize {
  readonly width: number;
  readonly lanes: Readonly<Record<Lane, number>>;
  readonly fontSize: number;
  /** Line height of the labels. */
  readonly lineHeight: number;
  /** Width of a character of the monospace labels, in em. */
  readonly charWidth: number;
  readonly headerWidth: number;
  /** The lifelines' names on one line ("Browser (PSU)"), or two where they stand close. */
  readonly headerLines: 1 | 2;
  /**
   * Where the messages begin (right of the steps' numbers): each message has a row of its own, so
   * its label may reach beyond its arrow's ends, from here to the right edge.
   */
  readonly contentLeft: number;
  /** Labels wrap at this many characters at most (or where the row ends). */
  readonly maxLabelChars: number;
  /** Where a step's number stands (its circle's centre). */
  readonly markX: number;
  /** The time since the start: beside the number, or under it where the margin is narrow. */
  readonly offsetPlacement: "beside" | "below";
  readonly boxWidth: number;
}

/** For a desktop: labels on one line mostly. */
export const WIDE_DIAGRAM: SequenceDiagramSize = {
  width: 900,
  lanes: { browser: 180, tpp: 350, bank: 790 },
  fontSize: 12,
  lineHeight: 16,
  charWidth: 0.6,
  headerWidth: 150,
  headerLines: 1,
  contentLeft: 100,
  maxLabelChars: 80,
  markX: 18,
  offsetPlacement: "beside",
  boxWidth: 200,
};

/** For a phone's width: the same steps, labels wrapped. */
export const COMPACT_DIAGRAM: SequenceDiagramSize = {
  width: 380,
  lanes: { browser: 76, tpp: 180, bank: 318 },
  fontSize: 12,
  lineHeight: 15,
  charWidth: 0.6,
  headerWidth: 88,
  headerLines: 2,
  contentLeft: 46,
  maxLabelChars: 44,
  markX: 12,
  offsetPlacement: "below",
  boxWidth: 118,
};

export type ArrowTone = "call" | "reply" | "failure" | "browser";
export type BoxTone = "approved" | "failure" | "waiting";

export interface DiagramArrow {
  readonly kind: "arrow";
  /** The step's number (1-based), shared with the text alternative. */
  readonly step: number;
  readonly from: Lane;
  readonly to: Lane;
  readonly x1: number;
  readonly x2: number;
  readonly y: number;
  /** The label's lines, centred over the arrow; the first line's baseline at labelY. */
  readonly lines: readonly string[];
  readonly labelX: number;
  readonly labelY: number;
  /** A reply or a redirect: dashed. */
  readonly dashed: boolean;
  readonly tone: ArrowTone;
  /** A bank call's page in the request inspector. */
  readonly href: string | undefined;
  /** The message in full (a tooltip). */
  readonly title: string;
}

export interface DiagramBox {
  readonly kind: "box";
  readonly step: number;
  readonly lane: Lane;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly lines: readonly string[];
  readonly tone: BoxTone;
  readonly title: string;
}

/** A step's number and time since the flow began, in the margin. */
export interface DiagramMark {
  readonly step: number;
  readonly y: number;
  readonly offset: string;
  readonly failed: boolean;
}

export interface Lifeline {
  readonly lane: Lane;
  /** The name, in one or two lines. */
  readonly lines: readonly string[];
  readonly x: number;
}

export interface SequenceDiagramLayout {
  readonly size: SequenceDiagramSize;
  readonly width: number;
  readonly height: number;
  readonly headerY: number;
  readonly headerHeight: number;
  /** Where the lifelines end. */
  readonly bottom: number;
  readonly lifelines: readonly Lifeline[];
  readonly items: readonly (DiagramArrow | DiagramBox)[];
  readonly marks: readonly DiagramMark[];
}

const HEADER_Y = 8;
const LANE_SHORT_LABELS: Readonly<Record<Lane, readonly string[]>> = {
  browser: ["Browser", "(PSU)"],
  tpp: ["TPP", "(this app)"],
  bank: ["Bank"],
};
const LABEL_PADDING = 10;
const ROW_GAP = 14;

/**
 * Lines of at most `maxChars` characters, broken before `/`, `?` and `&`, after `-` and spaces;
 * a longer run is cut where it must.
 */
export function wrapLabel(text: string, maxChars: number): string[] {
  const max = Math.max(4, Math.floor(maxChars));
  const tokens = text.split(/(?=[/?&])|(?<=[- ])/).filter((token) => token !== "");
  const lines: string[] = [];
  let line = "";
  for (const token of tokens) {
    if (line.length + token.length <= max) {
      line += token;
      continue;
    }
    if (line.trim() !== "") lines.push(line.trimEnd());
    line = token.trimStart();
    while (line.length > max) {
      lines.push(line.slice(0, max));
      line = line.slice(max);
    }
  }
  if (line.trim() !== "") lines.push(line.trimEnd());
  return lines.length === 0 ? [""] : lines;
}

interface Message {
  readonly from: Lane;
  readonly to: Lane;
  readonly label: string;
  readonly dashed: boolean;
  readonly tone: ArrowTone;
  readonly href?: string;
  readonly title: string;
}

interface Box {
  readonly lines: readonly string[];
  readonly tone: BoxTone;
  readonly title: string;
}

/** The messages (or the box) a step draws. */
function partsOf(step: FlowStep): (Message | Box)[] {
  const failed = isFailedStep(step);
  const text = describeFlowStep(step);
  switch (step.kind) {
    case "call": {
      const href = `/inspector/${step.callId}`;
      const request = `${step.method} ${abbreviatePath(step.path)}${step.attempt > 1 ? " (again)" : ""}`;
      const reply = step.status === null ? "no reply" : statusText(step.status);
      return [
        {
          from: "tpp",
          to: "bank",
          label: request,
          dashed: false,
          tone: "call",
          href,
          title: `${step.method} ${step.path}: open it in the request inspector`,
        },
        {
          from: "bank",
          to: "tpp",
          label: `${reply} · ${formatDuration(step.durationMs)}`,
          dashed: true,
          tone: failed ? "failure" : "reply",
          href,
          title: text.summary,
        },
      ];
    }
    case "to-bank":
      return [
        {
          from: "tpp",
          to: "browser",
          label: `${step.status ?? "Redirect"} to the bank`,
          dashed: true,
          tone: "browser",
          title: text.summary,
        },
        {
          from: "browser",
          to: "bank",
          label: `GET ${step.url === null ? "scaRedirect" : abbreviatePath(pathAndQuery(step.url))}`,
          dashed: false,
          tone: "browser",
          title: step.url ?? text.summary,
        },
      ];
    case "sca": {
      const words: Readonly<Record<string, readonly string[]>> = {
        approved: ["PSU logs in", "and approves"],
        cancelled: ["PSU cancels"],
        expired: ["Approval expired"],
        waiting: ["PSU at the bank…"],
      };
      const lines =
        words[step.result] ?? (step.result.startsWith("failed: ") ? ["SCA failed", step.result.slice("failed: ".length)] : ["PSU returns"]);
      const tone: BoxTone = step.result === "waiting" ? "waiting" : failed ? "failure" : "approved";
      return [{ lines: [...lines, ...(step.durationMs === null ? [] : [formatDuration(step.durationMs)])], tone, title: text.summary }];
    }
    case "callback":
      return [
        {
          from: "bank",
          to: "browser",
          label: "Redirect to the app",
          dashed: true,
          tone: failed ? "failure" : "browser",
          title: text.summary,
        },
        {
          from: "browser",
          to: "tpp",
          label: `GET /callback (${step.result})`,
          dashed: false,
          tone: failed ? "failure" : "browser",
          title: step.url ?? text.summary,
        },
      ];
    case "callback-answer":
      return [
        {
          from: "tpp",
          to: "browser",
          label: `${step.status ?? "Redirect"} to ${step.location === null ? "the page" : abbreviatePath(step.location.split("?")[0] ?? step.location)}`,
          dashed: true,
          tone: failed ? "failure" : "browser",
          title: text.summary,
        },
      ];
  }
}

/** Lays the steps out as a sequence diagram of the given size. */
export function layoutSequenceDiagram(steps: readonly FlowStep[], size: SequenceDiagramSize = WIDE_DIAGRAM): SequenceDiagramLayout {
  const charPx = size.fontSize * size.charWidth;
  const start = steps[0]?.at.getTime() ?? 0;
  const items: (DiagramArrow | DiagramBox)[] = [];
  const marks: DiagramMark[] = [];
  const headerHeight = size.headerLines === 1 ? 32 : 40;
  let y = HEADER_Y + headerHeight + 18;

  steps.forEach((step, index) => {
    const number = index + 1;
    let markY: number | undefined;
    for (const part of partsOf(step)) {
      if ("from" in part) {
        const x1 = size.lanes[part.from];
        const x2 = size.lanes[part.to];
        const lines = wrapLabel(part.label, Math.min(size.maxLabelChars, (size.width - size.contentLeft - 2 * LABEL_PADDING) / charPx));
        const half = (Math.max(...lines.map((line) => line.length)) * charPx) / 2 + LABEL_PADDING;
        // Centred over the arrow, moved in where the row ends.
        const labelX = Math.min(Math.max((x1 + x2) / 2, size.contentLeft + half), size.width - half);
        const labelY = y + size.fontSize;
        const arrowY = y + lines.length * size.lineHeight + 4;
        items.push({
          kind: "arrow",
          step: number,
          from: part.from,
          to: part.to,
          x1,
          x2,
          y: arrowY,
          lines,
          labelX,
          labelY,
          dashed: part.dashed,
          tone: part.tone,
          href: part.href,
          title: part.title,
        });
        markY ??= arrowY;
        y = arrowY + ROW_GAP;
      } else {
        const lines = part.lines.flatMap((line) => wrapLabel(line, (size.boxWidth - 12) / charPx));
        const height = lines.length * size.lineHeight + 12;
        const x = Math.min(size.lanes.bank - size.boxWidth / 2, size.width - size.boxWidth - 2);
        items.push({
          kind: "box",
          step: number,
          lane: "bank",
          x,
          y,
          width: size.boxWidth,
          height,
          lines,
          tone: part.tone,
          title: part.title,
        });
        markY ??= y + height / 2;
        y += height + ROW_GAP;
      }
    }
    marks.push({ step: number, y: markY ?? y, offset: formatOffset(step.at.getTime() - start), failed: isFailedStep(step) });
  });

  const bottom = y + 6;
  return {
    size,
    width: size.width,
    height: bottom + 10,
    headerY: HEADER_Y,
    headerHeight,
    bottom,
    lifelines: (["browser", "tpp", "bank"] as const).map((lane) => ({
      lane,
      lines: size.headerLines === 1 ? [LANE_LABELS[lane]] : LANE_SHORT_LABELS[lane],
      x: size.lanes[lane],
    })),
    items,
    marks,
  };
}
