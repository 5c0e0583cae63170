import { ApplyPatchError } from './apply-patch.error';
import { oldLines, type PatchLine, type UpdateChunk } from './patch-types';
import { seekSequence } from './seek-sequence';

/** A line of a file with its own ending (`''` for a last line without one). */
interface SourceLine {
  text: string;
  ending: string;
}

/** Where a chunk applies: `length` lines from `start` are rewritten by `lines`. */
interface Replacement {
  start: number;
  length: number;
  lines: PatchLine[];
  chunk: number;
}

/**
 * The new content of a file after applying an update's chunks, following Codex: chunks are
 * located in order (each after the previous one and after its `@@` anchors), by whole lines with
 * growing tolerance for whitespace and typographic punctuation; a chunk without old lines is
 * added at the end of the file (or, unlike Codex, right after its anchor when it has one).
 *
 * Line endings are kept per line: unchanged and context lines keep their own (and their own
 * text, however leniently they matched), new lines take the file's first ending (`\r\n` or
 * `\n`), and the result always ends with a line ending.
 *
 * @throws ApplyPatchError (`kind: 'apply'`) when an anchor or a chunk's lines are not found.
 */
export function applyChunks(original: string, chunks: readonly UpdateChunk[], path: string): string {
  const source = splitLines(original);
  const texts = source.map((l) => l.text);
  const ending = preferredEnding(source);
  const replacements: Replacement[] = [];
  let index = 0;
  chunks.forEach((chunk, n) => {
    for (const anchor of chunk.anchors) {
      const found = seekSequence(texts, [anchor], index, false);
      if (found === undefined) throw ApplyPatchError.notApplicable(`Failed to find context '${anchor}' in ${path}`);
      index = found + 1;
    }
    let lines = chunk.lines;
    if (oldLines(chunk).length === 0) {
      // Like Codex, an addition does not move the search point for the chunks after it.
      replacements.push({ start: chunk.anchors.length > 0 ? index : texts.length, length: 0, lines, chunk: n });
      return;
    }
    let pattern = oldLines(chunk);
    let found = seekSequence(texts, pattern, index, chunk.isEndOfFile);
    if (found === undefined && pattern[pattern.length - 1] === '') {
      // A blank line at the end of a chunk is often just the separator before the next marker.
      lines = withoutTrailingBlank(lines);
      pattern = pattern.slice(0, -1);
      found = seekSequence(texts, pattern, index, chunk.isEndOfFile);
    }
    if (found === undefined) throw ApplyPatchError.notApplicable(`Failed to find expected lines in ${path}:\n${oldLines(chunk).join('\n')}`);
    replacements.push({ start: found, length: pattern.length, lines, chunk: n });
    index = found + pattern.length;
  });
  return render(source, replacements.sort((a, b) => a.start - b.start || a.chunk - b.chunk), ending, path);
}

function render(source: SourceLine[], replacements: Replacement[], ending: string, path: string): string {
  const out: SourceLine[] = [];
  let cursor = 0;
  for (const r of replacements) {
    if (r.start < cursor) throw ApplyPatchError.notApplicable(`Chunk ${r.chunk + 1} of ${path} overlaps the lines an earlier chunk changed`);
    out.push(...source.slice(cursor, r.start));
    cursor = r.start;
    for (const line of r.lines) {
      if (line.kind === '+') out.push({ text: line.text, ending });
      else if (line.kind === ' ') out.push(source[cursor++]);
      else cursor++;
    }
  }
  out.push(...source.slice(cursor));
  return out.map((l) => l.text + (l.ending || ending)).join('');
}

/** Drops the chunk's last old line, which is blank (and a blank line added last, as Codex does). */
function withoutTrailingBlank(lines: PatchLine[]): PatchLine[] {
  const out = [...lines];
  const [removed] = out.splice(lastIndex(out, (l) => l.kind !== '+'), 1);
  if (removed.kind === '-') {
    const lastNew = lastIndex(out, (l) => l.kind !== '-');
    if (lastNew >= 0 && out[lastNew].kind === '+' && out[lastNew].text === '') out.splice(lastNew, 1);
  }
  return out;
}

function lastIndex<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i])) return i;
  return -1;
}

function splitLines(content: string): SourceLine[] {
  const lines: SourceLine[] = [];
  let start = 0;
  for (let nl = content.indexOf('\n'); nl >= 0; nl = content.indexOf('\n', start)) {
    const crlf = nl > start && content[nl - 1] === '\r';
    lines.push({ text: content.slice(start, crlf ? nl - 1 : nl), ending: crlf ? '\r\n' : '\n' });
    start = nl + 1;
  }
  if (start < content.length) lines.push({ text: content.slice(start), ending: '' });
  return lines;
}

/** The ending of the file's first line break (as editors and formatters detect it), `\n` without one. */
function preferredEnding(lines: SourceLine[]): string {
  return lines.find((l) => l.ending !== '')?.ending ?? '\n';
}
