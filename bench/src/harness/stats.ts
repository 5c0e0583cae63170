/** min / median / max of a sample set, plus how many samples it has. */
export interface Summary {
  min: number;
  median: number;
  max: number;
  n: number;
}

/** Summarises `samples` (at least one). */
export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0) throw new Error('summarize: no samples (did every repetition fail?).');
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { min: sorted[0]!, median, max: sorted[sorted.length - 1]!, n: sorted.length };
}

/** `items` rotated by `k`, so repetition k starts with a different adapter. */
export function rotate<T>(items: readonly T[], k: number): T[] {
  const n = items.length;
  if (n === 0) return [];
  const s = ((k % n) + n) % n;
  return [...items.slice(s), ...items.slice(0, s)];
}

/** Runs `gc()` when node was started with --expose-gc; a few passes so finalizers settle. */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('Memory figures need `node --expose-gc`; the bench script passes it to every worker.');
  for (let i = 0; i < 3; i++) gc();
}
