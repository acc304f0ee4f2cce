import { escapeMarkup } from "../../psd2/markup/escape-markup";
import type { ArrowTone, BoxTone, DiagramArrow, DiagramBox, SequenceDiagramLayout } from "./layout-sequence-diagram";

/**
 * A sequence diagram's layout drawn as SVG markup: every colour and font inline (presentation
 * attributes), so that the same markup is the page's diagram and a standalone file for slides.
 * The SVG is an image (role="img", its title and description). Its bank call arrows link into the
 * request inspector: in a file, as links inside the image; on a page, through a transparent layer
 * of links over it (an image holds no links for assistive technology), hidden from screen readers
 * and out of the tab order, as the list of steps beside it carries the same links for them.
 */

export interface SequenceDiagramSvgOptions {
  /** Makes the ids of the title and description unique on a page with more than one diagram. */
  readonly idPrefix: string;
  readonly title: string;
  readonly description: string;
  /** A file of its own: the XML declaration, the call arrows' links inside (href and xlink:href). */
  readonly standalone?: boolean;
}

const SANS = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const MONO = "ui-monospace, SFMono-Regular, Menlo, Consolas, 'DejaVu Sans Mono', 'Liberation Mono', monospace";

const ARROW_COLOURS: Readonly<Record<ArrowTone, { readonly stroke: string; readonly text: string }>> = {
  call: { stroke: "#334155", text: "#0f172a" },
  reply: { stroke: "#64748b", text: "#334155" },
  failure: { stroke: "#dc2626", text: "#b91c1c" },
  browser: { stroke: "#1d4ed8", text: "#1e40af" },
};

const BOX_COLOURS: Readonly<Record<BoxTone, { readonly fill: string; readonly stroke: string; readonly text: string }>> = {
  approved: { fill: "#ecfdf5", stroke: "#10b981", text: "#065f46" },
  failure: { fill: "#fef2f2", stroke: "#ef4444", text: "#991b1b" },
  waiting: { fill: "#fffbeb", stroke: "#f59e0b", text: "#92400e" },
};

const HEAD_LENGTH = 9;
const HEAD_HALF_WIDTH = 4.5;

function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function textLines(lines: readonly string[], x: number, y: number, lineHeight: number): string {
  return lines
    .map((line, index) => `<tspan x="${n(x)}"${index === 0 ? ` y="${n(y)}"` : ` dy="${n(lineHeight)}"`}>${escapeMarkup(line)}</tspan>`)
    .join("");
}

function drawArrow(arrow: DiagramArrow, layout: SequenceDiagramLayout, standalone: boolean): string {
  const { fontSize, lineHeight } = layout.size;
  const colours = ARROW_COLOURS[arrow.tone];
  const direction = arrow.x2 > arrow.x1 ? 1 : -1;
  const lineEnd = arrow.x2 - direction * HEAD_LENGTH;
  const head = [
    [arrow.x2, arrow.y],
    [lineEnd, arrow.y - HEAD_HALF_WIDTH],
    [lineEnd, arrow.y + HEAD_HALF_WIDTH],
  ]
    .map(([x = 0, y = 0]) => `${n(x)},${n(y)}`)
    .join(" ");
  const shapes = [
    `<line x1="${n(arrow.x1)}" y1="${n(arrow.y)}" x2="${n(lineEnd)}" y2="${n(arrow.y)}" stroke="${colours.stroke}" stroke-width="1.5"${arrow.dashed ? ' stroke-dasharray="6 4"' : ""}/>`,
    `<polygon points="${head}" fill="${colours.stroke}"/>`,
    `<text x="${n(arrow.labelX)}" y="${n(arrow.labelY)}" text-anchor="middle" font-family="${MONO}" font-size="${fontSize}" fill="${colours.text}" stroke="#ffffff" stroke-width="4" stroke-linejoin="round" paint-order="stroke">${textLines(arrow.lines, arrow.labelX, arrow.labelY, lineHeight)}</text>`,
  ].join("");
  if (arrow.href === undefined || !standalone) return `<g><title>${escapeMarkup(arrow.title)}</title>${shapes}</g>`;
  const href = escapeMarkup(arrow.href);
  return `<a href="${href}" xlink:href="${href}"><title>${escapeMarkup(arrow.title)}</title>${linkTarget(arrow, layout)}${shapes}</a>`;
}

/** A transparent target over a message's label and arrow: the whole message is the link. */
function linkTarget(arrow: DiagramArrow, layout: SequenceDiagramLayout): string {
  const charPx = layout.size.fontSize * layout.size.charWidth;
  const half = (Math.max(...arrow.lines.map((line) => line.length)) * charPx) / 2;
  const left = Math.min(arrow.x1, arrow.x2, arrow.labelX - half);
  const right = Math.max(arrow.x1, arrow.x2, arrow.labelX + half);
  const top = arrow.labelY - layout.size.fontSize - 2;
  return `<rect x="${n(left)}" y="${n(top)}" width="${n(right - left)}" height="${n(arrow.y - top + 6)}" fill="#ffffff" fill-opacity="0" pointer-events="all"/>`;
}

/**
 * The page's layer of links over the diagram (same viewBox, laid over it): a transparent target
 * per bank call arrow, linking to its page in the request inspector. Hidden from screen readers
 * and out of the tab order; pointer events pass through everywhere else (the image's tooltips).
 */
