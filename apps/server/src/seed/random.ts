/** A small seeded PRNG (sfc32, seeded through splitmix32): the same seed gives the same rows on every run. */
export type Rng = {
  /** Uniform in [0, 1). */
  next(): number;
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight: `[[value, weight], …]`. */
  weighted<T>(table: Weighted<T>): T;
  digits(count: number): string;
  /** Writes the generator's state (four 32-bit words) at `offset`, to `restore` it later. */
  save(into: Uint32Array, offset: number): void;
  /** Continues from a state `save` wrote: the same draws follow as followed then. */
  restore(from: Uint32Array, offset: number): void;
};

export type Weighted<T> = readonly (readonly [T, number])[];

function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

function hashLabel(label: string): number {
  let h = 2166136261;
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** One independent stream per (seed, label), so adding a table never shifts another table's rows. */
export function createRng(seed: number, label: string): Rng {
  const init = splitmix32((seed >>> 0) ^ hashLabel(label));
  let a = init();
  let b = init();
  let c = init();
  let d = init();
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    weighted<T>(table: Weighted<T>): T {
      // Indexed loops, not destructuring iteration: the seed draws tens of millions of these.
      let total = 0;
      for (let i = 0; i < table.length; i++) total += table[i]![1];
      let r = next() * total;
      for (let i = 0; i < table.length; i++) {
        r -= table[i]![1];
        if (r < 0) return table[i]![0];
      }
      return table[table.length - 1]![0];
    },
    digits(count) {
      let out = '';
      for (let i = 0; i < count; i++) out += String(int(0, 9));
      return out;
    },
    save(into, offset) {
      into[offset] = a;
      into[offset + 1] = b;
      into[offset + 2] = c;
      into[offset + 3] = d;
    },
    restore(from, offset) {
      a = from[offset]!;
      b = from[offset + 1]!;
      c = from[offset + 2]!;
      d = from[offset + 3]!;
    },
  };
}
