// Which installed dependencies declare a Node.js engine that a given Node.js version does not
// meet, read from package-lock.json (npm records each package's `engines` there). A package
// built for another platform only (optional, with `os`/`cpu`/`libc` that exclude this one) is
// never installed here and is left out.
import semver from "semver";

/**
 * @param {{ packages: Record<string, { version?: string, optional?: boolean, os?: string[], cpu?: string[], engines?: Record<string, string> | string[] }> }} lock
 * @param {string} nodeVersion e.g. "20.19.0"
 * @param {{ platform: string, arch: string }} [here] the platform the packages are installed on
 * @returns {{ location: string, version: string, node: string }[]}
 */
export function unmetNodeEngines(lock, nodeVersion, here = { platform: process.platform, arch: process.arch }) {
  const unmet = [];
  for (const [location, entry] of Object.entries(lock.packages ?? {})) {
    if (location === "") continue;
    if (entry.optional && !runsOn(entry, here)) continue;
    // Old packages wrote engines as an array of strings; npm ignores those.
    const node = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
    if (typeof node !== "string") continue;
    if (!semver.satisfies(nodeVersion, node)) unmet.push({ location, version: entry.version ?? "?", node });
  }
  return unmet;
}

/** Whether a package's `os` and `cpu` (npm's `!name` exclusions too) allow this platform. */
function runsOn(entry, { platform, arch }) {
  return allows(entry.os, platform) && allows(entry.cpu, arch);
}

function allows(list, value) {
  if (!Array.isArray(list) || list.length === 0) return true;
  if (list.includes(`!${value}`)) return false;
  const positive = list.filter((item) => !item.startsWith("!"));
  return positive.length === 0 || positive.includes(value);
}

/** The lowest Node.js version the project's own `engines.node` range admits, e.g. "20.19.0". */
export function lowestSupportedNode(packageJson) {
  const range = packageJson.engines?.node;
  if (typeof range !== "string") throw new Error("package.json: engines.node is missing");
  const lowest = semver.minVersion(range);
  if (lowest === null) throw new Error(`package.json: engines.node '${range}' admits no version`);
  return lowest.version;
}
