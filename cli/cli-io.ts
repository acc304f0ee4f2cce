import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { loadTrustAnchors, type TrustAnchor } from "../lib/psd2/signing";
import { CliError } from "./cli-error";

/** Where a command writes, and what it reads the clock and files against (tests pass their own). */
export type CliIo = {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  now: () => Date;
};

/**
 * The directory that relative paths are read against: where the command was typed. `npm run psd2`
 * runs its script in the package's root (also from a subdirectory, or with `--prefix`), and gives
 * the directory it was started in as INIT_CWD; any other start (the installed `psd2` bin) runs
 * where it was typed.
 */
export function invocationDirectory(env: NodeJS.ProcessEnv, cwd: string): string {
  return env.npm_lifecycle_event === "psd2" && env.INIT_CWD ? env.INIT_CWD : cwd;
}

/** The text of a file named by a flag, or a one-line error naming the flag and the file. */
export function readTextFile(io: CliIo, flag: string, file: string): string {
  return readBytesFile(io, flag, file).toString("utf8");
}

/** The bytes of a file named by a flag, or a one-line error naming the flag and the file. */
export function readBytesFile(io: CliIo, flag: string, file: string): Buffer {
  try {
    return readFileSync(path.resolve(io.cwd, file));
  } catch (error) {
    const code = error instanceof Error && "code" in error ? String(error.code) : "";
    const reason =
      code === "ENOENT"
        ? "no such file"
        : code === "EISDIR"
          ? "it is a directory"
          : code === "EACCES"
            ? "permission denied"
            : "it cannot be read";
    throw new CliError(`cannot read ${flag} ${file}: ${reason}`);
  }
}

export function readJsonFile(io: CliIo, flag: string, file: string): unknown {
  const text = readTextFile(io, flag, file);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliError(`${flag} ${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** `{method, path, headers, body}`; body a string (sent as it is) or JSON (serialised once). */
export const requestFileSchema = z.object({
  method: z.string().regex(/^[A-Za-z]+$/, "must be an HTTP method such as GET or POST"),
  path: z.string().startsWith("/", "must start with / (path and query, as sent)"),
  headers: z.record(z.string(), z.string()).default({}),
  body: z.unknown().optional(),
});
export type RequestFile = z.infer<typeof requestFileSchema>;

/** A request file, or a shared test vector file (its `request`). */
export function readRequestFile(io: CliIo, file: string): RequestFile & { body: string } {
  const json = readJsonFile(io, "--request", file);
  const candidate = typeof json === "object" && json !== null && "request" in json && "expected" in json ? json.request : json;
  const parsed = requestFileSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join(".") : "the request";
    throw new CliError(`--request ${file}: ${where} ${issue?.message ?? "is invalid"}`);
  }
  const { body } = parsed.data;
  const text = body === undefined || body === null ? "" : typeof body === "string" ? body : JSON.stringify(body);
  return { ...parsed.data, body: text };
}

/** The value of a required flag, or a one-line error. */
export function requireFlag(values: Record<string, unknown>, flag: string, usage: string): string {
  const value = values[flag];
  if (typeof value !== "string" || value === "") throw new CliError(`--${flag} is required (${usage})`);
  return value;
}

/** The --now flag as a Date (undefined when not given), or a one-line error. */
export function parseNowFlag(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const now = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(value) || Number.isNaN(now.getTime())) {
    throw new CliError(`--now must be an ISO 8601 date or date-time such as 2026-01-01T00:00:00Z, not '${value}'`);
  }
  return now;
}

/** The CA certificates of a --trust file, or a one-line error naming it. */
export function readTrustAnchors(io: CliIo, file: string): readonly TrustAnchor[] {
  const text = readTextFile(io, "--trust", file);
  try {
    return loadTrustAnchors(text);
  } catch (error) {
    throw new CliError(`--trust ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
