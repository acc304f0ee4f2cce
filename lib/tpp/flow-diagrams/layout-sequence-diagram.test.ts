/**
 * A flow's steps and their sequence diagram: the order of calls and browser legs, the arrows
 * between the three lifelines with their labels, failures in red, each bank call linked to its
 * page in the request inspector, and the SVG as an accessible image.
 */
import { describe, expect, it } from "vitest";
import { abbreviatePath, describeFlowStep, formatDuration, pathAndQuery } from "./describe-flow-step";
import { buildFlowSteps, type FlowStep } from "./flow-steps";
import type { FlowCall, FlowDetail, FlowLeg, FlowRecord } from "./flows-repository";
import {
  COMPACT_DIAGRAM,
  type DiagramArrow,
  type DiagramBox,
  layoutSequenceDiagram,
  WIDE_DIAGRAM,
  wrapLabel,
} from "./layout-sequence-diagram";
import { renderSequenceDiagramLinks, renderSequenceDiagramSvg } from "./render-sequence-diagram-svg";

const T0 = Date.UTC(2026, 2, 2, 10, 0, 0);
const at = (ms: number) => new Date(T0 + ms);
const PAYMENT_ID = "Xy7kQ2mN9pLr4TsVb8WcZa";
const BASE = `http://localhost:4000/v1/payments/norwegian-domestic-credit-transfers`;

function flow(overrides: Partial<FlowRecord> = {}): FlowRecord {
  return {
    id: "f-1",
    userId: "u",
    kind: "payment",
    resourceId: PAYMENT_ID,
    path: "/payments/p-1",
    startedAt: at(0),
    endedAt: at(9_000),
    outcome: "completed",
    detail: null,
    ...overrides,
  };
}

function call(id: number, ms: number, method: string, url: string, status: number | null, overrides: Partial<FlowCall> = {}): FlowCall {
  return {
    id,
    startedAt: at(ms),
    method,
    url,
    requestId: `r-${id}`,
    attempt: 1,
    status,
    durationMs: 40,
    error: status === null ? "ECONNRESET: socket hang up" : null,
    unattended: false,
    ...overrides,
  };
}

function leg(id: number, ms: number, kind: FlowLeg["kind"], fields: Partial<FlowLeg> = {}): FlowLeg {
  return { id, at: at(ms), kind, url: null, status: null, detail: null, durationMs: null, ...fields };
}

/** An approved domestic payment: initiation, authorisation, the bank, the callback and its status read. */
function approvedPayment(): FlowDetail {
  return {
    flow: flow(),
    // Stored in any order: the steps put them in time order.
    calls: [
      call(13, 8_120, "GET", `${BASE}/${PAYMENT_ID}/status`, 200),
      call(11, 5, "POST", BASE, 201),
      call(12, 80, "POST", `${BASE}/${PAYMENT_ID}/authorisations`, 201),
    ],
    legs: [
      leg(1, 130, "to-bank", { url: `http://localhost:4000/sca/Qw3rTy7uIo9pAs1dFg5hJk?token=…`, status: 303 }),
      leg(2, 130, "sca", { detail: "approved", durationMs: 7_980 }),
      leg(3, 8_110, "from-bank", {
        url: "/callback?flow=f-1&psu-id=p&tpp-session-id=s&context=PRIVATE",
        status: 303,
        detail: "success → /payments/p-1",
        durationMs: 60,
      }),
    ],
  };
}

const arrows = (items: readonly (DiagramArrow | DiagramBox)[]) => items.filter((item): item is DiagramArrow => item.kind === "arrow");
const boxes = (items: readonly (DiagramArrow | DiagramBox)[]) => items.filter((item): item is DiagramBox => item.kind === "box");

describe("buildFlowSteps", () => {
  it("orders calls and legs in time: the return before the calls it makes, the answer after them", () => {
    const steps = buildFlowSteps(approvedPayment());
    expect(steps.map((step) => (step.kind === "call" ? `call ${step.callId}` : step.kind))).toEqual([
      "call 11",
      "call 12",
      "to-bank",
      "sca",
      "callback",
      "call 13",
      "callback-answer",
    ]);
    expect(steps.at(-1)).toMatchObject({
      kind: "callback-answer",
      at: at(8_170),
      status: 303,
      location: "/payments/p-1",
      result: "success",
    });
    expect(steps[0]).toMatchObject({
      kind: "call",
      path: "/v1/payments/norwegian-domestic-credit-transfers",
      status: 201,
      requestId: "r-11",
    });
  });

  it("shows the PSU still at the bank while the flow waits", () => {
    const steps = buildFlowSteps({
      flow: flow({ outcome: "waiting", endedAt: null }),
      calls: [call(1, 0, "POST", "http://b/v1/consents", 201)],
      legs: [leg(1, 50, "to-bank", { status: 307 })],
    });
    expect(steps.at(-1)).toEqual({ kind: "sca", at: at(50), durationMs: null, result: "waiting" });
  });
});

