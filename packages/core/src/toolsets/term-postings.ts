import type { TermDictionary } from './term-dictionary';
import { FIELD_COUNT, type ToolTerms } from './tool-terms';

/** A term's occurrences in one field are packed with the tool's slot: `slot * COUNT_RANGE + occurrences`. @internal */
export const COUNT_RANGE = 256;

/**
 * Which tools hold each term in each field (a posting list per `term id * FIELD_COUNT + field`
 * key, ids of the shared {@link TermDictionary}, in slot order), and how many of them are still in
 * the catalogue. The lists of the tools
 * given to the constructor are packed in one typed array (two passes: count, then
 * fill), which keeps building a large catalogue to a few allocations; tools added later are
 * appended to small per-key lists. Removing a tool only lowers the live counts: its slot stays
 * in the lists until the owner rebuilds. @internal
 */
export class TermPostings {
  /** Packed postings of the bulk-built tools, by key: `packed[start[key]]` up to `packed[start[key + 1]]`. */
  readonly start: Int32Array;
  readonly packed: Int32Array;
  /** Keys below this have a range in `packed`. */
  readonly packedKeys: number;
  /** Postings appended since the build, by key. */
  readonly appended = new Map<number, number[]>();
  /** How many postings were appended since the build. */
  appendedCount = 0;
  /** Live tools per key (tools removed since are not counted). */
  private live: Int32Array;

  /**
   * Postings of `tools` (all read with `dictionary`), tool `i` at slot `i`. Two passes over their
   * keys: count per key, then fill each key's range from its end, last tool first, which leaves
   * every range in slot order and `start` pointing at its beginning.
   */
  constructor(
    readonly dictionary: TermDictionary,
    tools: readonly ToolTerms[],
  ) {
    const keyCount = dictionary.texts.length * FIELD_COUNT;
    const live = new Int32Array(keyCount);
    let total = 0;
    // The work per tool is in small functions, optimised while the first catalogue is built and
    // reused as they are by every later build (a loop only runs optimised once it is hot).
    for (let slot = 0; slot < tools.length; slot++) total += countKeys(live, tools[slot]!.keys);
    const start = new Int32Array(keyCount + 1);
    let end = 0;
    for (let key = 0; key < keyCount; key++) start[key] = end += live[key]!;
    start[keyCount] = end;
    const packed = new Int32Array(total);
    for (let slot = tools.length - 1; slot >= 0; slot--) fillKeys(packed, start, tools[slot]!, slot * COUNT_RANGE);
    this.start = start;
    this.packed = packed;
    this.packedKeys = keyCount;
    this.live = live;
  }

  /** The text of term `id`. */
  text(id: number): string {
    return this.dictionary.texts[id]!;
  }

  /** How many tools in the catalogue hold term `id` in `field`. */
  liveCount(id: number, field: number): number {
    return this.live[id * FIELD_COUNT + field] ?? 0;
  }

  /** Whether some tool in the catalogue holds term `id` (in any field). */
  holds(id: number): boolean {
    return this.liveCount(id, 0) > 0 || this.liveCount(id, 1) > 0 || this.liveCount(id, 2) > 0;
  }

  /** Appends the postings of a tool added at `slot` (read with this dictionary). */
  append(slot: number, read: ToolTerms): void {
    const { keys, counts: occurrences } = read;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      if (key >= this.live.length) this.live = grown(this.live, key + 1);
      this.live[key]!++;
      const list = this.appended.get(key);
      const posting = slot * COUNT_RANGE + (occurrences ? occurrences[i]! : 1);
      if (list) list.push(posting);
      else this.appended.set(key, [posting]);
      this.appendedCount++;
    }
  }

  /** Lowers the live counts of a removed tool's terms. */
  release(read: ToolTerms): void {
    const keys = read.keys;
    for (let i = 0; i < keys.length; i++) this.live[keys[i]!]!--;
  }
}

/** Counts `keys` in `live`; returns how many there are. */
function countKeys(live: Int32Array, keys: Int32Array): number {
  for (let i = 0; i < keys.length; i++) live[keys[i]!]!++;
  return keys.length;
}

/** Writes the postings of a tool at the ends of its keys' ranges (`base` is its slot times COUNT_RANGE), moving the ends down. */
function fillKeys(packed: Int32Array, ends: Int32Array, read: ToolTerms, base: number): void {
  const { keys, counts } = read;
  for (let i = 0; i < keys.length; i++) packed[--ends[keys[i]!]!] = base + (counts === undefined ? 1 : counts[i]!);
}

function grown(array: Int32Array, atLeast: number): Int32Array {
  const next = new Int32Array(Math.max(atLeast, 2 * array.length));
  next.set(array);
  return next;
}
