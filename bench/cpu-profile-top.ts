/**
 * The functions a V8 CPU profile (bench/cpu-profile-preload.mjs) spends most time in, self and
 * inclusive: `npx tsx bench/cpu-profile-top.ts <file.cpuprofile> [rows] [filter]`; `filter` keeps
 * the inclusive list to URLs containing it (e.g. lib/bank).
 */
import { readFileSync } from "node:fs";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const [file, rowsArg, filter] = process.argv.slice(2);
if (!file) throw new Error("usage: cpu-profile-top.ts <file.cpuprofile> [rows] [filter]");
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const rows = Number(rowsArg ?? 30);
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const label = (node: Node) =>
  `${node.callFrame.functionName || "(anonymous)"} ${node.callFrame.url.replace(/^.*\/(node_modules|lib|bench)\//, "$1/")}:${node.callFrame.lineNumber + 1}`;

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, index) => {
  const ms = (profile.timeDeltas[index] ?? 0) / 1000;
  total += ms;
  const node = byId.get(id);
  if (!node) return;
  self.set(label(node), (self.get(label(node)) ?? 0) + ms);
  const seen = new Set<string>();
  for (let current: number | undefined = id; current !== undefined; current = parent.get(current)) {
    const at = byId.get(current);
    if (!at) break;
    const name = label(at);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
  }
});
const print = (title: string, map: Map<string, number>, keep: (name: string) => boolean) => {
  process.stdout.write(`${title} (of ${total.toFixed(0)} ms)\n`);
  for (const [name, ms] of [...map]
    .filter(([name]) => keep(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows))
    process.stdout.write(`${ms.toFixed(0).padStart(8)} ms ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${name}\n`);
};
print("self", self, () => true);
print("inclusive", inclusive, (name) => (filter ? name.includes(filter) : true));
