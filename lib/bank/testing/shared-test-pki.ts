/**
 * The shared signature test PKI (test-vectors/signature, a copy of the project's shared vectors): its
 * trust anchors, the TPP key and certificates, and the vectors, for the bank's tests.
 */
import { readdirSync, readFileSync } from "node:fs";
import { z } from "zod";

export const sharedSignatureDir = new URL("../../../test-vectors/signature/", import.meta.url);

export function readSharedFile(relative: string): string {
  return readFileSync(new URL(relative, sharedSignatureDir), "utf8");
}

const vectorSchema = z.object({
  id: z.string(),
  request: z.object({
    method: z.string(),
    path: z.string(),
    headers: z.record(z.string(), z.string()),
    body: z.string(),
  }),
  expected: z.object({
    verdict: z.enum(["PASS", "FAIL"]),
    strictVerdict: z.enum(["PASS", "FAIL"]),
    code: z.string().nullable(),
    httpStatus: z.number().nullable(),
  }),
});
export type SignatureVector = z.infer<typeof vectorSchema>;

export function readSignatureVectors(): SignatureVector[] {
  const dir = new URL("vectors/", sharedSignatureDir);
  return readdirSync(dir)
    .filter((name) => /^[PAN]\d\d-.*\.json$/.test(name))
    .sort()
    .map((name) => vectorSchema.parse(JSON.parse(readFileSync(new URL(name, dir), "utf8"))));
}
