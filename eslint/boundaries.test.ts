import path from "node:path";
import { Linter } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import local from "./boundaries.js";

const root = path.resolve(import.meta.dirname, "..");

function lint(file: string, code: string): string[] {
  const linter = new Linter({ configType: "flat" });
  const messages = linter.verify(
    code,
    [
      {
        files: ["**/*.ts", "**/*.tsx"],
        languageOptions: { parser: tseslint.parser },
        plugins: { local },
        rules: { "local/boundaries": "error" },
      },
    ],
    path.join(root, file),
  );
  return messages.map((m) => m.message);
}

describe("the boundaries rule", () => {
  it.each([
    ["lib/tpp/client.ts", 'import { x } from "../bank/app";', "lib/tpp must not import from lib/bank"],
    ["lib/tpp/flows/a.ts", 'import { x } from "@/lib/bank/db";', "lib/tpp must not import from lib/bank"],
    ["lib/bank/routes/v1/a.ts", 'import { x } from "../../../tpp/session";', "lib/bank must not import from lib/tpp"],
    ["lib/psd2/signing/a.ts", 'import { x } from "../../tpp/config";', "lib/psd2 must not import from lib/tpp"],
    ["lib/psd2/signing/a.ts", 'import { x } from "@/lib/bank/app";', "lib/psd2 must not import from lib/bank"],
    ["lib/psd2/signing/a.ts", 'import { readFileSync } from "node:fs";', "must not import the I/O module 'node:fs'"],
    ["lib/psd2/a.ts", 'import { request } from "undici";', "must not import the I/O module 'undici'"],
    ["app/page.tsx", 'import { x } from "@/lib/bank/app";', "app must not import from lib/bank"],
    ["lib/psd2/signing/sign.test.ts", 'import { x } from "../../bank/app";', "lib/psd2 must not import from lib/bank"],
    ["components/a.tsx", 'export * from "../lib/bank/app";', "components must not import from lib/bank"],
    ["components/a.tsx", 'import type { State } from "@/app/settings/actions";', "components must not import from app"],
  ])("refuses %s importing across a boundary (%s)", (file, code, message) => {
    const found = lint(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(message);
  });

  it.each([
    ["lib/tpp/client.ts", 'import { x } from "../psd2/signing";'],
    ["lib/bank/app.ts", 'import { x } from "@/lib/psd2/schemas";'],
    ["lib/bank/app.ts", 'import { readFileSync } from "node:fs";'],
    ["lib/psd2/signing/a.ts", 'import { createHash } from "node:crypto";'],
    ["lib/psd2/signing/a.ts", 'import { x } from "../errors/error-codes";'],
    ["app/page.tsx", 'import { x } from "@/lib/tpp/config";'],
    ["app/page.tsx", 'import { x } from "@/components/ui/panel";'],
    ["scripts/a.ts", 'import { x } from "../lib/bank/app";'],
    ["lib/psd2/signing/sign.test.ts", 'import { readFileSync } from "node:fs";'],
    ["lib/psd2/signing/vectors.test-support.ts", 'import { readFileSync } from "node:fs";'],
  ])("lets %s import what it may (%s)", (file, code) => {
    expect(lint(file, code)).toEqual([]);
  });
});
