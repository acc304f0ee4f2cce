/**
 * A small seeded pseudo-random generator for the sandbox dataset: the same label gives the same
 * sequence on every machine and run (mulberry32 over a 32-bit seed taken from SHA-256 of the label).
 */
import { createHash } from "node:crypto";

export type Random = {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** One item of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** A string of n random decimal digits. */
  digits(n: number): string;
};

/** A deterministic generator seeded from a label. */
export function createRandom(label: string): Random {
  let state = createHash("sha256").update(label, "utf8").digest().readUInt32BE(0);
  const next = (): number => {
    // mulberry32
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick<T>(items: readonly T[]): T {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new RangeError("pick needs a non-empty list");
      return item;
    },
    digits: (n) => Array.from({ length: n }, () => String(int(0, 9))).join(""),
  };
}
