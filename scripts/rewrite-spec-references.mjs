#!/usr/bin/env node
/**
 * Rewrites the references in code comments to the bank interface's two source documents
 * (`psd2-interface.md "Section" (n)`, `supplement.md §N`) and to sections of the old long
 * README (`README.md "Section"`) into references to files of this repository
 * (`docs/interface/limits.md#psu-absent`). Only comment lines change (JSDoc and `//` lines);
 * code, strings and test names are left as they are. The mapping tables below are the record of
 * where each old section went, so the script can run again after a merge:
 *
 *   node scripts/rewrite-spec-references.mjs          # rewrite in place, list what changed
 *   node scripts/rewrite-spec-references.mjs --check  # list what would change, exit 1 if any
 *
 * `npm run lint` (scripts/check-see-links.mjs) then checks that every `@see` names a file and
 * anchor that exist.
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const I = "docs/interface/";

/** Numbered points of a section, for `"Authentication" (4, 6)` and the like. */
const AUTHENTICATION_POINTS = {
  1: "transport-security",
  2: "tpp-identity",
  3: "request-signing",
  4: "sca-by-redirect",
  5: "consent",
  6: "session-hour",
  7: "contexts",
  8: "biometric-flow",
  9: "psu-present-or-absent",
};
const SERVICE_POINTS = {
  1: "parties-and-roles",
  2: "environments",
  3: "standard-followed",
  4: "json-and-utf-8",
  5: "capabilities",
  6: "date-formats",
  7: "prerequisites",
  8: "contact-e-mail",
};
const STATE_RULES = {
  1: "basket-not-atomic",
  2: "no-bulk-or-periodic-in-a-basket",
  3: "domestic-payment-before-approval",
};

/**
 * psd2-interface.md's sections: file, anchor, and optionally its numbered points (`points`) or
 * named parts (`parts`, matched after a comma or in parentheses) with anchors of their own.
 */
export const INTERFACE_SECTIONS = {
  "What the service does": { file: "README.md", anchor: "what-the-service-does", points: SERVICE_POINTS },
  "Resources and their fields": { file: "conventions.md", anchor: "shared-types" },
  "Shared types": {
    file: "conventions.md",
    anchor: "shared-types",
    parts: {
      Amount: "amount",
      Address: "address",
      Link: "link",
      tppMessage: "tppmessage",
      "Remittance reference item": "remittance-reference-item",
    },
  },
  "Norwegian domestic credit transfer request": { file: "payments.md", anchor: "norwegian-domestic-credit-transfer" },
  "SEPA credit transfer request": { file: "payments.md", anchor: "sepa-credit-transfer" },
  "Payment creation response": { file: "payments.md", anchor: "payment-creation-response" },
  "Signing basket": { file: "signing-baskets.md", anchor: "request-and-response" },
  "Sandbox customer": { file: "sandbox-operations.md", anchor: "sandbox-customer" },
  "Sandbox card account transactions response": {
    file: "sandbox-operations.md",
    anchor: "card-account-transactions-listing",
  },
  "Account-information notes": { file: "accounts.md", anchor: "account-information-notes" },
  "Signature header parts": { file: "request-signing.md", anchor: "signature-header-parts" },
  "Redirect parameters": { file: "redirect-parameters.md", anchor: "redirect-parameters-and-events" },
  "States and transitions": {
    file: "states.md",
    anchor: "states-and-transitions",
    points: STATE_RULES,
    parts: { "SCA session moves": "sca-session-moves" },
  },
  Endpoints: { file: "endpoints.md", anchor: "endpoints" },
  Summary: { file: "endpoints.md", anchor: "summary-in-the-spec" },
  "POST /v1/payments/{payment-product}": { file: "endpoints.md", anchor: "payment-creation-operation" },
  "Signing basket creation": { file: "signing-baskets.md", anchor: "creation" },
  "GET /v1/sandbox/customers/{customerId}": { file: "sandbox-operations.md", anchor: "customers" },
  "GET /v1/sandbox/card-accounts/{mockCardAccountId}/transactions": {
    file: "sandbox-operations.md",
    anchor: "card-account-transactions-listing",
  },
  "GET /v1/accounts/{id}/transactions": { file: "accounts.md", anchor: "transactions" },
  "Header parameters": { file: "header-parameters.md", anchor: "headers-by-operation" },
  "Other operations named": { file: "endpoints.md", anchor: "other-operations" },
  Authentication: { file: "authentication.md", anchor: "authentication", points: AUTHENTICATION_POINTS },
  Events: { file: "redirect-parameters.md", anchor: "events" },
  Errors: { file: "errors.md", anchor: "error-codes" },
  Limits: { file: "limits.md", anchor: "limits-in-the-spec" },
  Versioning: { file: "versioning.md", anchor: "versioning" },
};

