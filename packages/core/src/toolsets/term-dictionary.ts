import { TermTable } from './term-table';

/** A word of the dictionary, for prefix and typo look-ups. @internal */
export interface TermEntry {
  readonly term: string;
  readonly id: number;
}

/**
 * Past this many terms the shared dictionary is replaced by an empty one (tools read since are
 * read again), so a process whose catalogues keep changing does not hold every word it ever saw.
 */
const MAX_TERMS = 1 << 22;

/**
 * Numbers for search terms, shared by every tool index of the process: a tool's terms are read
 * into ids once (`toolTerms`) and any index over that tool uses them without looking a word up
 * again; the words are listed by prefix and length once for all indexes too. @internal
 */
export class TermDictionary {
  private readonly ids = new Map<string, number>();
  /** Term text by id. */
  readonly texts: string[] = [];
  private readonly table = new TermTable<TermEntry>();
  /** Ids below this are in `table`. */
  private listed = 0;

  /**
   * Every word of the dictionary by prefix and length (for prefix and typo matches), listed as
   * searches first need them: an index filters them by what its tools hold.
   */
  words(): TermTable<TermEntry> {
    while (this.listed < this.texts.length) {
      const id = this.listed++;
      this.table.entry(this.texts[id]!, (term) => ({ term, id }));
    }
    return this.table;
  }

  /** The id of `term`, if it has one. */
  idOf(term: string): number | undefined {
    return this.ids.get(term);
  }

  /** The id of `term`, given one if it has none yet. */
  idFor(term: string): number {
    let id = this.ids.get(term);
    if (id === undefined) {
      id = this.texts.length;
      this.ids.set(term, id);
      this.texts.push(term);
    }
    return id;
  }
}

let current = new TermDictionary();

/** The dictionary tools are read with now. @internal */
export function termDictionary(): TermDictionary {
  if (current.texts.length > MAX_TERMS) replaceTermDictionary();
  return current;
}

/** Starts an empty dictionary (what happens past `MAX_TERMS`; tests call it directly). @internal */
export function replaceTermDictionary(): void {
  current = new TermDictionary();
}
