/** See dependency-engines.mjs. */
export type LockfilePackage = {
  version?: string;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  engines?: Record<string, string> | string[];
};
export function unmetNodeEngines(
  lock: { packages: Record<string, LockfilePackage> },
  nodeVersion: string,
  here?: { platform: string; arch: string },
): { location: string; version: string; node: string }[];
export function lowestSupportedNode(packageJson: { engines?: { node?: string } }): string;