export function renderSequenceDiagramLinks(layout: SequenceDiagramLayout): string {
  const targets = layout.items
    .filter((item): item is DiagramArrow => item.kind === "arrow" && item.href !== undefined)
    .map(
      (arrow) =>
        `<a href="${escapeMarkup(arrow.href ?? "")}" tabindex="-1"><title>${escapeMarkup(arrow.title)}</title>${linkTarget(arrow, layout)}</a>`,
    );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n(layout.width)} ${n(layout.height)}" width="${n(layout.width)}" height="${n(layout.height)}" style="width:100%;height:auto;max-width:${n(layout.width)}px" aria-hidden="true" focusable="false" pointer-events="none">`,
    ...targets,
    "</svg>",
  ].join("");
}

function drawBox(box: DiagramBox, layout: SequenceDiagramLayout): string {
  const { fontSize, lineHeight } = layout.size;
  const colours = BOX_COLOURS[box.tone];
  const x = box.x + box.width / 2;
  return [
    `<g><title>${escapeMarkup(box.title)}</title>`,
    `<rect x="${n(box.x)}" y="${n(box.y)}" width="${n(box.width)}" height="${n(box.height)}" rx="6" fill="${colours.fill}" stroke="${colours.stroke}" stroke-width="1.5"${box.tone === "waiting" ? ' stroke-dasharray="5 3"' : ""}/>`,
    `<text x="${n(x)}" y="${n(box.y + 6 + fontSize)}" text-anchor="middle" font-family="${SANS}" font-size="${fontSize}" font-weight="600" fill="${colours.text}">${textLines(box.lines, x, box.y + 6 + fontSize, lineHeight)}</text>`,
    "</g>",
  ].join("");
}

/** The layout as SVG markup. */
export function renderSequenceDiagramSvg(layout: SequenceDiagramLayout, options: SequenceDiagramSvgOptions): string {
  const { size } = layout;
  const standalone = options.standalone === true;
  const titleId = `${options.idPrefix}-title`;
  const descId = `${options.idPrefix}-desc`;
  const headerBottom = layout.headerY + layout.headerHeight;
  // The names' lines centred in their boxes.
  const firstBaseline = (lines: number) =>
    layout.headerY + layout.headerHeight / 2 - ((lines - 1) * size.lineHeight) / 2 + (size.fontSize + 1) * 0.35;
  const parts: string[] = [];
  if (standalone) parts.push('<?xml version="1.0" encoding="UTF-8"?>\n');
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg"${standalone ? ' xmlns:xlink="http://www.w3.org/1999/xlink"' : ""} viewBox="0 0 ${n(layout.width)} ${n(layout.height)}" width="${n(layout.width)}" height="${n(layout.height)}"${standalone ? "" : ` style="width:100%;height:auto;max-width:${n(layout.width)}px"`} role="img" aria-labelledby="${titleId} ${descId}" font-family="${SANS}">`,
    `<title id="${titleId}">${escapeMarkup(options.title)}</title>`,
    `<desc id="${descId}">${escapeMarkup(options.description)}</desc>`,
    `<rect width="${n(layout.width)}" height="${n(layout.height)}" fill="#ffffff"/>`,
  );
  for (const lifeline of layout.lifelines) {
    parts.push(
      `<line x1="${n(lifeline.x)}" y1="${n(headerBottom)}" x2="${n(lifeline.x)}" y2="${n(layout.bottom)}" stroke="#cbd5e1" stroke-width="1.5" stroke-dasharray="4 4"/>`,
      `<rect x="${n(lifeline.x - size.headerWidth / 2)}" y="${n(layout.headerY)}" width="${n(size.headerWidth)}" height="${n(layout.headerHeight)}" rx="8" fill="#f1f5f9" stroke="#94a3b8"/>`,
      `<text x="${n(lifeline.x)}" y="${n(firstBaseline(lifeline.lines.length))}" text-anchor="middle" font-size="${size.fontSize + 1}" font-weight="700" fill="#0f172a">${textLines(lifeline.lines, lifeline.x, firstBaseline(lifeline.lines.length), size.lineHeight)}</text>`,
    );
  }
  for (const mark of layout.marks) {
    const stroke = mark.failed ? "#dc2626" : "#94a3b8";
    const offsetX = size.offsetPlacement === "beside" ? size.markX + 14 : 2;
    const offsetY = size.offsetPlacement === "beside" ? mark.y + 3.5 : mark.y + 20;
    parts.push(
      `<circle cx="${n(size.markX)}" cy="${n(mark.y)}" r="9" fill="${mark.failed ? "#fef2f2" : "#f8fafc"}" stroke="${stroke}"/>`,
      `<text x="${n(size.markX)}" y="${n(mark.y + 3.5)}" text-anchor="middle" font-size="10" font-weight="700" fill="${mark.failed ? "#b91c1c" : "#334155"}">${mark.step}</text>`,
      `<text x="${n(offsetX)}" y="${n(offsetY)}" font-size="10" fill="#64748b">${escapeMarkup(mark.offset)}</text>`,
    );
  }
  for (const item of layout.items) parts.push(item.kind === "arrow" ? drawArrow(item, layout, standalone) : drawBox(item, layout));
  parts.push("</svg>");
  return parts.join("");
}
