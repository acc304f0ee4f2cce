/**
 * The sandbox bank's JSON log lines (pino) made short for npm run demo's terminal.
 */
const LEVELS = { 10: "trace", 20: "debug", 30: "info", 40: "warn", 50: "error", 60: "fatal" };

/**
 * One of the bank's JSON log lines (pino) as a short line for the demo's terminal: a request as
 * "GET /v1/accounts 200 (3 ms)" once it completed, anything else as "level: message"; the
 * health checks and the "incoming request" halves are left out. A line that is not JSON stays.
 */
export function createBankLogFormatter() {
  /** The method and URL of each request the bank is serving, by pino's reqId. */
  const bankRequests = new Map();
  return function formatBankLine(line) {
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      return line;
    }
    if (entry === null || typeof entry !== "object") return line;
    if (entry.msg === "incoming request" && entry.req) {
      bankRequests.set(entry.reqId, `${entry.req.method} ${entry.req.url}`);
      return undefined;
    }
    if (entry.msg === "request completed" && entry.res) {
      const request = bankRequests.get(entry.reqId) ?? "request";
      bankRequests.delete(entry.reqId);
      if (request.startsWith("GET /health")) return undefined;
      return `${request} ${entry.res.statusCode} (${Math.round(entry.responseTime ?? 0)} ms)`;
    }
    const level = LEVELS[entry.level] ?? "log";
    const error = entry.err?.message ? `: ${entry.err.message}` : "";
    return `${level === "info" ? "" : `${level}: `}${entry.msg ?? line}${error}`;
  };
}
