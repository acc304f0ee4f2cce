import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildIsCurrent, computeBuildStamp, recordBuildStamp } from "./build-stamp.mjs";

const projects: string[] = [];
afterEach(() => {
  for (const project of projects.splice(0)) rmSync(project, { recursive: true, force: true });
});

/** A small project: app/, lib/ with a test, .gitignore'd output; a git checkout or plain folders. */
function makeProject(withGit: boolean): { root: string; write: (file: string, text: string) => void } {
  const root = mkdtempSync(path.join(tmpdir(), "build-stamp-"));
  projects.push(root);
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write("package.json", "{}\n");
  write("package-lock.json", "{}\n");
  write("next.config.js", "export default {};\n");
  write("app/page.tsx", "export default function Page() { return null; }\n");
  write("lib/tpp/money.ts", "export const cents = 100;\n");
  write("lib/tpp/money.test.ts", "// a test\n");
  write(".gitignore", ".data/\n.next/\n");
  if (withGit) execFileSync("git", ["init", "-q"], { cwd: root });
  return { root, write };
}

describe.each([true, false])("the demo's build stamp (git checkout: %s)", (withGit) => {
  it("changes with a source, a config file, the lockfile, a new or deleted file and NEXT_PUBLIC_* values; not with tests or ignored files", () => {
    const { root, write } = makeProject(withGit);
    const env = {};
    const first = computeBuildStamp(root, env);
    expect(computeBuildStamp(root, env)).toBe(first);

    write("lib/tpp/money.test.ts", "// another test\n");
    if (withGit) write("lib/.data/cache.bin", "x");
    expect(computeBuildStamp(root, env)).toBe(first);

    write("lib/tpp/money.ts", "export const cents = 101;\n");
    const edited = computeBuildStamp(root, env);
    expect(edited).not.toBe(first);
    write("lib/tpp/money.ts", "export const cents = 100;\n");
    expect(computeBuildStamp(root, env)).toBe(first);

    write("next.config.js", "export default { poweredByHeader: false };\n");
    const configured = computeBuildStamp(root, env);
    expect(configured).not.toBe(first);
    write("package-lock.json", '{"lockfileVersion":3}\n');
    const locked = computeBuildStamp(root, env);
    expect(locked).not.toBe(configured);

    write("public/favicon.svg", "<svg/>");
    const added = computeBuildStamp(root, env);
    expect(added).not.toBe(locked);
    unlinkSync(path.join(root, "public/favicon.svg"));
    expect(computeBuildStamp(root, env)).toBe(locked);

    expect(computeBuildStamp(root, { NEXT_PUBLIC_NAME: "a" })).not.toBe(locked);
    expect(computeBuildStamp(root, { OTHER: "a" })).toBe(locked);
  });
});

describe("whether .next holds a current build", () => {
  it("only after a build recorded with the same stamp, and while .next/BUILD_ID is that build's", () => {
    const { root, write } = makeProject(true);
    const stamp = computeBuildStamp(root, {});
    expect(buildIsCurrent(root, stamp)).toBe(false);
    expect(() => recordBuildStamp(root, stamp)).toThrow(/BUILD_ID/);

    write(".next/BUILD_ID", "build-1");
    expect(buildIsCurrent(root, stamp)).toBe(false);
    recordBuildStamp(root, stamp);
    expect(buildIsCurrent(root, stamp)).toBe(true);
    expect(buildIsCurrent(root, "another stamp")).toBe(false);

    // `next build` run by hand since: a build the stamp does not describe.
    write(".next/BUILD_ID", "build-2");
    expect(buildIsCurrent(root, stamp)).toBe(false);
  });
});
