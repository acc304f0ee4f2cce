import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Every module of lib/tpp that reads secrets, the database or the network begins with
 * `import "server-only"`: Next then refuses to build a client component that imports it, so no
 * key, password hash or connection string can reach a browser's bundle. A module touches them
 * when it imports, for its values (not its types alone):
 *   - node:crypto for keys, signatures, secrets or password hashes (anything but randomUUID),
 *   - the file system (key files, the secrets file, credentials) or the network (undici, node:http(s), node:net, node:tls),
 *   - a database driver or drizzle (pg, @electric-sql/pglite, drizzle-orm),
 *   - the app's own doors to them: its configuration (lib/tpp/config), runtime (lib/tpp/runtime),
 *     database (lib/tpp/db/open-tpp-database) and secrets (lib/tpp/secrets/*);
 * or when it calls the bank through the signed client it is given (`client.fetch(`). Table
 * declarations (drizzle-orm/pg-core alone) read nothing: drizzle-kit loads them outside Next.
 * Test code (lib/tpp/testing, *.test.ts, *.test-support.ts) runs in vitest and Node, never in a page.
 */
const tppRoot = path.dirname(fileURLToPath(import.meta.url));
const repositoryRoot = path.resolve(tppRoot, "../..");

const serverPackages = new Set([
  "undici",
  "pg",
  "@electric-sql/pglite",
  "drizzle-orm",
  "fs",
  "fs/promises",
  "http",
  "https",
  "net",
  "tls",
  "http2",
  "dns",
  "child_process",
]);
/** Table declarations: no query runs through them. */
const declarationsOnly = new Set(["drizzle-orm/pg-core"]);
/** node:net's address checks open no connection. */
const harmlessNet = new Set(["isIP", "isIPv4", "isIPv6"]);
const serverModules = ["config", "runtime", "db/open-tpp-database", "secrets/"];
/** Modules of the kind that stay without it, and why. */
const exempt = new Map([
  ["db/schema.ts", "the tables' declaration (sql for defaults): drizzle-kit loads it outside Next, and it reads nothing"],
]);
/** node:crypto's names that carry no secret. */
const harmlessCrypto = new Set(["randomUUID"]);

interface ModuleImports {
  /** Value imports: specifier and the names imported (undefined for a namespace, default or bare import). */
  readonly imports: readonly { specifier: string; names: readonly string[] | undefined }[];
  /** The specifier of the first import declaration. */
  readonly first: string | undefined;
}

function readImports(file: string): ModuleImports {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    false,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const imports: { specifier: string; names: string[] | undefined }[] = [];
  let first: string | undefined;
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const specifier = statement.moduleSpecifier.text;
      first ??= specifier;
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const bindings = clause?.namedBindings;
      if (clause !== undefined && clause.name === undefined && bindings !== undefined && ts.isNamedImports(bindings)) {
        const names = bindings.elements
          .filter((element) => !element.isTypeOnly)
          .map((element) => (element.propertyName ?? element.name).text);
        if (names.length > 0) imports.push({ specifier, names });
        continue;
      }
      imports.push({ specifier, names: undefined });
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier !== undefined &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      !statement.isTypeOnly
    ) {
      imports.push({ specifier: statement.moduleSpecifier.text, names: undefined });
    }
  }
  return { imports, first };
}

/** What a module touches through one import, or undefined. */
function touches(file: string, specifier: string, names: readonly string[] | undefined): string | undefined {
  const bare = specifier.replace(/^node:/, "");
  if (bare === "crypto") return names !== undefined && names.every((name) => harmlessCrypto.has(name)) ? undefined : "node:crypto";
  if (bare === "net" && names !== undefined && names.every((name) => harmlessNet.has(name))) return undefined;
  if (declarationsOnly.has(bare)) return undefined;
  const pkg = bare.startsWith("@") ? bare.split("/").slice(0, 2).join("/") : bare.split("/")[0];
  if (serverPackages.has(bare) || (pkg !== undefined && serverPackages.has(pkg))) return specifier;
  const target = specifier.startsWith("@/lib/tpp/")
    ? specifier.slice("@/lib/tpp/".length)
    : specifier.startsWith(".")
      ? path
          .relative(tppRoot, path.resolve(path.dirname(file), specifier))
          .split(path.sep)
          .join("/")
      : undefined;
  if (target === undefined || target.startsWith("..")) return undefined;
  const module = target.replace(/\.tsx?$/, "");
  return serverModules.some((door) => (door.endsWith("/") ? module.startsWith(door) : module === door)) ? `lib/tpp/${module}` : undefined;
}