describe("layoutSequenceDiagram", () => {
  it("draws three lifelines and, for each bank call, a request and a reply linked to the inspector", () => {
    const layout = layoutSequenceDiagram(buildFlowSteps(approvedPayment()), WIDE_DIAGRAM);
    expect(layout.lifelines.map((line) => [line.lane, line.lines.join(" ")])).toEqual([
      ["browser", "Browser (PSU)"],
      ["tpp", "TPP (this app)"],
      ["bank", "Bank"],
    ]);
    const drawn = arrows(layout.items);
    expect(drawn.map((arrow) => [arrow.step, arrow.from, arrow.to, arrow.lines.join(""), arrow.dashed, arrow.tone, arrow.href])).toEqual([
      [1, "tpp", "bank", "POST /v1/payments/norwegian-domestic-credit-transfers", false, "call", "/inspector/11"],
      [1, "bank", "tpp", "201 Created · 40 ms", true, "reply", "/inspector/11"],
      [2, "tpp", "bank", "POST /v1/payments/norwegian-domestic-credit-transfers/Xy7kQ2…/authorisations", false, "call", "/inspector/12"],
      [2, "bank", "tpp", "201 Created · 40 ms", true, "reply", "/inspector/12"],
      [3, "tpp", "browser", "303 to the bank", true, "browser", undefined],
      [3, "browser", "bank", "GET /sca/Qw3rTy…?token=…", false, "browser", undefined],
      [5, "bank", "browser", "Redirect to the app", true, "browser", undefined],
      [5, "browser", "tpp", "GET /callback (success)", false, "browser", undefined],
      [6, "tpp", "bank", "GET /v1/payments/norwegian-domestic-credit-transfers/Xy7kQ2…/status", false, "call", "/inspector/13"],
      [6, "bank", "tpp", "200 OK · 40 ms", true, "reply", "/inspector/13"],
      [7, "tpp", "browser", "303 to /payments/p-1", true, "browser", undefined],
    ]);
    // Arrows go from lifeline to lifeline, each below the one before.
    for (const arrow of drawn) {
      expect(arrow.x1).toBe(WIDE_DIAGRAM.lanes[arrow.from]);
      expect(arrow.x2).toBe(WIDE_DIAGRAM.lanes[arrow.to]);
    }
    const ys = layout.items.map((item) => item.y);
    expect(ys).toEqual([...ys].sort((a, b) => a - b));
    expect(layout.height).toBeGreaterThan(Math.max(...ys));
    expect(boxes(layout.items)).toEqual([
      expect.objectContaining({ step: 4, lane: "bank", lines: ["PSU logs in", "and approves", "8.0 s"], tone: "approved" }),
    ]);
    expect(layout.marks.map((mark) => [mark.step, mark.offset, mark.failed])).toEqual([
      [1, "+0 ms", false],
      [2, "+75 ms", false],
      [3, "+125 ms", false],
      [4, "+125 ms", false],
      [5, "+8.1 s", false],
      [6, "+8.1 s", false],
      [7, "+8.2 s", false],
    ]);
  });

  it("colours failures red: a refused call, a call without reply, a cancelled approval and its return", () => {
    const detail: FlowDetail = {
      flow: flow({ outcome: "failed" }),
      calls: [
        call(21, 0, "POST", BASE, 201),
        call(22, 50, "GET", `${BASE}/${PAYMENT_ID}/status`, 404),
        call(23, 60, "GET", `${BASE}/${PAYMENT_ID}/status`, null, { attempt: 2 }),
      ],
      legs: [
        leg(1, 100, "to-bank", { url: "http://localhost:4000/sca/x?token=…", status: 303 }),
        leg(2, 100, "sca", { detail: "cancelled", durationMs: 3_000 }),
        leg(3, 3_100, "from-bank", {
          url: "/callback?flow=f-1&status=401&code=SCA_INVALID",
          status: 303,
          detail: "failure → /payments/p-1?scaFailed=1&status=401&code=SCA_INVALID",
          durationMs: 20,
        }),
      ],
    };
    const layout = layoutSequenceDiagram(buildFlowSteps(detail), WIDE_DIAGRAM);
    const drawn = arrows(layout.items);
    expect(drawn.filter((arrow) => arrow.tone === "failure").map((arrow) => arrow.lines.join(""))).toEqual([
      "404 Not Found · 40 ms",
      "no reply · 40 ms",
      "Redirect to the app",
      "GET /callback (failure)",
      "303 to /payments/p-1",
    ]);
    expect(drawn.find((arrow) => arrow.href === "/inspector/23" && arrow.tone === "call")?.lines.join("")).toBe(
      `GET /v1/payments/norwegian-domestic-credit-transfers/Xy7kQ2…/status (again)`,
    );
    expect(boxes(layout.items)).toEqual([expect.objectContaining({ lines: ["PSU cancels", "3.0 s"], tone: "failure" })]);
    expect(layout.marks.filter((mark) => mark.failed).map((mark) => mark.step)).toEqual([2, 3, 5, 6, 7]);
  });

  it("wraps labels to a phone's width, each within the diagram", () => {
    const layout = layoutSequenceDiagram(buildFlowSteps(approvedPayment()), COMPACT_DIAGRAM);
    const charPx = COMPACT_DIAGRAM.fontSize * COMPACT_DIAGRAM.charWidth;
    for (const arrow of arrows(layout.items)) {
      for (const line of arrow.lines) {
        expect(line.length).toBeLessThanOrEqual(COMPACT_DIAGRAM.maxLabelChars);
        expect(arrow.labelX - (line.length * charPx) / 2).toBeGreaterThanOrEqual(COMPACT_DIAGRAM.contentLeft);
        expect(arrow.labelX + (line.length * charPx) / 2).toBeLessThanOrEqual(COMPACT_DIAGRAM.width);
      }
    }
    expect(arrows(layout.items)[2]?.lines).toEqual(["POST /v1/payments/norwegian-domestic-", "credit-transfers/Xy7kQ2…/authorisations"]);
    expect(layout.lifelines.map((line) => line.lines)).toEqual([["Browser", "(PSU)"], ["TPP", "(this app)"], ["Bank"]]);
    for (const box of boxes(layout.items)) expect(box.x + box.width).toBeLessThanOrEqual(COMPACT_DIAGRAM.width);
  });

  it("draws an empty diagram for a flow without steps", () => {
    const layout = layoutSequenceDiagram([], WIDE_DIAGRAM);
    expect(layout.items).toEqual([]);
    expect(layout.lifelines).toHaveLength(3);
    expect(layout.height).toBeGreaterThan(layout.headerY + layout.headerHeight);
  });
});

