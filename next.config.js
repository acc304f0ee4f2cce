import { realpathSync } from "node:fs";
import path from "node:path";

const projectDir = import.meta.dirname;

/**
 * Turbopack compiles only files under its root. In a git worktree whose node_modules is a link to
 * another checkout's, the root must hold both; elsewhere it is the project itself.
 */
function turbopackRoot() {
  let modules;
  try {
    modules = path.dirname(realpathSync(path.join(projectDir, "node_modules")));
  } catch {
    return projectDir;
  }
  let root = projectDir;
  while (path.relative(root, modules).startsWith("..")) root = path.dirname(root);
  return root;
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite resolves its WASM and data files at run time; node-forge prints noise when bundled;
  // pg and undici are Node servers' libraries, loaded as they are.
  serverExternalPackages: ["@electric-sql/pglite", "node-forge", "pg", "undici"],
  poweredByHeader: false,
  turbopack: { root: turbopackRoot() },
  // The proxy sets every response's security headers (lib/tpp/proxy/apply-security-headers.ts)
  // but never sees Next's own build files: these get theirs here (a CSP means nothing for a
  // script or stylesheet itself).
  async headers() {
    return [
      {
        source: "/_next/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Cross-Origin-Resource-Policy", value: "same-origin" },
        ],
      },
    ];
  },
};

export default nextConfig;
