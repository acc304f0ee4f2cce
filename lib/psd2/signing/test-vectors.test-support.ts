// Shared by the *.test.ts files of lib/psd2/signing and lib/psd2/x509: reads the shared signature
// test vectors (the boundaries rule lets test files and *.test-support.ts read fixtures).
import { readdirSync, readFileSync } from "node:fs";

export const VECTORS_DIR = new URL("../../../test-vectors/signature/", import.meta.url);

export interface VectorRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface VectorExpected {
  readonly verdict: "PASS" | "FAIL";
  readonly strictVerdict: "PASS" | "FAIL";
  readonly code: string | null;
  readonly failures: readonly string[];
  readonly strictFailures: readonly string[];
  readonly digest: string;
  readonly keyId: string;
  readonly canonicalKeyId: string;
  readonly signedHeaders: readonly string[];
  readonly signingString: string;
  readonly signature: string;
  readonly signatureHeaderDecoded: string;
  readonly signatureHeaderRfc2047: boolean;
  readonly certificateFile: string;
}

export interface Vector {
  readonly id: string;
  readonly category: string;
  readonly request: VectorRequest;
  readonly expected: VectorExpected;
}

export function readVectorFile(relative: string): string {
  return readFileSync(new URL(relative, VECTORS_DIR), "utf8");
}

function isVector(value: unknown): value is Vector {
  if (typeof value !== "object" || value === null) return false;
  return "id" in value && "request" in value && "expected" in value;
}

export function loadVectors(): Vector[] {
  const dir = new URL("vectors/", VECTORS_DIR);
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json") && file !== "index.json")
    .sort()
    .map((file) => {
      const parsed: unknown = JSON.parse(readFileSync(new URL(file, dir), "utf8"));
      if (!isVector(parsed)) throw new Error(`${file} is not a test vector`);
      return parsed;
    });
}
