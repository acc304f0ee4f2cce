#!/usr/bin/env node
// Keeps package-lock.json valid for `npm ci` on every platform.
//
// The registry reachable here serves only the Linux builds of platform packages such as
// @next/swc-* and @tailwindcss/oxide-*, so `npm install` leaves the other platforms' optional
// dependencies out of the lockfile, and `npm ci` then refuses it ("Missing: ... from lock file").
// This script adds each missing optional dependency as an optional entry whose `os`, `cpu` and
// `libc` are read from its name, so npm skips it on other platforms. Run it after every
// dependency change: `npm run lockfile:fix`.
import { readFileSync, writeFileSync } from "node:fs";

const lockPath = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const packages = lock.packages;

const osNames = ["darwin", "linux", "linuxmusl", "win32", "freebsd", "android", "openbsd", "netbsd", "sunos", "aix", "openharmony", "wasi"];
const cpuNames = ["arm64", "x64", "arm", "ia32", "wasm32", "ppc64", "s390x", "riscv64", "loong64", "mips64el"];

function platformOf(name) {
  const tokens = name.split("/").pop().split("-");
  const os = tokens.find((t) => osNames.includes(t));
  const cpu = tokens.find((t) => cpuNames.includes(t)) ?? (tokens.includes("eabi") ? "arm" : undefined);
  const entry = {};
  if (cpu === "wasm32") return { cpu: ["wasm32"] };
  if (!os || !cpu) return undefined;
  if (os === "linuxmusl") {
    Object.assign(entry, { os: ["linux"], libc: ["musl"] });
  } else if (os !== "wasi") {
    entry.os = [os];
  }
  entry.cpu = [cpu];
  if (tokens.includes("musl")) entry.libc = ["musl"];
  if (tokens.includes("gnu") || tokens.includes("gnueabihf")) entry.libc = ["glibc"];
  return entry;
}

function isInstalledSomewhere(name) {
  return Object.keys(packages).some((key) => key === `node_modules/${name}` || key.endsWith(`/node_modules/${name}`));
}

const added = [];
const unknown = [];
for (const [location, pkg] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(pkg.optionalDependencies ?? {})) {
    if (isInstalledSomewhere(name)) continue;
    const platform = platformOf(name);
    if (!platform) {
      unknown.push(`${name} (optional dependency of ${location || "the project"})`);
      continue;
    }
    const version = String(range).replace(/^[\^~=]/, "");
    packages[`node_modules/${name}`] = { version, optional: true, ...platform };
    added.push(`${name}@${version}`);
  }
}

if (unknown.length > 0) {
  console.error(`fix-lockfile: cannot tell the platform of: ${unknown.join(", ")}`);
  process.exitCode = 1;
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `fix-lockfile: added ${added.length} optional platform entries` : "fix-lockfile: nothing to add");
