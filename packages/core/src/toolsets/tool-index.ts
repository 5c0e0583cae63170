import type MiniSearch from 'minisearch';
import { lazyModule } from '../lazy/lazy-module';
import type { Tool } from '../contracts/tool';
import { parameterWords } from './tool-catalogue';
import { searchTerms } from './search-terms';

// minisearch is loaded when the first index is built (a ToolSearchToolset's first search), not
// when @toolwright/core is imported. Its CommonJS build exports the class itself
// (`module.exports = MiniSearch`, no `default`).
const loadMiniSearch = lazyModule(() => require('minisearch') as typeof import('minisearch').default);

/**
 * A term found in more than this share of a field's entries is not indexed for that field (once
 * the catalogue has {@link COMMON_TERM_MIN_TOOLS} tools): its BM25 weight is small (IDF below
 * ln 2), but matching it would walk over most of the catalogue on every query that uses it.
 * @internal
 */
const COMMON_TERM_SHARE = 0.5;
/** Below this many tools no term is left out for being common (the statistics are too thin). @internal */
export const COMMON_TERM_MIN_TOOLS = 100;

/** The indexed fields: name words (boosted), description, parameter names. */
const FIELDS = ['words', 'description', 'params'] as const;
type Field = (typeof FIELDS)[number];
type IndexedTool = { id: string } & Record<Field, string>;

/** One ranked match of a {@link ToolIndex} search. */
export interface ToolIndexHit {
  name: string;
  score: number;
}

/**
 * The text index behind `ToolSearchToolset`: BM25 (MiniSearch) over tool names split into words,
 * descriptions and parameter names. Documents and queries share one tokenizer
 * ({@link searchTerms}: identifiers split, lower case, stop words dropped). Terms common to most
 * of a field are left out of that field (see {@link COMMON_TERM_SHARE}). Query terms of 3+
 * letters also match as prefixes; a query term of 4+ letters that is no word of the catalogue
 * is taken for a typo and matched within one edit (two from 8 letters). @internal
 */
export class ToolIndex {
  /** Words of the catalogue (common ones included): query terms in it get no fuzzy matching. */
  private readonly vocabulary: Set<string>;
  private readonly engine: MiniSearch<IndexedTool>;

  constructor(tools: Iterable<Tool>) {
    // First pass: in how many tools' fields each term occurs (each tool counted once per term).
    const docs: IndexedTool[] = [];
    const documentFrequency = FIELDS.map(() => new Map<string, number>());
    const lastSeen = FIELDS.map(() => new Map<string, number>());
    for (const tool of tools) {
      const doc: IndexedTool = { id: tool.name, words: tool.name, description: tool.description ?? '', params: parameterWords(tool.parameters) };
      const n = docs.push(doc);
      FIELDS.forEach((field, i) => {
        const counts = documentFrequency[i]!;
        const seen = lastSeen[i]!;
        for (const term of searchTerms(doc[field])) {
          if (seen.get(term) === n) continue;
          seen.set(term, n);
          counts.set(term, (counts.get(term) ?? 0) + 1);
        }
      });
    }

    this.vocabulary = new Set();
    const maxCount = docs.length >= COMMON_TERM_MIN_TOOLS ? docs.length * COMMON_TERM_SHARE : Infinity;
    const common = new Map<string, Set<string>>();
    FIELDS.forEach((field, i) => {
      const out = new Set<string>();
      for (const [term, count] of documentFrequency[i]!) {
        this.vocabulary.add(term);
        if (count > maxCount) out.add(term);
      }
      common.set(field, out);
    });

    // Second pass: the index, without the common terms of each field.
    const MiniSearchClass = loadMiniSearch();
    this.engine = new MiniSearchClass<IndexedTool>({
      fields: [...FIELDS],
      storeFields: [],
      tokenize: searchTerms,
      processTerm: (term, field) => (field !== undefined && common.get(field)!.has(term) ? null : term),
      searchOptions: {
        tokenize: searchTerms,
        processTerm: (term) => term,
        boost: { words: 3, params: 1.5 },
        prefix: (term) => term.length >= 3,
        fuzzy: (term) => (term.length < 4 || this.vocabulary.has(term) ? false : term.length >= 8 ? 2 : 1),
        combineWith: 'OR',
      },
    });
    this.engine.addAll(docs);
  }

  /** The best `limit` tools matching `query`, best first. */
  search(query: string, limit: number): ToolIndexHit[] {
    const hits = this.engine.search(query);
    const out: ToolIndexHit[] = [];
    for (let i = 0; i < hits.length && i < limit; i++) out.push({ name: hits[i]!.id as string, score: hits[i]!.score });
    return out;
  }
}
