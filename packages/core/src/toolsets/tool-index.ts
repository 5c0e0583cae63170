import type { Tool } from '../contracts/tool';
import { searchTerms } from './search-terms';
import { termDictionary } from './term-dictionary';
import { COUNT_RANGE, TermPostings } from './term-postings';
import { FIELD_COUNT, toolTerms, type ToolTerms } from './tool-terms';
import { TopHits } from './top-hits';

/**
 * A term found in more than this share of a field's entries is not searched in that field (once
 * the catalogue has {@link COMMON_TERM_MIN_TOOLS} tools): its BM25 weight is small (IDF below
 * ln 2), but matching it would walk over most of the catalogue on every query that uses it.
 * @internal
 */
const COMMON_TERM_SHARE = 0.5;
/** Below this many tools no term is left out for being common (the statistics are too thin). @internal */
export const COMMON_TERM_MIN_TOOLS = 100;

/** Field boosts: name words, description, parameter names. */
const BOOSTS = [3, 1, 1.5] as const;
/** BM25+ parameters (term-frequency saturation, length normalisation, lower bound). */
const K = 1.2;
const B = 0.7;
const D = 0.5;
/** Weights of a prefix match and of a typo (near-word) match, relative to an exact one. */
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;

/** One ranked match of a {@link ToolIndex} search. */
export interface ToolIndexHit {
  name: string;
  score: number;
}

/**
 * The text index behind `ToolSearchToolset`: BM25+ over tool names split into words (boosted ×3),
 * descriptions and parameter names (×1.5), ranked as MiniSearch ranked it (k 1.2, b 0.7, d 0.5;
 * a hit's score times the number of distinct query terms it matched). Documents and queries share
 * one tokenizer ({@link searchTerms}); a tool's terms are read once per tool object, into ids of
 * a dictionary shared by every index ({@link toolTerms}), so building an index over tools read
 * before looks no word up: postings are counted and packed by id ({@link TermPostings}); the
 * dictionary lists its words by prefix and length for every index. In catalogues of {@link COMMON_TERM_MIN_TOOLS}+ tools a term held by more
 * than half of a field's tools is not searched in that field. Query terms of 3+ letters also
 * match longer words as prefixes; a query term of 4+ letters that is no word of the catalogue is
 * taken for a typo and matched within one edit (two from 8 letters). Ties keep catalogue order.
 *
 * Tools are added and removed one by one (`add`, `remove`): statistics are kept current, so the
 * ranking is the one a fresh index over the same tools would give. Removed tools leave holes that
 * a compaction closes once they outnumber the tools left. @internal
 */
export class ToolIndex {
  /** Per slot: the terms its tool was indexed with, `undefined` once removed. */
  private slots: Array<ToolTerms | undefined> = [];
  private names: string[] = [];
  /** Per slot: the tool (to read it again when the shared dictionary is replaced). */
  private tools: Tool[] = [];
  /** Slot by tool name, made on the first `add` or `remove` (a search needs none). */
  private slotIndex?: Map<string, number>;
  /** How many slots hold a tool. */
  private count = 0;
  /** Per field, per slot: its number of distinct terms (BM25's field length); room for `capacity` slots. */
  private lengths: Int32Array[] = [];
  private capacity = 0;
  /** Per field, the sum of its lengths. A typed array: its map never changes, so code reading it stays optimised from one index to the next. */
  private lengthSums = new Float64Array(FIELD_COUNT);
  private postings: TermPostings;

  // Scratch space of a search, by slot; `stamp` tells this search's (and this term's) marks from older ones.
  private scores = new Float64Array(0);
  private matched = new Uint16Array(0);
  private searchMark = new Int32Array(0);
  private termMark = new Int32Array(0);
  private stamp = 0;

  constructor(tools: Iterable<Tool> = []) {
    this.postings = this.rebuild(Array.isArray(tools) ? tools : [...tools]);
  }

  /** How many tools are indexed. */
  get size(): number {
    return this.count;
  }

