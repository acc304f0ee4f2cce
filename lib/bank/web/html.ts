import { escapeMarkup } from "../../psd2/markup/escape-markup";

/**
 * A tiny HTML template for the bank's server-rendered pages: every interpolated value is
 * escaped unless it is itself the result of `html` (or `raw`, for trusted markup only).
 */
const SAFE = Symbol("safe-html");

export type SafeHtml = { readonly [SAFE]: true; readonly value: string };

function isSafe(value: unknown): value is SafeHtml {
  return typeof value === "object" && value !== null && SAFE in value;
}

function render(value: unknown): string {
  if (value === null || value === undefined || value === false) return "";
  if (Array.isArray(value)) return value.map(render).join("");
  if (isSafe(value)) return value.value;
  return escapeMarkup(String(value));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? "";
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? "");
  });
  return { [SAFE]: true, value: out };
}

/** Markup that is trusted as it is (constants only, never user input). */
export function raw(markup: string): SafeHtml {
  return { [SAFE]: true, value: markup };
}
