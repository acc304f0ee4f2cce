/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite resolves its WASM and data files at run time; node-forge prints noise when bundled.
  serverExternalPackages: ["@electric-sql/pglite", "node-forge"],
  poweredByHeader: false,
};

export default nextConfig;
