import { TppError } from "../errors";

/** Node's errors of a connection that could not be made or broke. */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

/**
 * PostgreSQL's SQLSTATEs of a server that is going away or not there yet: class 08 (connection
 * exception), 57P01 admin_shutdown (a fast stop or restart), 57P02 crash_shutdown (an immediate
 * stop), 57P03 cannot_connect_now (starting up or shutting down).
 */
function isConnectionState(code: string): boolean {
  return /^08[0-9A-Z]{3}$/.test(code) || code === "57P01" || code === "57P02" || code === "57P03";
}

/** node-postgres's own words for a connection that ended or could not be had in time. */
const DRIVER_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
  // A transaction's client the pool dropped when its connection ended (open-tpp-database.ts), used once more for the ROLLBACK.
  "Client was closed and is not queryable",
  "Cannot use a pool after calling end on the pool",
];

function isConnectionFailure(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string" && (SOCKET_CODES.has(code) || isConnectionState(code))) return true;
  return typeof message === "string" && DRIVER_MESSAGES.some((words) => message.startsWith(words));
}

/**
 * Whether an error (or one of its causes: Drizzle wraps the driver's error in its own) says the
 * app's database could not be reached: refused, cut off, shutting down or starting up. A query the
 * server refused (a constraint, a syntax error) is not one.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (current === undefined || current === null || seen.has(current)) continue;
    seen.add(current);
    // An error of the app is classified already: a bank that could not be reached (ASPSP_UNREACHABLE,
    // its cause an ECONNREFUSED of the bank's socket) is not the database.
    if (current instanceof TppError) {
      if (current.code === "DATABASE_UNAVAILABLE") return true;
      continue;
    }
    if (isConnectionFailure(current)) return true;
    if (typeof current === "object") {
      const { cause, errors } = current as { cause?: unknown; errors?: unknown };
      pending.push(cause);
      if (Array.isArray(errors)) pending.push(...(errors as unknown[]));
    }
  }
  return false;
}

/** The driver's own words for what failed: its code and first line, never the query or its parameters. */
function driverWords(error: unknown): string {
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 8; depth++) {
    if (isConnectionFailure(current)) {
      const { code, message } = current as { code?: unknown; message?: unknown };
      const first = typeof message === "string" ? (message.split("\n")[0] ?? "") : "";
      return typeof code === "string" ? `${code}${first === "" ? "" : `: ${first}`}` : first;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return "no connection";
}

/**
 * The app's error for a database that could not be reached (DATABASE_UNAVAILABLE), keeping the
 * driver's error as its cause; an error of another kind is returned as it is.
 */
export function toDatabaseUnavailable(error: unknown, what = "The app's database could not be reached"): unknown {
  if (error instanceof TppError || !isDatabaseUnavailable(error)) return error;
  return new TppError("DATABASE_UNAVAILABLE", `${what} (${driverWords(error)})`, { cause: error });
}
