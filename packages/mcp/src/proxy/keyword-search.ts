/** One searchable tool: its name, description and parameters (name → description). */
export interface KeywordSearchItem {
  name: string;
  description: string;
  parameters: Record<string, string>;
}

/** Longest keyword taken from a query, and most keywords per query. */
const MAX_KEYWORD_CHARS = 100;
const MAX_KEYWORDS = 20;
/** Longest text of a tool searched (descriptions beyond are not searched). */
const MAX_FIELD_CHARS = 4000;

/**
 * Keyword search (U-5): each distinct keyword of the query is read as a case-insensitive regular
 * expression, or as literal text when it is not a valid one or could backtrack badly (nested or
 * many quantifiers, quantified alternations, back-references). Per keyword, a match in the name scores
 * 3, in the description 2, in the parameters (names and descriptions) 1. Items scoring 0 are left
 * out; the rest come best first, ties in catalogue order.
 *
 * @example
 * keywordSearch(items, 'read file', 5); // read_file first: name and description match both words
 */
export function keywordSearch<T extends KeywordSearchItem>(items: readonly T[], query: string, maxResults: number): T[] {
  const patterns = keywordsOf(query).map(patternOf);
  if (patterns.length === 0) return [];
  const scored: Array<{ item: T; score: number; index: number }> = [];
  items.forEach((item, index) => {
    const name = item.name.slice(0, MAX_FIELD_CHARS);
    const description = item.description.slice(0, MAX_FIELD_CHARS);
    const parameters = Object.entries(item.parameters)
      .map(([key, text]) => `${key} ${text}`)
      .join('\n')
      .slice(0, MAX_FIELD_CHARS);
    let score = 0;
    for (const pattern of patterns) {
      if (pattern.test(name)) score += 3;
      if (pattern.test(description)) score += 2;
      if (pattern.test(parameters)) score += 1;
    }
    if (score > 0) scored.push({ item, score, index });
  });
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  return scored.slice(0, maxResults).map((s) => s.item);
}

/** The distinct keywords of a query, bounded in number and length. */
export function keywordsOf(query: string): string[] {
  const words = query.split(/\s+/).filter((w) => w.length > 0 && w.length <= MAX_KEYWORD_CHARS);
  return [...new Set(words)].slice(0, MAX_KEYWORDS);
}

function patternOf(keyword: string): RegExp {
  if (!mayBacktrackBadly(keyword)) {
    try {
      return new RegExp(keyword, 'i');
    } catch {
      // Not a regular expression: taken literally below.
    }
  }
  return new RegExp(keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
}

/**
 * Whether a pattern could backtrack badly: a quantified group holding a quantifier or an
 * alternation (`(a+)+`, `(a|aa)*`), more than three quantifiers, or a back-reference.
 */
function mayBacktrackBadly(pattern: string): boolean {
  if (/\\[1-9]|\\k</.test(pattern)) return true;
  // One entry per open group: whether a quantifier or an alternation occurs inside it.
  const stack: boolean[] = [];
  let quantifiers = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      i++;
    } else if (c === '[') {
      // A character class: skip to its end (a quantifier after it is a plain repeat).
      for (i++; i < pattern.length && pattern[i] !== ']'; i++) if (pattern[i] === '\\') i++;
    } else if (c === '(') {
      stack.push(false);
    } else if (c === ')') {
      const inner = stack.pop() ?? false;
      const next = pattern[i + 1];
      const quantified = next === '*' || next === '+' || next === '?' || next === '{';
      if (inner && quantified) return true;
      if (stack.length > 0 && (inner || quantified)) stack[stack.length - 1] = true;
    } else if (c === '*' || c === '+' || c === '?' || c === '{') {
      // Many repeats in a row backtrack polynomially (a*a*a*a*…): a few are fine.
      if (++quantifiers > 3) return true;
      if (stack.length > 0) stack[stack.length - 1] = true;
    } else if (c === '|' && stack.length > 0) {
      stack[stack.length - 1] = true;
    }
  }
  return false;
}