describe("the labels", () => {
  it("wraps before / ? & and after - and spaces, and cuts a longer run", () => {
    expect(wrapLabel("GET /v1/accounts?withBalance=true&x=1", 20)).toEqual(["GET /v1/accounts", "?withBalance=true", "&x=1"]);
    expect(wrapLabel("POST /v1/payments/norwegian-domestic-credit-transfers", 30)).toEqual([
      "POST /v1/payments/norwegian-",
      "domestic-credit-transfers",
    ]);
    expect(wrapLabel("abcdefghijklmnopqrstuvwxyz", 10)).toEqual(["abcdefghij", "klmnopqrst", "uvwxyz"]);
    expect(wrapLabel("", 10)).toEqual([""]);
  });

  it("shortens long identifiers of a path, not the words", () => {
    expect(abbreviatePath(`/v1/payments/norwegian-domestic-credit-transfers/${PAYMENT_ID}/status`)).toBe(
      "/v1/payments/norwegian-domestic-credit-transfers/Xy7kQ2…/status",
    );
    expect(abbreviatePath("/v1/accounts/abc/transactions?bookingStatus=booked&pageToken=eyJ0aGlzIjoiYSB0b2tlbiJ9")).toBe(
      "/v1/accounts/abc/transactions?bookingStatus=booked&pageToken=eyJ0aG…",
    );
    expect(pathAndQuery("http://localhost:4000/sca/x?token=…")).toBe("/sca/x?token=…");
    expect(pathAndQuery("/callback?flow=x")).toBe("/callback?flow=x");
  });

  it("formats durations as people read them", () => {
    expect([0, 48, 999, 1_000, 7_980, 59_999, 60_000, 125_000].map(formatDuration)).toEqual([
      "0 ms",
      "48 ms",
      "999 ms",
      "1.0 s",
      "8.0 s",
      "60.0 s",
      "1 min",
      "2 min 5 s",
    ]);
  });

  it("tells each step in words, with the inspector's link for a call", () => {
    const steps: FlowStep[] = buildFlowSteps(approvedPayment());
    expect(steps.map((step) => describeFlowStep(step).summary)).toEqual([
      "POST /v1/payments/norwegian-domestic-credit-transfers: 201 Created in 40 ms",
      `POST /v1/payments/norwegian-domestic-credit-transfers/${PAYMENT_ID}/authorisations: 201 Created in 40 ms`,
      "303 See Other: the app sends the browser to the bank's SCA page",
      "The PSU logs in and approves (8.0 s at the bank)",
      "The bank sends the browser back to the app: GET /callback, approved",
      `GET /v1/payments/norwegian-domestic-credit-transfers/${PAYMENT_ID}/status: 200 OK in 40 ms`,
      "303 See Other: the app sends the browser on to /payments/p-1",
    ]);
    expect(describeFlowStep(steps[0] as FlowStep)).toMatchObject({
      from: "tpp",
      to: "bank",
      href: "/inspector/11",
      details: ["X-Request-ID r-11"],
      failed: false,
    });
    expect(describeFlowStep(steps[2] as FlowStep).details).toEqual(["http://localhost:4000/sca/Qw3rTy7uIo9pAs1dFg5hJk?token=…"]);
  });
});

