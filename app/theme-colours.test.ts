/**
 * Every Tailwind colour the app's class names use is a colour the theme defines: Tailwind's own
 * palette or app/globals.css's @theme. Tailwind writes no CSS for a colour it does not know, so
 * `text-brand-800` (with no --color-brand-800 in the theme) left the landing page's "Sign in"
 * white on white, inheriting the hero's white text, with no error anywhere.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));

/** The utilities that take a colour (Tailwind 4), e.g. bg-*, text-*, border-t-*, ring-offset-*, from-*. */
const COLOUR_UTILITY = String.raw`(?:bg|text|decoration|border(?:-[xytrblse])?|outline|ring(?:-offset)?|inset-ring|shadow|inset-shadow|drop-shadow|text-shadow|divide|accent|caret|fill|stroke|placeholder|from|via|to)`;
/**
 * A utility with a shaded colour ("text-brand-800", "hover:bg-slate-50/80"): a name ending in a
 * number of two or three digits is meant as a colour (a shade that does not exist, 450, included).
 */
const SHADED = new RegExp(String.raw`(?<![\w-])${COLOUR_UTILITY}-([a-z]+(?:-[a-z]+)*-\d{2,3})(?:\/\d+)?(?![\w-])`, "g");
/** A theme colour read in CSS or an SVG attribute: var(--color-brand-500). */
const VARIABLE = /var\(--color-([a-z0-9-]+)\)/g;

/** The colour names a stylesheet defines as `--color-<name>:` (inside @theme when `themeOnly`). */
function definedColours(css: string, themeOnly: boolean): Set<string> {
  const blocks = themeOnly ? [...css.matchAll(/@theme[^{]*\{([^}]*)\}/g)].map((match) => match[1] ?? "") : [css];
  return new Set(blocks.flatMap((block) => [...block.matchAll(/--color-([a-z0-9-]+)\s*:/g)].map((match) => match[1] ?? "")));
}

/** The colour names a source text uses that `defined` lacks, each once. */
function undefinedColoursIn(source: string, defined: ReadonlySet<string>): string[] {
  const used = [...source.matchAll(SHADED), ...source.matchAll(VARIABLE)].map((match) => match[1] ?? "");
  return [...new Set(used.filter((name) => !defined.has(name)))];
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    return /\.(tsx?|css)$/.test(entry.name) ? [path] : [];
  });
}

const defined = new Set([
  ...definedColours(readFileSync(join(root, "node_modules/tailwindcss/theme.css"), "utf8"), false),
  ...definedColours(readFileSync(join(root, "app/globals.css"), "utf8"), true),
  // Colours of Tailwind's that are keywords, not theme variables.
  "current",
  "transparent",
  "inherit",
]);

describe("theme colours", () => {
  it("reads Tailwind's palette and the app's @theme", () => {
    expect(defined.has("slate-500")).toBe(true);
    expect(defined.has("brand-700")).toBe(true);
    expect(defined.size).toBeGreaterThan(250);
  });

  it("names a shade the theme lacks, with any variant or opacity, and passes what it has", () => {
    const source = `className="inline-flex text-brand-800 hover:bg-brand-50 md:border-t-brand-450/50 ring-slate-200 fill-[#fff] text-sm" stroke="var(--color-brand-550)"`;
    expect(undefinedColoursIn(source, defined)).toEqual(["brand-800", "brand-450", "brand-550"]);
    expect(undefinedColoursIn(`"text-slate-500 bg-white from-brand-700 to-brand-900 divide-y"`, defined)).toEqual([]);
  });

  it("the class names of app/, components/ and lib/tpp use only colours the theme defines", () => {
    const found = ["app", "components", "lib/tpp"]
      .flatMap((directory) => sourceFiles(join(root, directory)))
      .filter((file) => !file.endsWith(".test.ts"))
      .flatMap((file) => undefinedColoursIn(readFileSync(file, "utf8"), defined).map((name) => `${relative(root, file)}: ${name}`));
    expect(found).toEqual([]);
  });
});
