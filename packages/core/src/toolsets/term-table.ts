/** Query terms shorter than this match no longer terms as prefixes. @internal */
export const MIN_PREFIX_LENGTH = 3;

/**
 * The words of a search index, each with its entry, found by exact word, by prefix and by edit
 * distance. Prefix matches come from buckets keyed by a word's first {@link MIN_PREFIX_LENGTH}
 * letters, near words from lists by word length, so neither walks the whole vocabulary. Entries
 * are never taken out (the index skips entries with nothing left in them and rebuilds the table
 * when it compacts). @internal
 */
export class TermTable<E extends { readonly term: string }> {
  private readonly byTerm = new Map<string, E>();
  private readonly byPrefix = new Map<string, E[]>();
  private readonly byLength: E[][] = [];

  /** The entry of `term`, made by `create` if there is none yet. */
  entry(term: string, create: (term: string) => E): E {
    let entry = this.byTerm.get(term);
    if (entry === undefined) {
      entry = create(term);
      this.byTerm.set(term, entry);
      if (term.length > MIN_PREFIX_LENGTH) {
        const key = term.slice(0, MIN_PREFIX_LENGTH);
        const bucket = this.byPrefix.get(key);
        if (bucket) bucket.push(entry);
        else this.byPrefix.set(key, [entry]);
      }
      (this.byLength[term.length] ??= []).push(entry);
    }
    return entry;
  }

  get(term: string): E | undefined {
    return this.byTerm.get(term);
  }

  /** Entries of the words that start with `prefix` and are longer ( `prefix` of 3+ letters). */
  *longerWithPrefix(prefix: string): Generator<E> {
    if (prefix.length < MIN_PREFIX_LENGTH) return;
    for (const entry of this.byPrefix.get(prefix.slice(0, MIN_PREFIX_LENGTH)) ?? []) {
      if (entry.term.length > prefix.length && entry.term.startsWith(prefix)) yield entry;
    }
  }

  /** Entries of the words within `maxDistance` edits of `word` (Levenshtein), other than `word`, with their distance. */
  *near(word: string, maxDistance: number): Generator<[E, number]> {
    const from = Math.max(1, word.length - maxDistance);
    const to = Math.min(this.byLength.length - 1, word.length + maxDistance);
    for (let length = from; length <= to; length++) {
      for (const entry of this.byLength[length] ?? []) {
        const distance = editDistanceWithin(word, entry.term, maxDistance);
        if (distance > 0 && distance <= maxDistance) yield [entry, distance];
      }
    }
  }
}

/** Reused rows of {@link editDistanceWithin}. */
let previousRow = new Uint8Array(64);
let currentRow = new Uint8Array(64);

/**
 * The Levenshtein distance between `a` and `b` (insertions, deletions, substitutions), or
 * `max + 1` as soon as it is known to exceed `max`. @internal
 */
export function editDistanceWithin(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = a.length;
  if (n + 1 > previousRow.length) {
    previousRow = new Uint8Array(2 * (n + 1));
    currentRow = new Uint8Array(2 * (n + 1));
  }
  let previous = previousRow;
  let current = currentRow;
  const cap = max + 1;
  for (let j = 0; j <= n; j++) previous[j] = Math.min(j, cap);
  for (let i = 1; i <= b.length; i++) {
    const char = b.charCodeAt(i - 1);
    current[0] = Math.min(i, cap);
    let rowMin = current[0]!;
    for (let j = 1; j <= n; j++) {
      const substitute = previous[j - 1]! + (a.charCodeAt(j - 1) === char ? 0 : 1);
      const remove = previous[j]! + 1;
      const insert = current[j - 1]! + 1;
      const distance = Math.min(substitute, remove, insert, cap);
      current[j] = distance;
      if (distance < rowMin) rowMin = distance;
    }
    if (rowMin > max) return cap;
    const swap = previous;
    previous = current;
    current = swap;
  }
  return previous[n]!;
}
