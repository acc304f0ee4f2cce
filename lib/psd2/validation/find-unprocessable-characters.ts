import { isRecord } from "./is-record";
import type { JsonPath } from "./json-path";
import { formatError, type FieldViolation, type Violation } from "./violation";

// NUL, and the UTF-16 halves of characters outside the BMP (paired or lone).
// eslint-disable-next-line no-control-regex -- NUL is what is looked for
const SUSPECT = /[\u0000\uD800-\uDFFF]/;

function hex(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** The first character that the downstream systems cannot process, described; undefined when there is none. */
function describeUnprocessable(text: string): string | undefined {
  const at = text.search(SUSPECT);
  if (at < 0) return undefined;
  for (let i = at; i < text.length; i++) {
    const codePoint = text.codePointAt(i) ?? 0;
    if (codePoint === 0) return "the character U+0000 (NUL), which text fields cannot hold";
    if (codePoint > 0xffff) return `the character ${hex(codePoint)}, which is outside the Basic Multilingual Plane`;
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) return `a lone surrogate ${hex(codePoint)}, which is not valid UTF-8`;
  }
  return undefined;
}

/**
 * Whether a text can be processed downstream: no character outside the Basic Multilingual Plane
 * (emoji and other code points above U+FFFF), no lone surrogate (which JSON can carry as an
 * escape but UTF-8 cannot encode), and no NUL (U+0000, which JSON can carry as `\u0000` but no
 * database text column can store).
 *
 * @see docs/interface/README.md#json-and-utf-8; docs/interface/conventions.md#wire-conventions
 */
export function validateProcessableText(text: string): Violation | undefined {
  const found = describeUnprocessable(text);
  return found === undefined ? undefined : formatError(`contains ${found}; it cannot be processed downstream`);
}

// A path as a chain from the leaf to the root: sharing parents keeps the walk linear in the
// input's size however deep it nests; only the paths of violations are spelled out.
interface PathLink {
  readonly parent: PathLink | undefined;
  readonly segment: string | number;
}

function spell(link: PathLink | undefined): JsonPath {
  const path: (string | number)[] = [];
  for (let at = link; at !== undefined; at = at.parent) path.push(at.segment);
  return path.reverse();
}

/**
 * Every string of a parsed JSON value, and every object key, that cannot be processed downstream,
 * as FORMAT_ERRORs with their paths (a key's violation is at the path of its member). Order:
 * depth-first in document order, an object's keys before the contents of its members. Walks iteratively, so that deeply nested input cannot exhaust
 * the stack.
 *
 * @see docs/interface/README.md#json-and-utf-8; docs/interface/conventions.md#wire-conventions
 */
export function findUnprocessableCharacters(value: unknown): FieldViolation[] {
  const violations: FieldViolation[] = [];
  const stack: { value: unknown; link: PathLink | undefined }[] = [{ value, link: undefined }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value: current, link } = item;
    if (typeof current === "string") {
      const violation = validateProcessableText(current);
      if (violation) violations.push({ ...violation, path: spell(link) });
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) {
        stack.push({ value: current[index], link: { parent: link, segment: index } });
      }
    } else if (isRecord(current)) {
      const children: { value: unknown; link: PathLink }[] = [];
      for (const [key, member] of Object.entries(current)) {
        const childLink = { parent: link, segment: key };
        const found = describeUnprocessable(key);
        if (found !== undefined) {
          violations.push({
            ...formatError(`has a name that contains ${found}; it cannot be processed downstream`),
            path: spell(childLink),
          });
        }
        children.push({ value: member, link: childLink });
      }
      for (const child of children.reverse()) stack.push(child);
    }
  }
  return violations;
}