describe("renderSequenceDiagramSvg", () => {
  it("is an image with a title and description, failures red; a layer over it links each call arrow into the inspector", () => {
    const detail = approvedPayment();
    const failed = { ...detail, calls: [...detail.calls, call(14, 8_140, "GET", `${BASE}/${PAYMENT_ID}`, 500)] };
    const layout = layoutSequenceDiagram(buildFlowSteps(failed), WIDE_DIAGRAM);
    const svg = renderSequenceDiagramSvg(layout, { idPrefix: "flow-1", title: "Payment <flow>", description: "Steps & more" });
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 900 \d+" width="900" height="\d+" style="width:100%;height:auto;max-width:900px" role="img" aria-labelledby="flow-1-title flow-1-desc"/,
    );
    expect(svg).toContain('<title id="flow-1-title">Payment &lt;flow&gt;</title><desc id="flow-1-desc">Steps &amp; more</desc>');
    // An image holds no links (assistive technology would not reach them): the layer over it does.
    expect(svg).not.toContain("<a ");
    const links = renderSequenceDiagramLinks(layout);
    expect(links).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 900 (\d+)" width="900" height="\1" style="width:100%;height:auto;max-width:900px" aria-hidden="true" focusable="false" pointer-events="none">/,
    );
    expect(links.slice(0, 200)).toContain(`viewBox="0 0 900 ${layout.height}"`);
    for (const id of [11, 12, 13, 14])
      expect(
        links.match(
          new RegExp(
            `<a href="/inspector/${id}" tabindex="-1"><title>[^<]+</title><rect [^>]*fill-opacity="0" pointer-events="all"/></a>`,
            "g",
          ),
        ),
      ).toHaveLength(2);
    expect(links.match(/<a /g)).toHaveLength(8);
    expect(svg).toContain(">500 Internal Server Error · 40 ms</tspan>");
    expect(svg).toMatch(
      /stroke="#dc2626"[^>]*\/><polygon points="[^"]+" fill="#dc2626"\/><text[^>]*fill="#b91c1c"[^>]*><tspan[^>]*>500 Internal Server Error/,
    );
    for (const lane of ["Browser (PSU)", "TPP (this app)", "Bank"]) expect(svg).toContain(`>${lane}</tspan>`);
    expect(svg).not.toContain("xlink");
  });

  it("stands alone as a file: XML declaration, xlink for older tools, no page styles", () => {
    const svg = renderSequenceDiagramSvg(layoutSequenceDiagram(buildFlowSteps(approvedPayment()), WIDE_DIAGRAM), {
      idPrefix: "f",
      title: "t",
      description: "d",
      standalone: true,
    });
    expect(
      svg.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"',
      ),
    ).toBe(true);
    expect(svg.match(/<a href="\/inspector\/11" xlink:href="\/inspector\/11">/g)).toHaveLength(2);
    expect(svg).not.toContain("style=");
    expect(svg).not.toContain("class=");
  });
});