  /** Indexes `tool` (replacing an indexed tool of the same name). */
  add(tool: Tool): void {
    this.remove(tool.name);
    const read = toolTerms(tool);
    const slot = this.place(tool, read);
    // The shared dictionary was replaced since the index was built: read every tool anew.
    if (read.dictionary !== this.postings.dictionary) return this.compact();
    this.postings.append(slot, read);
    // Appended lists are slower to walk than packed ones: repack once they are as large.
    if (this.postings.appendedCount > Math.max(1024, this.postings.packed.length)) this.compact();
  }

  /** Takes the tool named `name` out of the index; false when there is none. */
  remove(name: string): boolean {
    const slot = this.slotOf().get(name);
    if (slot === undefined) return false;
    this.postings.release(this.slots[slot]!);
    for (let field = 0; field < FIELD_COUNT; field++) this.lengthSums[field]! -= this.lengths[field]![slot]!;
    this.slots[slot] = undefined;
    this.slotOf().delete(name);
    this.count--;
    const holes = this.slots.length - this.count;
    if (holes > 64 && holes > this.count) this.compact();
    return true;
  }

  /** The best `limit` tools matching `query`, best first. */
  search(query: string, limit: number): ToolIndexHit[] {
    const count = this.count;
    const words = searchTerms(query);
    if (count === 0 || words.length === 0 || limit < 1) return [];
    this.ensureScratch();
    const search = this.nextStamp();
    const maxShared = count >= COMMON_TERM_MIN_TOOLS ? count * COMMON_TERM_SHARE : Infinity;
    const averages = this.lengthSums.map((sum) => sum / count);
    const postings = this.postings;
    const touched: number[] = [];

    // Each distinct query term once, weighted by how often the query repeats it.
    const repeats = new Map<string, number>();
    for (const word of words) repeats.set(word, (repeats.get(word) ?? 0) + 1);
    for (const [word, times] of repeats) {
      const mark = this.nextStamp();
      const visit = (packed: number, factor: number, lengths: Int32Array, relative: number): void => {
        const slot = Math.floor(packed / COUNT_RANGE);
        if (this.slots[slot] === undefined) return;
        const tf = packed % COUNT_RANGE;
        const gain = factor * (D + (tf * (K + 1)) / (tf + K * (1 - B + relative * lengths[slot]!)));
        if (this.searchMark[slot] !== search) {
          this.searchMark[slot] = search;
          this.scores[slot] = 0;
          this.matched[slot] = 0;
          touched.push(slot);
        }
        if (this.termMark[slot] !== mark) {
          this.termMark[slot] = mark;
          this.matched[slot]!++;
        }
        this.scores[slot]! += gain;
      };
      const score = (id: number, weight: number): void => {
        for (let field = 0; field < FIELD_COUNT; field++) {
          const live = postings.liveCount(id, field);
          if (live === 0 || live > maxShared) continue;
          const factor = weight * BOOSTS[field]! * Math.log(1 + (count - live + 0.5) / (live + 0.5));
          const lengths = this.lengths[field]!;
          const relative = B / averages[field]!;
          const key = id * FIELD_COUNT + field;
          if (key < postings.packedKeys) {
            for (let at = postings.start[key]!, end = postings.start[key + 1]!; at < end; at++) visit(postings.packed[at]!, factor, lengths, relative);
          }
          for (const packed of postings.appended.get(key) ?? []) visit(packed, factor, lengths, relative);
        }
      };
      const exact = postings.dictionary.idOf(word);
      if (exact !== undefined) score(exact, times);
      const table = postings.dictionary.words();
      for (const entry of table.longerWithPrefix(word)) {
        if (!this.searchable(entry.id, maxShared)) continue;
        const extra = entry.term.length - word.length;
        score(entry.id, times * ((PREFIX_WEIGHT * entry.term.length) / (entry.term.length + 0.3 * extra)));
      }
      // A word of the catalogue (common ones included) is no typo.
      if (word.length >= 4 && !(exact !== undefined && postings.holds(exact))) {
        for (const [entry, distance] of table.near(word, word.length >= 8 ? 2 : 1)) {
          // A word that is also a prefix match was scored as one.
          if (entry.term.startsWith(word) || !this.searchable(entry.id, maxShared)) continue;
          score(entry.id, times * ((FUZZY_WEIGHT * entry.term.length) / (entry.term.length + distance)));
        }
      }
    }

    const top = new TopHits(limit);
    for (const slot of touched) top.offer(slot, this.scores[slot]! * this.matched[slot]!);
    return top.sorted().map(([slot, score]) => ({ name: this.names[slot]!, score }));
  }

