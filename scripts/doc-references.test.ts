import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { anchorsOf, checkFile, checkRepository } from "./check-see-links.mjs";
import {
  INTERFACE_SECTIONS,
  OTHER_REFERENCES,
  README_SECTIONS,
  SUPPLEMENT_PARTS,
  SUPPLEMENT_SECTIONS,
  rewriteSource,
} from "./rewrite-spec-references.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Every file#anchor the rewrite's tables can write. */
function mappingTargets(): string[] {
  const targets: string[] = [];
  for (const section of Object.values(INTERFACE_SECTIONS)) {
    const file = `docs/interface/${section.file}`;
    targets.push(`${file}#${section.anchor}`);
    for (const anchor of [...Object.values(section.points ?? {}), ...Object.values(section.parts ?? {})]) {
      targets.push(`${file}#${anchor}`);
    }
  }
  for (const target of Object.values(SUPPLEMENT_SECTIONS)) targets.push(`docs/interface/${target}`);
  for (const parts of Object.values(SUPPLEMENT_PARTS)) {
    for (const target of Object.values(parts)) targets.push(`docs/interface/${target}`);
  }
  targets.push(...Object.values(README_SECTIONS));
  for (const target of Object.values(OTHER_REFERENCES)) targets.push(/^[\w./#-]+/.exec(target)?.[0] ?? target);
  return targets;
}

describe("rewrite-spec-references: the old citations onto docs/", () => {
  it("maps every section of the tables to a file and heading anchor that exist", () => {
    const missing = mappingTargets().filter((target) => {
      const [file = "", anchor] = target.split("#");
      const full = path.join(root, file);
      return !existsSync(full) || (anchor !== undefined && !anchorsOf(full).has(anchor));
    });
    expect(missing).toEqual([]);
  });

  it("rewrites numbered points, named parts and § lists; leaves other documents' § alone", () => {
    const source = [
      "/**",
      ' * @see psd2-interface.md "Authentication" (4, 6); supplement.md §5 (KID), §11',
      ' * @see RFC 5280 §4.1, supplement.md §10; psd2-interface.md "Shared types", Amount',
      ' * @see psd2-interface.md "States and transitions" (rule 3); supplement §9-§10',
      ' * @see README.md "Flow diagrams"',
      " */",
    ].join("\n");
    expect(rewriteSource(source).split("\n").slice(1, 5)).toEqual([
      " * @see docs/interface/authentication.md#sca-by-redirect, docs/interface/authentication.md#session-hour; docs/interface/payments.md#kid, docs/interface/sandbox-operations.md#sandbox-operations",
      " * @see RFC 5280 §4.1, docs/interface/certificates.md#certificates-and-tpp-registration; docs/interface/conventions.md#amount",
      " * @see docs/interface/states.md#domestic-payment-before-approval; docs/interface/request-signing.md#request-signing, docs/interface/certificates.md#certificates-and-tpp-registration",
      " * @see docs/architecture.md#flow-diagrams",
    ]);
  });

  it("follows a § list onto the next comment line, and never touches code", () => {
    const source = [
      "// the checks of supplement.md",
      "// §9.7, §4: in order.",
      'const name = "supplement.md §5";',
      "// §5 here follows code, not a citation.",
    ].join("\n");
    expect(rewriteSource(source).split("\n")).toEqual([
      "// the checks of",
      "// docs/interface/request-signing.md#the-banks-checks, docs/interface/errors.md#statuses-by-code: in order.",
      'const name = "supplement.md §5";',
      "// §5 here follows code, not a citation.",
    ]);
  });

  it("changes nothing the second time", () => {
    const once = rewriteSource('/** @see psd2-interface.md "Limits"; supplement.md §8 */');
    expect(once).toBe("/** @see docs/interface/limits.md#limits-in-the-spec; docs/interface/limits.md#what-the-sandbox-enforces */");
    expect(rewriteSource(once)).toBe(once);
  });
});

describe("check-see-links: every @see names a file and anchor of the repository", () => {
  const directory = mkdtempSync(path.join(tmpdir(), "see-links-"));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  const check = (text: string): string[] => {
    const file = path.join(directory, "example.ts");
    writeFileSync(file, text);
    return checkFile(file);
  };

  it("accepts files and anchors that exist, standards by name, and web addresses", () => {
    expect(
      check(
        [
          "/**",
          " * @see docs/interface/limits.md#psu-absent, docs/biometric-flow.md",
          " * @see RFC 5280 §4.1.2.2; https://www.w3.org/TR/CSP3/index.md",
          " * @see lib/psd2/signing/certificate-cache.ts",
          " */",
        ].join("\n"),
      ),
    ).toEqual([]);
  });

  it("names the missing file, the missing anchor and a citation of the spec's own documents", () => {
    const problems = check(
      [
        "/** @see docs/interface/limits.md#no-such-heading */",
        "/** @see docs/no-such-page.md */",
        "/**",
        " * @see RFC 5280 §4.1,",
        ' * supplement.md §5; psd2-interface.md "Limits"',
        " */",
      ].join("\n"),
    );
    expect(problems).toEqual([
      expect.stringMatching(/example\.ts:1: .*docs\/interface\/limits\.md#no-such-heading.*no heading with that anchor/),
      expect.stringMatching(/example\.ts:2: .*docs\/no-such-page\.md, which is not in the repository/),
      expect.stringMatching(/example\.ts:4: cites a document outside the repository \(supplement\.md §\)/),
      expect.stringMatching(/example\.ts:4: cites a document outside the repository \(psd2-interface\.md\)/),
    ]);
  });

  it("finds no problem in the repository's code", () => {
    expect(checkRepository()).toEqual([]);
  });
});
