import { ApplyPatchError, parsePatch, type ParseMode, type PatchHunk, type UpdateChunk } from '@toolwright/sandbox';
import { parseChunk } from '../../src/apply-patch/parse-patch';
import { newLines, oldLines } from '../../src/apply-patch/patch-types';
import cases from '../fixtures/apply-patch/parser-cases.json';

interface ChunkJson {
  change_context: string | null;
  old_lines: string[];
  new_lines: string[];
  is_end_of_file: boolean;
}
interface Case {
  id: string;
  mode: string;
  input?: string;
  lines?: string[];
  line_number?: number;
  allow_missing_context?: boolean;
  hunks?: Array<Record<string, unknown>>;
  chunk?: ChunkJson;
  lines_consumed?: number;
  error?: string;
  ok?: boolean;
}

/** A chunk in the fixtures' (Codex's) shape. */
function chunkJson(chunk: UpdateChunk): ChunkJson {
  return { change_context: chunk.anchors.at(-1) ?? null, old_lines: oldLines(chunk), new_lines: newLines(chunk), is_end_of_file: chunk.isEndOfFile };
}

function hunkJson(hunk: PatchHunk): Record<string, unknown> {
  if (hunk.type === 'add') return { type: 'add', path: hunk.path, contents: hunk.contents };
  if (hunk.type === 'delete') return { type: 'delete', path: hunk.path };
  return { type: 'update', path: hunk.path, move_path: hunk.movePath ?? null, chunks: hunk.chunks.map(chunkJson) };
}

/** Codex's Display form of a parse error, from ours. */
function codexText(error: ApplyPatchError): string {
  return error.lineNumber === undefined ? `invalid patch: ${error.detail}` : `invalid hunk at line ${error.lineNumber}, ${error.detail}`;
}

function parseError(run: () => unknown): ApplyPatchError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApplyPatchError);
    return error as ApplyPatchError;
  }
  throw new Error('expected a parse error');
}

describe('parsePatch', () => {
  describe.each((cases.cases as Case[]).map((c) => [c.id, c] as const))('Codex parser case %s', (_id, c) => {
    it(c.error ? `fails with "${c.error.slice(0, 60)}…"` : 'parses as Codex does', () => {
      if (c.mode === 'parse_one_hunk') {
        // A lone bad header line, numbered as in Codex's test.
        const error = parseError(() => parsePatch(`*** Begin Patch\n${c.lines!.join('\n')}\n*** End Patch`, 'strict'));
        expect(codexText(error)).toBe(c.error!.replace(`line ${c.line_number}`, 'line 2'));
        return;
      }
      if (c.mode === 'parse_update_file_chunk') {
        const run = () => parseChunk(c.lines!, 0, c.line_number!, c.allow_missing_context!);
        if (c.error) {
          expect(codexText(parseError(run))).toBe(c.error);
        } else {
          const { chunk, consumed } = run();
          expect(chunkJson(chunk)).toEqual(c.chunk);
          expect(consumed).toBe(c.lines_consumed);
        }
        return;
      }
      const run = () => parsePatch(c.input!, c.mode as ParseMode);
      if (c.error) expect(codexText(parseError(run))).toBe(c.error);
      else if (c.hunks) expect(run().map(hunkJson)).toEqual(c.hunks);
      else expect(run).not.toThrow();
    });
  });

  describe('beyond Codex', () => {
    it('tolerates blank lines between sections and CRLF line ends', () => {
      const hunks = parsePatch('*** Begin Patch\r\n*** Add File: a.txt\r\n+a\r\n\r\n*** Delete File: b.txt\r\n\r\n*** End Patch\r\n');
      expect(hunks.map(hunkJson)).toEqual([
        { type: 'add', path: 'a.txt', contents: 'a\n' },
        { type: 'delete', path: 'b.txt' },
      ]);
    });

    it('reads several @@ anchors in a row, and the heading of a git hunk header', () => {
      const [hunk] = parsePatch('*** Begin Patch\n*** Update File: x.py\n@@ class A\n@@     def f(self):\n-    pass\n+    return 1\n@@ -10,2 +10,2 @@ def g():\n-x\n+y\n@@ -1 +1 @@\n-p\n+q\n*** End Patch');
      expect(hunk.type === 'update' && hunk.chunks.map((c) => c.anchors)).toEqual([['class A', '    def f(self):'], ['def g():'], []]);
    });

    it('refuses a section header without a path', () => {
      expect(parseError(() => parsePatch('*** Begin Patch\n*** Add File: \n+x\n*** End Patch')).message).toMatch(/^Invalid patch hunk on line 2: '\*\*\* Add File:' is not a valid hunk header/);
    });
  });
});
