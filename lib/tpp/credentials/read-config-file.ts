import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { TppError } from "../errors";

/** Why a file could not be read, in words (the errno code alone means little to most readers). */
function describeReadError(error: unknown): string {
  const code = error instanceof Error && "code" in error && typeof error.code === "string" ? error.code : undefined;
  switch (code) {
    case "ENOENT":
      return "no such file";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "EISDIR":
      return "it is a directory, not a file";
    default:
      return code ?? (error instanceof Error ? error.message : String(error));
  }
}

/**
 * Reads a file named by a setting (relative paths from `cwd`); a failure is a CONFIG_INVALID
 * error naming the variable and the path.
 */
export function readConfigFile(variable: string, file: string, cwd: string): Buffer {
  const resolved = path.resolve(cwd, file);
  try {
    return readFileSync(resolved);
  } catch (error) {
    throw new TppError("CONFIG_INVALID", `${variable}: cannot read ${file} (${describeReadError(error)})`, { variable, cause: error });
  }
}
