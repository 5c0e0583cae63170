import { FIELD_COUNT, type ToolTerms } from './tool-terms';

/** A term's occurrences in one field are packed with the tool's slot: `slot * COUNT_RANGE + occurrences`. @internal */
export const COUNT_RANGE = 256;

/**
 * Which tools hold each term in each field (a posting list per `term id * FIELD_COUNT + field`
 * key, in slot order), and how many of them are still in the catalogue. The lists of the tools
 * given to {@link TermPostings.build} are packed in one typed array (two passes: count, then
 * fill), which keeps building a large catalogue to a few allocations; tools added later are
 * appended to small per-key lists. Removing a tool only lowers the live counts: its slot stays
 * in the lists until the owner rebuilds. @internal
 */
export class TermPostings {
  private readonly ids = new Map<string, number>();
  /** Term text by id. */
  readonly texts: string[] = [];
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

  /** Postings of `tools` (slot and terms), in slot order. Points each tool's terms at one shared copy of each text. */
  constructor(tools: ReadonlyArray<readonly [number, ToolTerms]>) {
    let total = 0;
    for (const [, read] of tools) total += read.terms.length;
    const keyOf = new Int32Array(total);
    let counts: Int32Array = new Int32Array(1024);
    let at = 0;
    for (const [, read] of tools) {
      const { terms, fieldEnds } = read;
      for (let i = 0; i < terms.length; i++) {
        const id = this.idFor(terms[i]!);
        terms[i] = this.texts[id]!;
        const key = id * FIELD_COUNT + fieldOf(i, fieldEnds);
        if (key >= counts.length) counts = grown(counts, key + 1);
        counts[key]!++;
        keyOf[at++] = key;
      }
    }
    const keys = this.texts.length * FIELD_COUNT;
    this.packedKeys = keys;
    this.start = new Int32Array(keys + 1);
    for (let key = 0; key < keys; key++) this.start[key + 1] = this.start[key]! + counts[key]!;
    this.packed = new Int32Array(total);
    const cursor = this.start.slice(0, keys);
    at = 0;
    for (const [slot, read] of tools) {
      for (let i = 0; i < read.terms.length; i++) {
        this.packed[cursor[keyOf[at++]!]!++] = slot * COUNT_RANGE + (read.counts ? read.counts[i]! : 1);
      }
    }
    this.live = counts.length >= keys ? counts : grown(counts, keys);
  }

  /** The id of `term`, if the index has held it. */
  idOf(term: string): number | undefined {
    return this.ids.get(term);
  }

  /** How many tools in the catalogue hold term `id` in `field`. */
  liveCount(id: number, field: number): number {
    return this.live[id * FIELD_COUNT + field] ?? 0;
  }

  /** Appends the postings of a tool added at `slot`; calls `onNewTerm` with each term the index did not hold yet. */
  append(slot: number, read: ToolTerms, onNewTerm: (id: number) => void): void {
    const { terms, fieldEnds } = read;
    for (let i = 0; i < terms.length; i++) {
      const known = this.texts.length;
      const id = this.idFor(terms[i]!);
      terms[i] = this.texts[id]!;
      const key = id * FIELD_COUNT + fieldOf(i, fieldEnds);
      if (key >= this.live.length) this.live = grown(this.live, key + 1);
      this.live[key]!++;
      const list = this.appended.get(key);
      const posting = slot * COUNT_RANGE + (read.counts ? read.counts[i]! : 1);
      if (list) list.push(posting);
      else this.appended.set(key, [posting]);
      this.appendedCount++;
      if (id === known) onNewTerm(id);
    }
  }

  /** Lowers the live counts of a removed tool's terms. */
  release(read: ToolTerms): void {
    const { terms, fieldEnds } = read;
    for (let i = 0; i < terms.length; i++) this.live[this.ids.get(terms[i]!)! * FIELD_COUNT + fieldOf(i, fieldEnds)]!--;
  }

  private idFor(term: string): number {
    let id = this.ids.get(term);
    if (id === undefined) {
      id = this.texts.length;
      this.ids.set(term, id);
      this.texts.push(term);
    }
    return id;
  }
}

/** The field (0 name, 1 description, 2 parameters) of the term at `at` in a tool's terms. @internal */
export function fieldOf(at: number, fieldEnds: readonly [number, number]): number {
  return at < fieldEnds[0] ? 0 : at < fieldEnds[1] ? 1 : 2;
}

function grown(array: Int32Array, atLeast: number): Int32Array {
  const next = new Int32Array(Math.max(atLeast, 2 * array.length));
  next.set(array);
  return next;
}
