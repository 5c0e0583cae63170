/** Typographic punctuation a model tends to write as ASCII: dashes, quotes and odd spaces. */
const PUNCTUATION: Record<string, string> = {
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2015': '-', '\u2212': '-',
  '\u2018': "'", '\u2019': "'", '\u201A': "'", '\u201B': "'",
  '\u201C': '"', '\u201D': '"', '\u201E': '"', '\u201F': '"',
  '\u00A0': ' ', '\u2002': ' ', '\u2003': ' ', '\u2004': ' ', '\u2005': ' ', '\u2006': ' ', '\u2007': ' ',
  '\u2008': ' ', '\u2009': ' ', '\u200A': ' ', '\u202F': ' ', '\u205F': ' ', '\u3000': ' ',
};
const PUNCTUATION_PATTERN = new RegExp(`[${Object.keys(PUNCTUATION).join('')}]`, 'g');

/** The comparisons tried, from strictest to most lenient. */
const PASSES: Array<(line: string) => string> = [
  (line) => line,
  (line) => line.trimEnd(),
  (line) => line.trim(),
  (line) => line.trim().replace(PUNCTUATION_PATTERN, (c) => PUNCTUATION[c]),
];

/**
 * Where `pattern` occurs in `lines` at or after `start`, matching whole lines: exactly, then
 * ignoring trailing whitespace, then surrounding whitespace, then also typographic punctuation
 * (Codex's `seek_sequence`). With `eof`, the end of the file is tried first, then the rest from
 * `start`. An empty pattern matches at `start`; `undefined` when nothing matches.
 */
export function seekSequence(lines: readonly string[], pattern: readonly string[], start: number, eof: boolean): number | undefined {
  if (pattern.length === 0) return start;
  if (pattern.length > lines.length) return undefined;
  const last = lines.length - pattern.length;
  if (eof) {
    const atEnd = findFrom(lines, pattern, last, last);
    if (atEnd !== undefined) return atEnd;
  }
  return findFrom(lines, pattern, start, last);
}

function findFrom(lines: readonly string[], pattern: readonly string[], from: number, to: number): number | undefined {
  for (const normal of PASSES) {
    const wanted = pattern.map(normal);
    for (let i = from; i <= to; i++) {
      let ok = true;
      for (let j = 0; j < wanted.length; j++) {
        if (normal(lines[i + j]) !== wanted[j]) {
          ok = false;
          break;
        }
      }
      if (ok) return i;
    }
  }
  return undefined;
}
