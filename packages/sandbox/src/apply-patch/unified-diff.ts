import { diffLines, type DiffOp } from './line-diff';

/** The lines of a text, each with its own ending (the last one may have none). */
function linesOf(text: string): string[] {
  return text === '' ? [] : text.split(/(?<=\n)/);
}

/**
 * The hunks of a unified diff between two texts (`@@ -a,b +c,d @@` headers as GNU diff writes
 * them, `context` lines around each change, `\ No newline at end of file` where it applies).
 * A change of line ending alone shows as a changed line.
 */
export function unifiedHunks(before: string, after: string, context = 3): string {
  const a = linesOf(before);
  const b = linesOf(after);
  const ops = diffLines(a, b);
  const changes = ops.map((op, i) => (op.kind === 'equal' ? -1 : i)).filter((i) => i >= 0);
  if (changes.length === 0) return '';
  let out = '';
  let groupStart = 0;
  while (groupStart < changes.length) {
    let groupEnd = groupStart;
    while (groupEnd + 1 < changes.length && changes[groupEnd + 1] - changes[groupEnd] - 1 <= 2 * context) groupEnd++;
    const from = Math.max(0, changes[groupStart] - context);
    const to = Math.min(ops.length - 1, changes[groupEnd] + context);
    out += hunk(ops.slice(from, to + 1), ops, from, a, b);
    groupStart = groupEnd + 1;
  }
  return out;
}

/** A unified diff of one file, with `---`/`+++` headers (`/dev/null` for a created or deleted file). */
export function fileDiff(oldPath: string | null, newPath: string | null, before: string, after: string): string {
  const hunks = unifiedHunks(before, after);
  if (hunks === '' && oldPath === newPath) return '';
  return `--- ${oldPath === null ? '/dev/null' : `a/${oldPath}`}\n+++ ${newPath === null ? '/dev/null' : `b/${newPath}`}\n${hunks}`;
}

function hunk(slice: DiffOp[], all: DiffOp[], from: number, a: string[], b: string[]): string {
  // Where the hunk starts in each file: the first line it shows, or (for an empty side) the line before.
  const aStart = positionIn(all, from, 'a');
  const bStart = positionIn(all, from, 'b');
  const aLen = slice.filter((op) => op.kind !== 'insert').length;
  const bLen = slice.filter((op) => op.kind !== 'delete').length;
  let text = `@@ -${range(aStart, aLen)} +${range(bStart, bLen)} @@\n`;
  for (const op of slice) {
    if (op.kind === 'equal') text += line(' ', a[op.a]);
    else if (op.kind === 'delete') text += line('-', a[op.a]);
    else text += line('+', b[op.b]);
  }
  return text;
}

/** The number of lines of side `side` before op `index`. */
function positionIn(ops: DiffOp[], index: number, side: 'a' | 'b'): number {
  let count = 0;
  for (let i = 0; i < index; i++) {
    const kind = ops[i].kind;
    if (kind === 'equal' || (side === 'a' ? kind === 'delete' : kind === 'insert')) count++;
  }
  return count;
}

function range(before: number, length: number): string {
  if (length === 0) return `${before},0`;
  return length === 1 ? `${before + 1}` : `${before + 1},${length}`;
}

function line(prefix: string, text: string): string {
  if (text.endsWith('\r\n')) return `${prefix}${text.slice(0, -2)}\n`;
  if (text.endsWith('\n')) return `${prefix}${text.slice(0, -1)}\n`;
  return `${prefix}${text}\n\\ No newline at end of file\n`;
}