/** supplement.md's sections (§N and §N.M). */
export const SUPPLEMENT_SECTIONS = {
  1: "conventions.md#wire-conventions",
  2: "endpoints.md#success-statuses",
  3: "accounts.md#accounts-balances-transactions",
  4: "errors.md#statuses-by-code",
  5: "payments.md#payments-in-the-sandbox",
  6: "signing-baskets.md#rules-in-the-sandbox",
  7: "sca-and-consent.md#sca-sessions-consent-and-context",
  8: "limits.md#what-the-sandbox-enforces",
  9: "request-signing.md#request-signing",
  9.1: "request-signing.md#digest",
  9.2: "request-signing.md#signed-headers",
  9.3: "request-signing.md#signing-string",
  9.4: "request-signing.md#signature-header",
  9.5: "request-signing.md#non-ascii-values",
  9.6: "request-signing.md#certificate-header",
  9.7: "request-signing.md#the-banks-checks",
  10: "certificates.md#certificates-and-tpp-registration",
  11: "sandbox-operations.md#sandbox-operations",
  12: "header-parameters.md#x-accept-fix",
  13: "transport.md#transport",
};

/**
 * Parts of a supplement section named after it, `§5 (KID)` or `§9, response signing`: the part's
 * own anchor. A parenthesis that holds only the part's name is dropped with it.
 */
export const SUPPLEMENT_PARTS = {
  3: { paging: "accounts.md#paging", balances: "accounts.md#balances" },
  5: {
    KID: "payments.md#kid",
    DELETE: "payments.md#delete",
    "logical duplicate": "payments.md#logical-duplicate",
    "fee information": "payments.md#fee-information",
    "batch (?:processing|runs)": "payments.md#batch-processing",
    lifecycle: "payments.md#lifecycle",
    "periodic payments": "payments.md#lifecycle",
  },
  7: { roles: "sca-and-consent.md#roles" },
  9: { "response signing": "request-signing.md#response-signing" },
  10: { "production: QWAC": "certificates.md#production-qwac", "extra trust anchors": "certificates.md#trust-anchors" },
  11: {
    "the sandbox clock": "sandbox-operations.md#clock-and-batch-runs",
    "sandbox clock": "sandbox-operations.md#clock-and-batch-runs",
    "sandbox extensions": "sandbox-operations.md#clock-and-batch-runs",
    "account numbers": "sandbox-operations.md#initialize",
  },
};

function supplementPart(section, rest) {
  for (const [name, target] of Object.entries(SUPPLEMENT_PARTS[section] ?? {})) {
    const whole = new RegExp(`^\\s*\\((?:${name})\\)`, "i").exec(rest) ?? new RegExp(`^, (?:${name})\\b`, "i").exec(rest);
    if (whole) return { target, consumed: whole[0].length };
    if (new RegExp(`^\\s*\\((?:${name})\\b`, "i").test(rest)) return { target, consumed: 0 };
  }
  return undefined;
}

