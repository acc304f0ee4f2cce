import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// test-vectors/signature is the repository's copy of the project's shared signature vectors
// (../shared/test-vectors/signature beside the repository), so that the tests run wherever
// the repository is checked out. These tests keep the copy whole and, where the shared
// original is at hand, identical to it.
const copy = new URL("../../../test-vectors/signature/", import.meta.url);
const original = new URL("../../../../shared/test-vectors/signature/", import.meta.url);

function filesUnder(dir: URL, prefix = ""): string[] {
  return readdirSync(new URL(prefix, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(dir, `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

describe("the copy of the shared signature vectors", () => {
  it("holds every vector the index lists, and its keys", () => {
    const index = JSON.parse(readFileSync(new URL("vectors/index.json", copy), "utf8")) as { vectors: { id: string }[] };
    expect(index.vectors).toHaveLength(38);
    for (const { id } of index.vectors) expect(existsSync(new URL(`vectors/${id}.json`, copy))).toBe(true);
    for (const key of ["tpp.key.pem", "tpp.cert.pem", "trusted-cas.pem", "ca1.cert.pem", "ca2.cert.pem"]) {
      expect(existsSync(new URL(`keys/${key}`, copy))).toBe(true);
    }
  });

  it.runIf(existsSync(original))("is identical to the shared original", () => {
    const files = filesUnder(original).sort();
    expect(filesUnder(copy).sort()).toEqual(files);
    for (const file of files) {
      expect(readFileSync(new URL(file, copy)).equals(readFileSync(new URL(file, original))), file).toBe(true);
    }
  });
});