  /** Whether some field of term `id` is searched: held by live tools and by no more than `maxShared`. */
  private searchable(id: number, maxShared: number): boolean {
    for (let field = 0; field < FIELD_COUNT; field++) {
      const live = this.postings.liveCount(id, field);
      if (live > 0 && live <= maxShared) return true;
    }
    return false;
  }

  private slotOf(): Map<string, number> {
    if (!this.slotIndex) {
      this.slotIndex = new Map();
      this.slots.forEach((read, slot) => read && this.slotIndex!.set(this.names[slot]!, slot));
    }
    return this.slotIndex;
  }

  /** Gives a tool the next slot and counts its field lengths. */
  private place(tool: Tool, read: ToolTerms): number {
    const slot = this.slots.length;
    if (slot === this.capacity) this.growLengths(Math.max(16, 2 * slot));
    this.slots.push(read);
    this.tools.push(tool);
    this.names.push(tool.name);
    this.slotIndex?.set(tool.name, slot);
    this.count++;
    this.countLengths(slot, read);
    return slot;
  }

  private countLengths(slot: number, read: ToolTerms): void {
    const { keys, fieldEnds } = read;
    const name = fieldEnds[0];
    const description = fieldEnds[1] - fieldEnds[0];
    const parameters = keys.length - fieldEnds[1];
    this.lengths[0]![slot] = name;
    this.lengths[1]![slot] = description;
    this.lengths[2]![slot] = parameters;
    this.lengthSums[0]! += name;
    this.lengthSums[1]! += description;
    this.lengthSums[2]! += parameters;
  }

  private growLengths(capacity: number): void {
    this.lengths = [0, 1, 2].map((field) => {
      const lengths = new Int32Array(capacity);
      if (this.lengths[field]) lengths.set(this.lengths[field]!.subarray(0, Math.min(capacity, this.capacity)));
      return lengths;
    });
    this.capacity = capacity;
  }

  /** Indexes `tools` from scratch, in their order. */
  private rebuild(tools: readonly Tool[]): TermPostings {
    const count = tools.length;
    const read = new Array<ToolTerms>(count);
    // toolTerms and countLengths are called per tool: optimised in the first build, reused by later ones.
    for (let slot = 0; slot < count; slot++) read[slot] = toolTerms(tools[slot]!);
    const dictionary = termDictionary();
    // The shared dictionary was replaced while the tools were read: read the earlier ones again.
    for (let slot = 0; slot < count; slot++) if (read[slot]!.dictionary !== dictionary) read[slot] = toolTerms(tools[slot]!);
    this.slots = read;
    this.tools = tools.slice();
    this.names = new Array<string>(count);
    this.slotIndex = undefined;
    this.count = count;
    this.lengths = [];
    this.capacity = 0;
    this.growLengths(count);
    this.lengthSums = new Float64Array(FIELD_COUNT);
    for (let slot = 0; slot < count; slot++) {
      this.names[slot] = tools[slot]!.name;
      this.countLengths(slot, read[slot]!);
    }
    this.postings = new TermPostings(dictionary, read);
    return this.postings;
  }

  /** Rebuilds the index from the tools still in it, in their order: no holes, no appended lists. */
  private compact(): void {
    this.rebuild(this.tools.filter((_, slot) => this.slots[slot] !== undefined));
  }

  private ensureScratch(): void {
    const needed = this.slots.length;
    if (this.scores.length >= needed) return;
    const size = Math.max(needed, 2 * this.scores.length);
    this.scores = new Float64Array(size);
    this.matched = new Uint16Array(size);
    this.searchMark = new Int32Array(size);
    this.termMark = new Int32Array(size);
  }

  private nextStamp(): number {
    if (this.stamp >= 0x7fffffff) {
      this.stamp = 0;
      this.searchMark.fill(0);
      this.termMark.fill(0);
    }
    return ++this.stamp;
  }
}
