import type { Tool } from '../contracts/tool';
import { parameterWords } from './tool-catalogue';
import { searchTerms } from './search-terms';
import { termDictionary, type TermDictionary } from './term-dictionary';

/**
 * A tool's distinct search terms per field — name words, description, parameter names, one after
 * the other in `ids` (of `dictionary`) — with how often each occurs in its field, and what they
 * were read from (to tell a changed tool). @internal
 */
export interface ToolTerms {
  /** The distinct term ids of the name (`[0, fieldEnds[0])`), the description (up to `fieldEnds[1]`), then the parameter names. */
  readonly ids: Int32Array;
  readonly dictionary: TermDictionary;
  readonly fieldEnds: readonly [number, number];
  /** Occurrences of each term in its field; `undefined` when every term occurs once (the usual case). */
  readonly counts: Uint8Array | undefined;
  readonly name: string;
  readonly description: string;
  readonly parameters: unknown;
}

/** The number of indexed fields. @internal */
export const FIELD_COUNT = 3;

/**
 * Terms by tool object. A tool is a plain object that is copied rather than changed, so its terms
 * are read once however many catalogues (toolsets, rebuilt indexes) hold it; a tool whose name,
 * description or parameters object was replaced since (or read with a dictionary since replaced)
 * is read again.
 */
const cache = new WeakMap<Tool, ToolTerms>();

/** The search terms of `tool`'s fields (see {@link searchTerms}), read once per tool object. @internal */
export function toolTerms(tool: Tool): ToolTerms {
  const description = tool.description ?? '';
  const dictionary = termDictionary();
  const cached = cache.get(tool);
  if (cached && cached.dictionary === dictionary && cached.name === tool.name && cached.description === description && cached.parameters === tool.parameters) {
    return cached;
  }
  const terms: string[] = [];
  const counts: number[] = [];
  addField(terms, counts, searchTerms(tool.name));
  const nameEnd = terms.length;
  addField(terms, counts, searchTerms(description));
  const descriptionEnd = terms.length;
  addField(terms, counts, searchTerms(parameterWords(tool.parameters)));
  const read: ToolTerms = {
    ids: Int32Array.from(terms, (term) => dictionary.idFor(term)),
    dictionary,
    fieldEnds: [nameEnd, descriptionEnd],
    // Occurrences past 255 in one field are counted as 255: BM25 saturates long before.
    counts: counts.some((count) => count > 1) ? Uint8Array.from(counts, (count) => Math.min(count, 255)) : undefined,
    name: tool.name,
    description,
    parameters: tool.parameters,
  };
  cache.set(tool, read);
  return read;
}

/** Appends the distinct terms of one field's `words` to `terms`, counting repeats in `counts`. */
function addField(terms: string[], counts: number[], words: string[]): void {
  const start = terms.length;
  // Most fields hold a handful of distinct words, where a linear look-up beats a Map.
  const positions = words.length > 32 ? new Map<string, number>() : undefined;
  for (const term of words) {
    const at = positions ? (positions.get(term) ?? -1) : terms.indexOf(term, start);
    if (at >= 0) counts[at]!++;
    else {
      positions?.set(term, terms.length);
      terms.push(term);
      counts.push(1);
    }
  }
}
