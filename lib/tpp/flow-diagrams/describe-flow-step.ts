import { type FlowStep, isFailedStep } from "./flow-steps";

/** The diagram's three lifelines. */
export type Lane = "browser" | "tpp" | "bank";

export const LANE_LABELS: Readonly<Record<Lane, string>> = { browser: "Browser (PSU)", tpp: "TPP (this app)", bank: "Bank" };

const REASONS: Readonly<Record<number, string>> = {
  200: "OK",
  201: "Created",
  202: "Accepted",
  204: "No Content",
  302: "Found",
  303: "See Other",
  307: "Temporary Redirect",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  409: "Conflict",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** `201 Created`; the bare number for a status without a common reason phrase. */
export function statusText(status: number): string {
  const reason = REASONS[status];
  return reason === undefined ? String(status) : `${status} ${reason}`;
}

/** A duration as people read it: 48 ms, 1.2 s, 2 min 5 s. */
export function formatDuration(ms: number): string {
  const rounded = Math.max(0, Math.round(ms));
  if (rounded < 1_000) return `${rounded} ms`;
  if (rounded < 60_000) return `${(rounded / 1_000).toFixed(1)} s`;
  const minutes = Math.floor(rounded / 60_000);
  const seconds = Math.round((rounded % 60_000) / 1_000);
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`;
}

/** The time since the flow's start: +0 ms, +1.2 s. */
export function formatOffset(ms: number): string {
  return `+${formatDuration(ms)}`;
}

/** A URL's path and query (relative URLs as they are). */
export function pathAndQuery(url: string): string {
  // Not through URL: it would encode again what is kept readable (the "…" of a removed token).
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url);
  const rest = origin === null ? url : url.slice(origin[0].length);
  return rest.startsWith("/") ? rest : `/${rest}`;
}

/**
 * A path with its long identifiers shortened (their first 6 characters and "…"), for the
 * diagram's labels: the full path is in the step's text and the inspector.
 */
export function abbreviatePath(path: string): string {
  const query = path.indexOf("?");
  const pathname = query === -1 ? path : path.slice(0, query);
  const search = query === -1 ? "" : path.slice(query);
  const short = pathname
    .split("/")
    .map((segment) =>
      segment.length >= 16 && /^[A-Za-z0-9_%-]+$/.test(segment) && /[0-9A-Z]/.test(segment) ? `${segment.slice(0, 6)}…` : segment,
    )
    .join("/");
  return `${short}${search.replace(/=([A-Za-z0-9_%-]{16,})/g, (_, value: string) => `=${value.slice(0, 6)}…`)}`;
}

/** What the PSU did at the bank, in words. */
export function scaResultWords(result: string): string {
  if (result === "approved") return "The PSU logs in and approves";
  if (result === "cancelled") return "The PSU cancels (or does not complete) the approval";
  if (result === "expired") return "The approval expires";
  if (result === "waiting") return "The PSU is at the bank: no return yet";
  if (result.startsWith("failed: ")) return `The approval fails (${result.slice("failed: ".length)})`;
  return "The PSU returns from the bank";
}

/** One step as the text alternative lists it: who speaks to whom, what, and the link to the call. */
export interface FlowStepText {
  readonly from: Lane;
  readonly to: Lane;
  /** One sentence: the method and path, the status, what happened. */
  readonly summary: string;
  /** Details in full: the URL, the X-Request-ID, the error. */
  readonly details: readonly string[];
  /** The request inspector's page of a bank call. */
  readonly href: string | undefined;
  readonly failed: boolean;
}

/** A step in words, for the list beside the diagram and the SVG's description. */
export function describeFlowStep(step: FlowStep): FlowStepText {
  const failed = isFailedStep(step);
  switch (step.kind) {
    case "call": {
      const reply = step.status === null ? `no reply${step.error === null ? "" : ` (${step.error})`}` : statusText(step.status);
      return {
        from: "tpp",
        to: "bank",
        summary: `${step.method} ${step.path}: ${reply} in ${formatDuration(step.durationMs)}${step.attempt > 1 ? " (sent again after a connection error)" : ""}${step.unattended ? " (without the PSU)" : ""}`,
        details: [`X-Request-ID ${step.requestId}`, ...(step.status !== null && step.error !== null ? [step.error] : [])],
        href: `/inspector/${step.callId}`,
        failed,
      };
    }
    case "to-bank":
      return {
        from: "tpp",
        to: "browser",
        summary: `${step.status === null ? "Redirect" : statusText(step.status)}: the app sends the browser to the bank's SCA page`,
        details: step.url === null ? [] : [step.url],
        href: undefined,
        failed,
      };
    case "sca":
      return {
        from: "browser",
        to: "bank",
        summary: `${scaResultWords(step.result)}${step.durationMs === null ? "" : ` (${formatDuration(step.durationMs)} at the bank)`}`,
        details: [],
        href: undefined,
        failed,
      };
    case "callback":
      return {
        from: "bank",
        to: "tpp",
        summary: `The bank sends the browser back to the app: GET /callback, ${step.result === "success" ? "approved" : step.result === "failure" ? "not approved" : `${step.result} by the app`}`,
        details: step.url === null ? [] : [step.url],
        href: undefined,
        failed,
      };
    case "callback-answer":
      return {
        from: "tpp",
        to: "browser",
        summary: `${step.status === null ? "Redirect" : statusText(step.status)}: the app sends the browser on${step.location === null ? "" : ` to ${step.location}`}`,
        details: [],
        href: undefined,
        failed,
      };
  }
}
