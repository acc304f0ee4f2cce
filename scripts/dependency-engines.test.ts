import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lowestSupportedNode, unmetNodeEngines, type LockfilePackage } from "./dependency-engines.mjs";

const root = new URL("../", import.meta.url);
const readJson = <T>(file: string): T => JSON.parse(readFileSync(new URL(file, root), "utf8")) as T;
const lock = readJson<{ packages: Record<string, LockfilePackage> }>("package-lock.json");
const packageJson = readJson<{ engines?: { node?: string } }>("package.json");
const linux = { platform: "linux", arch: "x64" };

describe("the dependencies' Node.js engines", () => {
  it("the README names the lowest Node.js version package.json's engines admit", () => {
    const lowest = lowestSupportedNode(packageJson);
    const [major, minor] = lowest.split(".");
    expect(readFileSync(new URL("README.md", root), "utf8")).toContain(`Node.js ${major}.${minor} or later`);
  });

  it("every package in package-lock.json installed on Linux runs on that version", () => {
    const lowest = lowestSupportedNode(packageJson);
    expect(lowest).toBe("20.19.0");
    expect(unmetNodeEngines(lock, lowest, linux)).toEqual([]);
    // And on the other platforms whose builds the lockfile lists.
    for (const here of [
      { platform: "darwin", arch: "arm64" },
      { platform: "win32", arch: "x64" },
    ]) {
      expect(unmetNodeEngines(lock, lowest, here), here.platform).toEqual([]);
    }
  });

  it("the lockfile resolves cookie below 2 wherever it is installed (cookie 2 declares Node.js 22)", () => {
    const cookies = Object.entries(lock.packages).filter(([location]) => location.endsWith("node_modules/cookie"));
    expect(cookies.length).toBeGreaterThan(0);
    for (const [location, entry] of cookies) expect(entry.version, location).toMatch(/^[01]\./);
  });

  it("names a package whose engine the version does not meet, such as cookie 2", () => {
    const withCookie2 = {
      packages: {
        ...lock.packages,
        "node_modules/@fastify/cookie/node_modules/cookie": { version: "2.0.0", engines: { node: ">=22" } },
      },
    };
    expect(unmetNodeEngines(withCookie2, "20.19.0", linux)).toEqual([
      { location: "node_modules/@fastify/cookie/node_modules/cookie", version: "2.0.0", node: ">=22" },
    ]);
    expect(unmetNodeEngines(withCookie2, "24.0.0", linux)).toEqual([]);
  });

  it("leaves out a build for another platform only, and checks one for this platform", () => {
    const builds = {
      packages: {
        "": {},
        "node_modules/@scope/binding-darwin-arm64": {
          version: "1.0.0",
          optional: true,
          os: ["darwin"],
          cpu: ["arm64"],
          engines: { node: ">=22" },
        },
        "node_modules/@scope/binding-linux-x64-gnu": {
          version: "1.0.0",
          optional: true,
          os: ["linux"],
          cpu: ["x64"],
          engines: { node: ">=22" },
        },
        "node_modules/not-on-windows": { version: "1.0.0", optional: true, os: ["!win32"], engines: { node: ">=22" } },
      },
    };
    expect(unmetNodeEngines(builds, "20.19.0", linux).map((entry) => entry.location)).toEqual([
      "node_modules/@scope/binding-linux-x64-gnu",
      "node_modules/not-on-windows",
    ]);
    expect(unmetNodeEngines(builds, "20.19.0", { platform: "win32", arch: "x64" })).toEqual([]);
  });
});