function listModules(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === "testing" || entry.name === "migrations" ? [] : listModules(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|test-support)\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** The repository's file an import names ("@/…" or relative), or undefined for a package. */
function resolveImport(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("@/")
    ? path.join(repositoryRoot, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  if (base === undefined) return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

/** The files of app/ and components/ that begin with "use client". */
function listClientComponents(): string[] {
  const walk = (directory: string): string[] =>
    readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) return walk(full);
      return /\.tsx?$/.test(entry.name) &&
        !/\.test\.tsx?$/.test(entry.name) &&
        /^\s*(?:\/\/[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*["']use client["']/.test(readFileSync(full, "utf8"))
        ? [full]
        : [];
    });
  return [...walk(path.join(repositoryRoot, "app")), ...walk(path.join(repositoryRoot, "components"))];
}

/**
 * The chains of value imports from a client component to a module that begins with
 * import "server-only" (which Next refuses to bundle for the browser).
 */
function serverOnlyReachedFrom(entry: string): string[][] {
  const chains: string[][] = [];
  const seen = new Set<string>();
  const visit = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const { imports, first } = readImports(file);
    const here = [...chain, path.relative(repositoryRoot, file)];
    if (first === "server-only") {
      chains.push(here);
      return;
    }
    for (const { specifier } of imports) {
      const target = resolveImport(file, specifier);
      if (target !== undefined) visit(target, here);
    }
  };
  visit(entry, []);
  return chains;
}

/** lib/tpp's modules that touch secrets, the database or the network, with what they touch. */
function serverModulesOfTpp(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of listModules(tppRoot)) {
    const reasons = readImports(file)
      .imports.map(({ specifier, names }) => touches(file, specifier, names))
      .filter((reason) => reason !== undefined);
    if (/\bclient\.fetch\(/.test(readFileSync(file, "utf8"))) reasons.push("a call to the bank");
    const module = path.relative(tppRoot, file).split(path.sep).join("/");
    if (reasons.length > 0 && !exempt.has(module)) found.set(module, reasons);
  }
  return found;
}

describe('import "server-only" in lib/tpp', () => {
  const modules = serverModulesOfTpp();

  it("finds the modules that read secrets, the database or the network", () => {
    // The doors themselves and a few of their users, so that the search cannot quietly find nothing.
    for (const known of [
      "config.ts",
      "runtime.ts",
      "db/open-tpp-database.ts",
      "secrets/load-sandbox-secrets.ts",
      "auth/hash-password.ts",
      "users/users-repository.ts",
      "aspsp/create-aspsp-client.ts",
      "pis/get-payment.ts",
    ]) {
      expect([...modules.keys()], known).toContain(known);
    }
    expect(modules.size).toBeGreaterThan(40);
  });

  it('each begins with import "server-only"', () => {
    const missing = [...modules]
      .filter(([module]) => readImports(path.join(tppRoot, module)).first !== "server-only")
      .map(([module, reasons]) => `lib/tpp/${module} (${[...new Set(reasons)].join(", ")})`);
    expect(missing).toEqual([]);
  });

  it("no client component imports a server-only module, through any chain of imports", () => {
    const clients = listClientComponents();
    expect(clients.length).toBeGreaterThan(5);
    const reached = clients.flatMap((client) => serverOnlyReachedFrom(client)).map((chain) => chain.join(" -> "));
    expect(reached).toEqual([]);
  });

  it("tells a module of the kind from one that is not", () => {
    const file = path.join(tppRoot, "example.ts");
    expect(touches(file, "node:crypto", ["randomUUID"])).toBeUndefined();
    expect(touches(file, "node:crypto", ["createPrivateKey"])).toBe("node:crypto");
    expect(touches(file, "node:crypto", undefined)).toBe("node:crypto");
    expect(touches(file, "drizzle-orm", ["eq"])).toBe("drizzle-orm");
    expect(touches(file, "drizzle-orm/pg-core", ["pgTable"])).toBeUndefined();
    expect(touches(file, "node:net", ["isIP"])).toBeUndefined();
    expect(touches(file, "node:net", ["createConnection"])).toBe("node:net");
    expect(touches(file, "undici", ["request"])).toBe("undici");
    expect(touches(file, "./config", ["getTppConfig"])).toBe("lib/tpp/config");
    expect(touches(path.join(tppRoot, "auth", "x.ts"), "../secrets/load-sandbox-secrets", ["loadSandboxSecrets"])).toBe(
      "lib/tpp/secrets/load-sandbox-secrets",
    );
    expect(touches(file, "@/lib/tpp/runtime", ["getTppRuntime"])).toBe("lib/tpp/runtime");
    expect(touches(file, "./format-wall-clock", ["formatWallClock"])).toBeUndefined();
    expect(touches(file, "zod", ["z"])).toBeUndefined();
  });
});
