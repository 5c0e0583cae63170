import { ApplyPatchError } from './apply-patch.error';
import type { PatchHunk, PatchLine, UpdateChunk } from './patch-types';

const BEGIN = '*** Begin Patch';
const END = '*** End Patch';
const ADD = '*** Add File: ';
const DELETE = '*** Delete File: ';
const UPDATE = '*** Update File: ';
const MOVE = '*** Move to: ';
const EOF_MARKER = '*** End of File';
const HEREDOC_OPENERS = ['<<EOF', "<<'EOF'", '<<"EOF"'];
/** `@@ -12,5 +12,6 @@ heading`: the git form of a hunk header. */
const GIT_RANGE = /^-\d+(?:,\d+)? \+\d+(?:,\d+)? @@ ?(.*)$/;

/**
 * How strictly to read the envelope. `lenient` (what `applyPatch` uses) also accepts the patch
 * wrapped in a heredoc (`<<'EOF'` … `EOF`), as some models send it; `streaming` reads a patch
 * still arriving: the end marker may be missing and an unfinished last section is kept as far as
 * it goes.
 */
export type ParseMode = 'strict' | 'lenient' | 'streaming';

/**
 * Parses a patch in Codex's `apply_patch` format into its file sections. Follows Codex's parser
 * (markers compared trimmed, a first chunk may omit `@@`, an empty line in a chunk is an empty
 * context line, errors with the same texts and line numbers) and accepts a little more: blank
 * lines between sections, several `@@` anchors in a row, and git's `@@ -a,b +c,d @@ heading`.
 *
 * @throws ApplyPatchError (`kind: 'parse'`) naming the line at fault.
 */
export function parsePatch(text: string, mode: ParseMode = 'lenient'): PatchHunk[] {
  if (typeof text !== 'string') throw ApplyPatchError.invalidPatch('the patch must be a string');
  const lines = text.trim().split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  const body = envelope(lines, mode);
  const hunks: PatchHunk[] = [];
  let at = 0;
  while (at < body.length) {
    if (body[at].trim() === '') {
      at++;
      continue;
    }
    try {
      const { hunk, consumed } = parseSection(body, at, at + 2);
      hunks.push(hunk);
      at += consumed;
    } catch (error) {
      // A patch still arriving ends in a section not finished yet: keep what came before it.
      if (mode === 'streaming') break;
      throw error;
    }
  }
  return hunks;
}

/** The lines between the markers, after checking them. */
function envelope(lines: string[], mode: ParseMode): string[] {
  const first = lines[0]?.trim();
  const last = lines[lines.length - 1]?.trim();
  if (mode === 'streaming') {
    if (first !== BEGIN) throw ApplyPatchError.invalidPatch(`The first line of the patch must be '${BEGIN}'`);
    return lines.slice(1, lines.length > 1 && last === END ? -1 : undefined);
  }
  const strictError = boundaryError(first, last);
  if (!strictError) return lines.slice(1, -1);
  if (mode === 'lenient' && lines.length >= 4 && HEREDOC_OPENERS.includes(lines[0]) && lines[lines.length - 1].endsWith('EOF')) {
    const inner = lines.slice(1, -1);
    const innerError = boundaryError(inner[0].trim(), inner[inner.length - 1].trim());
    if (innerError) throw innerError;
    return inner.slice(1, -1);
  }
  throw strictError;
}

function boundaryError(first: string | undefined, last: string | undefined): ApplyPatchError | undefined {
  if (first !== BEGIN) return ApplyPatchError.invalidPatch(`The first line of the patch must be '${BEGIN}'`);
  if (last !== END || first === undefined) return ApplyPatchError.invalidPatch(`The last line of the patch must be '${END}'`);
  return undefined;
}

