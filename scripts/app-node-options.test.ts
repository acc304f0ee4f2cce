import { spawnSync } from "node:child_process";
import { readFileSync, realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { APP_NODE_OPTIONS, NEXT_BIN } from "./app-node-options.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));

describe("the app's Node options", () => {
  it("npm start runs next start with them, as the demo and the benchmarks' app do", () => {
    const { scripts } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toBe(`node ${APP_NODE_OPTIONS.join(" ")} ${NEXT_BIN} start`);
    // The file npm's own `next` runs: the same command line, with the options in front.
    expect(realpathSync(`${root}node_modules/.bin/next`)).toBe(realpathSync(`${root}${NEXT_BIN}`));
  });

  it("cap V8's heap of a process started with them at 256 MB of old generation", () => {
    const limitMb = (options: readonly string[]) => {
      const child = spawnSync(
        process.execPath,
        [...options, "-e", "process.stdout.write(String(require('node:v8').getHeapStatistics().heap_size_limit))"],
        { encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } },
      );
      expect(child.status, child.stderr).toBe(0);
      return Number(child.stdout) / 2 ** 20;
    };
    const capped = limitMb(APP_NODE_OPTIONS);
    // The old generation's 256 MB and the young generation's semi-spaces beside it.
    expect(capped).toBeGreaterThanOrEqual(256);
    expect(capped).toBeLessThan(320);
    expect(limitMb([])).not.toBe(capped);
  });
});
