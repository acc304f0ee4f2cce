import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// test-vectors/signature is the repository's copy of the project's shared signature vectors, so
// that the tests run wherever the repository is checked out. SHA256SUMS, made from the shared
// original (`npm run vectors:check` compares the copy with it where it is at hand), pins every
// file of the copy: a changed, missing or extra file fails here, on any machine.
const copy = new URL("../../../test-vectors/signature/", import.meta.url);

function filesUnder(dir: URL, prefix = ""): string[] {
  return readdirSync(new URL(prefix, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(dir, `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

function manifest(): Map<string, string> {
  const lines = readFileSync(new URL("SHA256SUMS", copy), "utf8").trim().split("\n");
  return new Map(
    lines.map((line) => {
      const match = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
      if (match === null) throw new Error(`SHA256SUMS: not a sha256sum line: ${line}`);
      return [match[2] ?? "", match[1] ?? ""];
    }),
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

  it("is byte for byte the shared original, as SHA256SUMS pins it: no file changed, missing or added", () => {
    const sums = manifest();
    const files = filesUnder(copy)
      .filter((file) => file !== "SHA256SUMS")
      .sort();
    expect(files).toEqual([...sums.keys()].sort());
    for (const file of files) {
      expect(
        createHash("sha256")
          .update(readFileSync(new URL(file, copy)))
          .digest("hex"),
        file,
      ).toBe(sums.get(file));
    }
  });
});
