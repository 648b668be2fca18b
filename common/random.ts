/**
 * mulberry32: a tiny, fast, seeded generator of uniform numbers in [0, 1). For reproducible test
 * fixtures, sample files and benchmark universes (the market simulator uses its own keyed sfc32
 * streams in server/services/market/simulator/random.ts). Not for anything secret.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
