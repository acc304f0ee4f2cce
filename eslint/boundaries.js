// Local ESLint rule that keeps the architecture's boundaries:
//   lib/psd2 is pure protocol code: it imports neither lib/tpp nor lib/bank, nor any I/O module;
//   lib/tpp and lib/bank never import each other;
//   app/ and components/ never reach lib/bank;
//   components never import app/ (an action's state type lives in lib/tpp or beside its component).
// Import specifiers are resolved to a path inside the repository (relative or "@/..."), so
// "../bank/x", "../../lib/bank/x" and "@/lib/bank/x" are all caught the same way.
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/** The area of the repository a file belongs to, or undefined outside the guarded areas. */
function areaOf(file) {
  const rel = path.relative(root, file).split(path.sep).join("/");
  for (const area of ["lib/psd2", "lib/tpp", "lib/bank", "app", "components"]) {
    if (rel === area || rel.startsWith(`${area}/`)) return area;
  }
  return undefined;
}

function resolveSpecifier(fromFile, specifier) {
  if (specifier.startsWith("@/")) return path.join(root, specifier.slice(2));
  if (specifier.startsWith("./") || specifier.startsWith("../")) {
    return path.resolve(path.dirname(fromFile), specifier);
  }
  return undefined;
}

const forbiddenAreas = {
  "lib/psd2": ["lib/tpp", "lib/bank", "app", "components"],
  "lib/tpp": ["lib/bank", "app", "components"],
  "lib/bank": ["lib/tpp", "app", "components"],
  app: ["lib/bank"],
  components: ["lib/bank", "app"],
};

// lib/psd2 does no I/O: no file system, network, process or database modules.
const ioModules = new Set([
  "fs",
  "fs/promises",
  "net",
  "tls",
  "http",
  "https",
  "http2",
  "dgram",
  "dns",
  "child_process",
  "cluster",
  "worker_threads",
  "readline",
  "undici",
  "pg",
  "@electric-sql/pglite",
  "drizzle-orm",
  "fastify",
  "next",
  "server-only",
]);

function isIoModule(specifier) {
  const bare = specifier.replace(/^node:/, "");
  const pkg = bare.startsWith("@") ? bare.split("/").slice(0, 2).join("/") : bare.split("/")[0];
  return ioModules.has(bare) || ioModules.has(pkg);
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: "problem",
    docs: { description: "Keep lib/psd2, lib/tpp, lib/bank, app and components within their boundaries" },
    schema: [],
    messages: {
      crossArea: "{{from}} must not import from {{to}} ('{{specifier}}'): see the architecture in README.md.",
      io: "lib/psd2 is pure protocol code and must not import the I/O module '{{specifier}}'.",
    },
  },
  create(context) {
    const file = context.filename;
    const from = areaOf(file);
    if (!from) return {};
    // Tests may read fixtures and shared test vectors; the code they test stays pure.
    const isTestFile = /\.test(-support)?\.tsx?$/.test(file);
    function check(node, specifier) {
      if (typeof specifier !== "string") return;
      if (from === "lib/psd2" && !isTestFile && isIoModule(specifier)) {
        context.report({ node, messageId: "io", data: { specifier } });
        return;
      }
      const target = resolveSpecifier(file, specifier);
      if (!target) return;
      const to = areaOf(target);
      if (to && to !== from && forbiddenAreas[from]?.includes(to)) {
        context.report({ node, messageId: "crossArea", data: { from, to, specifier } });
      }
    }
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === "Literal" && check(node.source, node.source.value),
    };
  },
};

export default { rules: { boundaries: rule } };
