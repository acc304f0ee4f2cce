import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BANK_BUNDLE, BANK_NODE_OPTIONS, bankBundleIsCurrent, ensureBankBundle } from "./build-bank.mjs";

const projects: string[] = [];
afterEach(() => {
  for (const project of projects.splice(0)) rmSync(project, { recursive: true, force: true });
});

/** A small project whose lib/bank/server.ts reads a file beside itself and imports another source. */
function makeProject(): { root: string; write: (file: string, text: string) => void } {
  const root = mkdtempSync(path.join(tmpdir(), "build-bank-"));
  projects.push(root);
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write("package.json", '{ "type": "module" }\n');
  write("package-lock.json", "{}\n");
  write("tsconfig.json", "{}\n");
  write("lib/bank/greeting.txt", "hello from beside the source\n");
  write("lib/shared/value.ts", "export const value: number = 41 + 1;\n");
  write("lib/shared/value.test.ts", "// a test\n");
  write(
    "lib/bank/server.ts",
    [
      'import { readFileSync } from "node:fs";',
      'import { value } from "../shared/value";',
      'const greeting: string = readFileSync(new URL("./greeting.txt", import.meta.url), "utf8").trim();',
      "process.stdout.write(`${greeting} ${value}\\n`);",
      "",
    ].join("\n"),
  );
  return { root, write };
}

const runBundle = (root: string) => execFileSync(process.execPath, [path.join(root, BANK_BUNDLE)], { cwd: root, encoding: "utf8" }).trim();

describe("the bank's bundle for the demo", () => {
  it("runs with plain node and reads what its sources read beside themselves, from lib/, wherever the tree is", async () => {
    const { root } = makeProject();
    expect(await ensureBankBundle(root)).toBe(true);
    expect(runBundle(root)).toBe("hello from beside the source 42");

    const moved = `${root}-moved`;
    renameSync(root, moved);
    projects.push(moved);
    expect(runBundle(moved)).toBe("hello from beside the source 42");
  });

  it("is built again only when a source, the lockfile or a configuration file changed; not for a test", async () => {
    const { root, write } = makeProject();
    expect(await ensureBankBundle(root)).toBe(true);
    expect(await ensureBankBundle(root)).toBe(false);

    write("lib/shared/value.test.ts", "// another test\n");
    expect(bankBundleIsCurrent(root)).toBe(true);

    write("lib/shared/value.ts", "export const value: number = 43;\n");
    expect(bankBundleIsCurrent(root)).toBe(false);
    expect(await ensureBankBundle(root)).toBe(true);
    expect(runBundle(root)).toBe("hello from beside the source 43");

    write("package-lock.json", '{ "lockfileVersion": 3 }\n');
    expect(bankBundleIsCurrent(root)).toBe(false);
    expect(await ensureBankBundle(root)).toBe(true);
    write("tsconfig.json", '{ "compilerOptions": {} }\n');
    expect(bankBundleIsCurrent(root)).toBe(false);
    expect(await ensureBankBundle(root, { force: false })).toBe(true);
    expect(await ensureBankBundle(root, { force: true })).toBe(true);

    rmSync(path.join(root, BANK_BUNDLE));
    expect(bankBundleIsCurrent(root)).toBe(false);
  });

  it("refuses a source its stamp would not cover, and import.meta properties it cannot keep, leaving the last bundle", async () => {
    const { root, write } = makeProject();
    await ensureBankBundle(root);

    write("scripts/helper.ts", "export const value = 1;\n");
    write("lib/shared/value.ts", 'export { value } from "../../scripts/helper";\n');
    await expect(ensureBankBundle(root)).rejects.toThrow(/scripts\/helper\.ts, which its stamp does not cover/);

    write("lib/shared/value.ts", "export const value = import.meta.dirname.length;\n");
    await expect(ensureBankBundle(root)).rejects.toThrow(/import\.meta\.dirname has no meaning in the bank's bundle/);

    expect(runBundle(root)).toBe("hello from beside the source 42");
    expect(bankBundleIsCurrent(root)).toBe(false);
  });

  it("npm run bank starts the bank with the bank's Node options, as the demo and the tests' banks do", () => {
    const { scripts } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(scripts.bank).toBe(`node ${BANK_NODE_OPTIONS.join(" ")} --import tsx lib/bank/server.ts`);
  });
});