/** Parses the section starting at `lines[at]` (`lineNumber` is its line in the patch). */
function parseSection(lines: string[], at: number, lineNumber: number): { hunk: PatchHunk; consumed: number } {
  const header = lines[at].trim();
  if (header.startsWith(ADD)) {
    const path = pathOf(header, ADD);
    let contents = '';
    let i = at + 1;
    for (; i < lines.length && lines[i].startsWith('+'); i++) contents += `${lines[i].slice(1)}\n`;
    return { hunk: { type: 'add', path, contents }, consumed: i - at };
  }
  if (header.startsWith(DELETE)) return { hunk: { type: 'delete', path: pathOf(header, DELETE) }, consumed: 1 };
  if (header.startsWith(UPDATE)) return parseUpdate(lines, at, lineNumber, pathOf(header, UPDATE));
  throw ApplyPatchError.invalidHunk(
    lineNumber,
    `'${header}' is not a valid hunk header. Valid hunk headers: '*** Add File: {path}', '*** Delete File: {path}', '*** Update File: {path}'`,
  );
}

/** The path after a marker (never empty: the header was trimmed, so a marker alone does not match). */
function pathOf(header: string, marker: string): string {
  return header.slice(marker.length).trim();
}

function parseUpdate(lines: string[], at: number, lineNumber: number, path: string): { hunk: PatchHunk; consumed: number } {
  let i = at + 1;
  let movePath: string | undefined;
  const moveLine = lines[i]?.trim();
  if (moveLine?.startsWith(MOVE)) {
    movePath = pathOf(moveLine, MOVE);
    i++;
  }
  const chunks: UpdateChunk[] = [];
  while (i < lines.length) {
    if (lines[i].trim() === '') {
      i++;
      continue;
    }
    if (lines[i].startsWith('***')) break;
    const { chunk, consumed } = parseChunk(lines, i, lineNumber + (i - at), chunks.length === 0);
    chunks.push(chunk);
    i += consumed;
  }
  if (chunks.length === 0) throw ApplyPatchError.invalidHunk(lineNumber, `Update file hunk for path '${path}' is empty`);
  return { hunk: { type: 'update', path, ...(movePath !== undefined ? { movePath } : {}), chunks }, consumed: i - at };
}

/**
 * Parses one chunk starting at `lines[at]` (line `lineNumber`): `@@` anchors, then context,
 * removed and added lines, optionally ended by `*** End of File`. The first chunk of a section
 * may start without `@@`.
 */
export function parseChunk(lines: string[], at: number, lineNumber: number, allowMissingAnchor: boolean): { chunk: UpdateChunk; consumed: number } {
  if (at >= lines.length) throw ApplyPatchError.invalidHunk(lineNumber, 'Update hunk does not contain any lines');
  const anchors: string[] = [];
  let start = at;
  let sawMarker = false;
  for (; start < lines.length; start++) {
    const marker = lines[start].trimEnd();
    if (marker === '@@') {
      sawMarker = true;
    } else if (marker.startsWith('@@ ')) {
      sawMarker = true;
      const anchor = anchorOf(marker.slice(3));
      if (anchor !== '') anchors.push(anchor);
    } else {
      break;
    }
  }
  if (!sawMarker && !allowMissingAnchor) {
    throw ApplyPatchError.invalidHunk(lineNumber, `Expected update hunk to start with a @@ context marker, got: '${lines[at]}'`);
  }
  const bodyLine = lineNumber + (start - at);
  if (start >= lines.length) throw ApplyPatchError.invalidHunk(bodyLine, 'Update hunk does not contain any lines');
  const chunkLines: PatchLine[] = [];
  let isEndOfFile = false;
  let i = start;
  for (; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === EOF_MARKER) {
      if (chunkLines.length === 0) throw ApplyPatchError.invalidHunk(bodyLine, 'Update hunk does not contain any lines');
      isEndOfFile = true;
      i++;
      break;
    }
    const kind = line[0];
    if (line === '') chunkLines.push({ kind: ' ', text: '' });
    else if (kind === ' ' || kind === '-' || kind === '+') chunkLines.push({ kind, text: line.slice(1) });
    else if (chunkLines.length === 0) {
      throw ApplyPatchError.invalidHunk(
        bodyLine,
        `Unexpected line found in update hunk: '${line}'. Every line should start with ' ' (context line), '+' (added line), or '-' (removed line)`,
      );
    } else break;
  }
  return { chunk: { anchors, lines: chunkLines, isEndOfFile }, consumed: i - at };
}

/** The anchor of `@@ <text>`: the text, or a git header's heading (a bare range anchors nothing). */
function anchorOf(text: string): string {
  const git = GIT_RANGE.exec(text.trim());
  return git ? git[1].trim() : text;
}
