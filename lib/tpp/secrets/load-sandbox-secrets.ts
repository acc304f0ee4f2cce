import "server-only";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { TppError } from "../errors";

/** The secrets a sandbox generates once and keeps in its data directory. */
export interface SandboxSecrets {
  readonly sessionSecret: string;
  readonly nextAuthSecret: string;
}

const storedSecretsSchema = z.object({
  sessionSecret: z.string().min(32),
  nextAuthSecret: z.string().min(32),
});

/** The file, inside the TPP's data directory, that keeps the generated secrets. */
export const SANDBOX_SECRETS_FILE = "secrets.json";

function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * The sandbox's session and next-auth secrets: read from `<dataDir>/secrets.json`, or generated
 * once (32 random octets each) and written there, readable by the owner only. Never used in
 * production, where a missing secret stops start-up.
 */
export function loadSandboxSecrets(dataDir: string): SandboxSecrets {
  const file = path.join(dataDir, SANDBOX_SECRETS_FILE);
  let text: string | undefined;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    text = undefined;
  }
  if (text !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const stored = storedSecretsSchema.safeParse(parsed);
    if (stored.success) return stored.data;
    throw new TppError(
      "CONFIG_INVALID",
      `TPP_DATA_DIR: ${file} is not a secrets file written by this app (delete it to generate new secrets; sessions then end)`,
      { variable: "TPP_DATA_DIR" },
    );
  }
  const secrets: SandboxSecrets = { sessionSecret: newSecret(), nextAuthSecret: newSecret() };
  const cannotWrite = (error: unknown) =>
    new TppError("CONFIG_INVALID", `TPP_DATA_DIR: cannot write ${file} (${error instanceof Error ? error.message : String(error)})`, {
      variable: "TPP_DATA_DIR",
      cause: error,
    });
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw cannotWrite(error);
  }
  try {
    // "wx": two processes starting at once must not overwrite each other's secrets.
    writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "EEXIST") return loadSandboxSecrets(dataDir);
    throw cannotWrite(error);
  }
  return secrets;
}
