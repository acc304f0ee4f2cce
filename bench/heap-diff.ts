/**
 * Compares two V8 heap snapshots (.heapsnapshot, as BENCH_APP_HEAP_SNAPSHOTS writes them) by
 * constructor: for each kind of object (its type and name), how many there are and their own
 * size in each, largest growth first. A snapshot holds only what lives after a full GC, so what
 * grows from one to the other is what the process keeps.
 *
 *   tsx bench/heap-diff.ts before.heapsnapshot after.heapsnapshot [rows]
 */
import { readFileSync } from "node:fs";
import { z } from "zod";

const snapshotSchema = z.object({
  snapshot: z.object({
    meta: z.object({ node_fields: z.array(z.string()), node_types: z.array(z.unknown()) }),
  }),
  nodes: z.array(z.number()),
  strings: z.array(z.string()),
});

type Tally = Map<string, { count: number; size: number }>;

function tally(file: string): { kinds: Tally; total: number } {
  const snapshot = snapshotSchema.parse(JSON.parse(readFileSync(file, "utf8")));
  const fields = snapshot.snapshot.meta.node_fields;
  const types = z.array(z.string()).parse(snapshot.snapshot.meta.node_types[0]);
  const width = fields.length;
  const typeAt = fields.indexOf("type");
  const nameAt = fields.indexOf("name");
  const sizeAt = fields.indexOf("self_size");
  const kinds: Tally = new Map();
  let total = 0;
  for (let at = 0; at < snapshot.nodes.length; at += width) {
    const type = types[snapshot.nodes[at + typeAt] ?? 0] ?? "?";
    const size = snapshot.nodes[at + sizeAt] ?? 0;
    // Strings and code by their type alone (their names are their contents).
    const name = ["string", "concatenated string", "sliced string", "code", "number"].includes(type)
      ? ""
      : (snapshot.strings[snapshot.nodes[at + nameAt] ?? 0] ?? "").slice(0, 80);
    const key = `${type}: ${name}`;
    const kind = kinds.get(key) ?? { count: 0, size: 0 };
    kind.count++;
    kind.size += size;
    kinds.set(key, kind);
    total += size;
  }
  return { kinds, total };
}

const [beforeFile, afterFile, rowsText] = process.argv.slice(2);
if (beforeFile === undefined || afterFile === undefined) {
  process.stderr.write("usage: tsx bench/heap-diff.ts before.heapsnapshot after.heapsnapshot [rows]\n");
  process.exit(2);
}
const before = tally(beforeFile);
const after = tally(afterFile);
const mb = (bytes: number) => (bytes / 1048576).toFixed(2);
process.stdout.write(`live heap: ${mb(before.total)} MB -> ${mb(after.total)} MB\n`);
const rows = [...new Set([...before.kinds.keys(), ...after.kinds.keys()])]
  .map((key) => {
    const a = before.kinds.get(key) ?? { count: 0, size: 0 };
    const b = after.kinds.get(key) ?? { count: 0, size: 0 };
    return { key, count: b.count - a.count, size: b.size - a.size, after: b };
  })
  .sort((x, y) => y.size - x.size)
  .slice(0, Number(rowsText ?? 40));
for (const row of rows)
  process.stdout.write(
    `${mb(row.size).padStart(8)} MB ${String(row.count).padStart(8)} objects  (${row.after.count} now, ${mb(row.after.size)} MB)  ${row.key}\n`,
  );