/** Sections of the README before it was split into docs/. */
export const README_SECTIONS = {
  "The pages": "docs/tpp-app.md#the-pages",
  "The sandbox bank": "docs/sandbox-bank.md#the-sandbox-bank",
  Payments: "docs/sandbox-bank.md#payments",
  "Sandbox operations": "docs/sandbox-bank.md#sandbox-operations",
  "The known state": "docs/sandbox-bank.md#the-known-state-post-v1sandboxinitialize",
  "The sandbox clock and batch runs": "docs/sandbox-bank.md#the-sandbox-clock-and-batch-runs",
  "Flow diagrams": "docs/architecture.md#flow-diagrams",
  "A payment, from the form to the booked transaction": "docs/tpp-app.md#a-payment-from-the-form-to-the-booked-transaction",
  "Approvals and the callback": "docs/tpp-app.md#approvals-and-the-callback",
};

/** Other documents outside the repository whose content now has a place in it. */
export const OTHER_REFERENCES = {
  'stack-notes.md, "what costs what on the request path"': "docs/performance.md#what-costs-what-on-the-request-path",
  "psd2-interface.md, Signature header parts": `${I}request-signing.md#signature-header-parts`,
  "psd2-interface.md, Authentication 4": `${I}authentication.md#sca-by-redirect`,
  "psd2-interface.md, Authentication 8": `${I}authentication.md#biometric-flow`,
  "psd2-interface.md, SCA session moves": `${I}states.md#sca-session-moves`,
  "psd2-interface.md: required then": `${I}payments.md#norwegian-domestic-credit-transfer: required then`,
};

/** Names after which a § belongs to another document (RFC 5280 §4.1 and the like). */
const OTHER_DOCUMENT = /^(?:RFC|ETSI|ITU-T|ISO|draft-|BG\b|Berlin Group|OpenSSL|X\.\d)/;

function expandNumbers(text) {
  const numbers = [];
  for (const piece of text.split(",")) {
    const range = /^\s*(\d+)\s*-\s*(\d+)\s*$/.exec(piece);
    if (range) {
      for (let n = Number(range[1]); n <= Number(range[2]); n += 1) numbers.push(n);
    } else if (/^\s*\d+\s*$/.test(piece)) {
      numbers.push(Number(piece));
    } else {
      return undefined;
    }
  }
  return numbers;
}

function interfaceTarget(section, rest) {
  const base = `${I}${section.file}`;
  // Numbered points: "(4, 6)", "(4-8)", "(rule 1)", "(rules 1, 2)", or a bare " 1".
  if (section.points) {
    const match = /^\s*\((?:rules?\s+)?([\d,\s-]+)\)/.exec(rest) ?? /^ (\d)(?![\d.])/.exec(rest);
    const numbers = match && expandNumbers(match[1]);
    if (numbers && numbers.every((n) => section.points[n])) {
      return {
        text: numbers.map((n) => `${base}#${section.points[n]}`).join(", "),
        consumed: match[0].length,
      };
    }
  }
  if (section.parts) {
    for (const [name, anchor] of Object.entries(section.parts)) {
      const match = new RegExp(`^(?:, ${name}(?![\\w ])|\\s*\\(${name}\\))`).exec(rest);
      if (match) return { text: `${base}#${anchor}`, consumed: match[0].length };
    }
  }
  return { text: `${base}#${section.anchor}`, consumed: 0 };
}

/**
 * Rewrites one comment's text. `context` is the document the last reference named ("psd2",
 * "supplement", "readme" or undefined), carried over from the comment line before.
 */
