import type { Tool } from '../contracts/tool';
import { forEachParameterName, nameWords } from './tool-catalogue';
import { searchTerms } from './search-terms';
import { termDictionary, type TermDictionary } from './term-dictionary';

/** The number of indexed fields: name words, description, parameter names. @internal */
export const FIELD_COUNT = 3;

/**
 * A tool's distinct search terms per field — name words, description, parameter names, one after
 * the other — as posting keys (`term id * FIELD_COUNT + field`, ids of `dictionary`), with how
 * often each occurs in its field, and what they were read from (to tell a changed tool). @internal
 */
export interface ToolTerms {
  /** The posting key of each distinct term: the name's (`[0, fieldEnds[0])`), the description's (up to `fieldEnds[1]`), then the parameter names'. */
  readonly keys: Int32Array;
  readonly dictionary: TermDictionary;
  readonly fieldEnds: readonly [number, number];
  /** Occurrences of each term in its field; `undefined` when every term occurs once (the usual case). */
  readonly counts: Uint8Array | undefined;
  readonly name: string;
  readonly description: string;
  readonly parameters: unknown;
}

/**
 * Terms by tool object. A tool is a plain object that is copied rather than changed, so its terms
 * are read once however many catalogues (toolsets, rebuilt indexes) hold it; a tool whose name,
 * description or parameters object was replaced since (or read with a dictionary since replaced)
 * is read again.
 */
const cache = new WeakMap<Tool, ToolTerms>();

/** The search terms of `tool`'s fields (see {@link searchTerms}), read once per tool object. @internal */
export function toolTerms(tool: Tool): ToolTerms {
  const dictionary = termDictionary();
  const cached = cache.get(tool);
  // Called on a miss too, so a first catalogue (all misses) leaves the check optimised for the hits of later ones.
  if (isCurrent(cached, tool, dictionary)) return cached;
  const read = readTerms(tool, dictionary);
  cache.set(tool, read);
  return read;
}

/** Whether `read` was read from `tool` as it is now, with `dictionary`. */
function isCurrent(read: ToolTerms | undefined, tool: Tool, dictionary: TermDictionary): read is ToolTerms {
  return read !== undefined && read.dictionary === dictionary && read.name === tool.name && read.description === (tool.description ?? '') && read.parameters === tool.parameters;
}

function readTerms(tool: Tool, dictionary: TermDictionary): ToolTerms {
  const description = tool.description ?? '';
  const builder = reader.start(dictionary);
  builder.addAll(searchTerms(tool.name), 0);
  const nameEnd = builder.length;
  builder.startField();
  builder.addAll(searchTerms(description), 1);
  const descriptionEnd = builder.length;
  builder.startField();
  forEachParameterName(tool.parameters, builder.addParameter);
  return {
    keys: builder.keys.slice(0, builder.length),
    dictionary,
    fieldEnds: [nameEnd, descriptionEnd],
    counts: builder.repeated ? builder.counts.slice(0, builder.length) : undefined,
    name: tool.name,
    description,
    parameters: tool.parameters,
  };
}

/**
 * The search terms of a parameter name (`searchTerms(nameWords(key))`), by name: catalogues
 * repeat a few parameter names (`id`, `query`, `limit`) over thousands of tools.
 */
const parameterTermsCache = new Map<string, readonly string[]>();
/** Past this many names the cache starts over, so odd schemas cannot make it grow without end. */
const MAX_CACHED_NAMES = 4096;

function parameterTerms(key: string): readonly string[] {
  let terms = parameterTermsCache.get(key);
  if (terms === undefined) {
    if (parameterTermsCache.size >= MAX_CACHED_NAMES) parameterTermsCache.clear();
    terms = searchTerms(nameWords(key));
    parameterTermsCache.set(key, terms);
  }
  return terms;
}

/**
 * Scratch space of `toolTerms`, reused from tool to tool: each field's distinct keys and their
 * counts are gathered here, then copied out once per tool.
 */
class TermsReader {
  keys = new Int32Array(64);
  counts = new Uint8Array(64);
  length = 0;
  /** Whether some term occurred twice in its field. */
  repeated = false;
  private fieldStart = 0;
  private dictionary!: TermDictionary;
  /** Position of a key in the current field, for fields too long for a linear look-up. */
  private positions?: Map<number, number>;

  /** Adds the terms of a parameter name to the parameters field. */
  readonly addParameter = (key: string): void => this.addAll(parameterTerms(key), 2);

  start(dictionary: TermDictionary): this {
    this.dictionary = dictionary;
    this.length = 0;
    this.fieldStart = 0;
    this.repeated = false;
    this.positions = undefined;
    return this;
  }

  /** Starts the next field at the current end. */
  startField(): void {
    this.fieldStart = this.length;
    this.positions = undefined;
  }

  /** Adds `terms` to `field` (the current one), counting repeats of a term within the field. */
  addAll(terms: readonly string[], field: number): void {
    for (let i = 0; i < terms.length; i++) this.add(this.dictionary.idFor(terms[i]!) * FIELD_COUNT + field);
  }

  private add(key: number): void {
    const at = this.find(key);
    if (at >= 0) {
      // Occurrences past 255 in one field are counted as 255: BM25 saturates long before.
      if (this.counts[at]! < 255) this.counts[at]!++;
      this.repeated = true;
      return;
    }
    if (this.length === this.keys.length) this.grow();
    this.positions?.set(key, this.length);
    this.keys[this.length] = key;
    this.counts[this.length] = 1;
    this.length++;
    // Most fields hold a handful of distinct terms, where a linear look-up beats a Map.
    if (this.positions === undefined && this.length - this.fieldStart === 32) this.indexField();
  }

  private find(key: number): number {
    if (this.positions) return this.positions.get(key) ?? -1;
    for (let at = this.fieldStart; at < this.length; at++) if (this.keys[at] === key) return at;
    return -1;
  }

  private indexField(): void {
    this.positions = new Map();
    for (let at = this.fieldStart; at < this.length; at++) this.positions.set(this.keys[at]!, at);
  }

  private grow(): void {
    const keys = new Int32Array(2 * this.keys.length);
    keys.set(this.keys);
    this.keys = keys;
    const counts = new Uint8Array(2 * this.counts.length);
    counts.set(this.counts);
    this.counts = counts;
  }
}

const reader = new TermsReader();