export function rewriteComment(text, context) {
  let out = "";
  let i = 0;
  let current = context;
  while (i < text.length) {
    const rest = text.slice(i);
    let match;
    const other = Object.keys(OTHER_REFERENCES).find((key) => rest.startsWith(key));
    if (other) {
      out += OTHER_REFERENCES[other];
      i += other.length;
      current = undefined;
    } else if ((match = /^psd2-interface\.md,?\s*(?=")/.exec(rest))) {
      current = "psd2";
      i += match[0].length;
    } else if ((match = /^psd2-interface\.md/.exec(rest))) {
      out += `${I}README.md`;
      current = "psd2";
      i += match[0].length;
    } else if ((match = /^supplement(?:\.md)?,?\s*(?=§)|^supplement(?:\.md)?$/.exec(rest))) {
      // "supplement.md" at the end of a comment line cites the § at the start of the next one.
      current = "supplement";
      i += match[0].length;
    } else if ((match = /^README(?:\.md)?,\s*(?=")|^README\.md\s+(?=")/.exec(rest))) {
      current = "readme";
      i += match[0].length;
    } else if ((match = /^"([^"\n]+)"/.exec(rest)) && current === "psd2" && INTERFACE_SECTIONS[match[1]]) {
      const target = interfaceTarget(INTERFACE_SECTIONS[match[1]], rest.slice(match[0].length));
      out += target.text;
      i += match[0].length + target.consumed;
    } else if ((match = /^"([^"\n]+)"/.exec(rest)) && current === "readme" && README_SECTIONS[match[1]]) {
      out += README_SECTIONS[match[1]];
      i += match[0].length;
    } else if ((match = /^§(\d+(?:\.\d+)?)(?:-§(\d+))?/.exec(rest)) && current === "supplement") {
      const first = SUPPLEMENT_SECTIONS[match[1]];
      const second = match[2] === undefined ? undefined : SUPPLEMENT_SECTIONS[match[2]];
      const part = second === undefined ? supplementPart(match[1], rest.slice(match[0].length)) : undefined;
      if (!first || (match[2] !== undefined && !second)) {
        out += match[0];
      } else if (part) {
        out += `${I}${part.target}`;
        i += part.consumed;
      } else {
        out += second ? `${I}${first}, ${I}${second}` : `${I}${first}`;
      }
      i += match[0].length;
    } else if (/^\w/.test(rest) && (i === 0 || !/\w/.test(text[i - 1])) && OTHER_DOCUMENT.test(rest)) {
      current = undefined;
      const word = /^\S+/.exec(rest)[0];
      out += word;
      i += word.length;
    } else {
      out += text[i];
      i += 1;
    }
  }
  return { text: out, context: current };
}

const COMMENT_LINE = /^(\s*(?:\/\/+|\/\*+|\*))(.*)$/;

/** Rewrites the comment lines of one source file; returns the new text. */
export function rewriteSource(source) {
  let context;
  return source
    .split("\n")
    .map((line) => {
      const comment = COMMENT_LINE.exec(line);
      if (!comment) {
        context = undefined;
        return line;
      }
      const result = rewriteComment(comment[2], context);
      context = result.context;
      // A reference dropped at the end of a line leaves no trailing space behind.
      return result.text === comment[2] ? line : (comment[1] + result.text).trimEnd();
    })
    .join("\n");
}

const DIRECTORIES = ["lib", "app", "components", "e2e", "scripts", "cli", "bench", "testing", "eslint"];
const EXTENSIONS = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/;

function* sourceFiles(directory) {
  let entries;
  try {
    entries = readdirSync(directory);
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    const full = path.join(directory, entry);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (EXTENSIONS.test(entry)) yield full;
  }
}

function main() {
  const check = process.argv.includes("--check");
  // This script and the checker quote the old forms in their own comments.
  const skipped = new Set([fileURLToPath(import.meta.url), path.join(root, "scripts/check-see-links.mjs")]);
  let changed = 0;
  for (const directory of DIRECTORIES) {
    for (const file of sourceFiles(path.join(root, directory))) {
      if (skipped.has(file)) continue;
      const before = readFileSync(file, "utf8");
      const after = rewriteSource(before);
      if (after === before) continue;
      changed += 1;
      console.log(path.relative(root, file));
      if (!check) writeFileSync(file, after);
    }
  }
  console.log(`${changed} file(s) ${check ? "would change" : "changed"}`);
  if (check && changed > 0) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
