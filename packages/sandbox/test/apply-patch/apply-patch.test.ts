import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApplyPatchError, applyPatch, LocalSandbox, OutsideWorkDirError, type Sandbox } from '@toolwright/sandbox';
import { unifiedHunks } from '../../src/apply-patch/unified-diff';
import { readTree, writeTree } from './support';

interface Scenario {
  name: string;
  patch: string;
  input_files: Record<string, string>;
  expected_files: Record<string, string>;
  outcome: string;
  expected_summary?: string;
  expected_error?: string;
}
interface ApplyCase {
  id: string;
  files_before: Record<string, string>;
  patch: string;
  files_after: Record<string, string>;
  expected_stdout?: string;
  unified_diff_context1?: string;
}

const fixture = <T>(name: string): T => JSON.parse(readFileSync(join(__dirname, '../fixtures/apply-patch', name), 'utf8')) as T;
const scenarios = fixture<{ scenarios: Scenario[] }>('scenarios.json').scenarios;
const applyCases = fixture<{ apply_cases: ApplyCase[] }>('apply-cases.json').apply_cases;

let base: string;
let counter = 0;
beforeAll(() => (base = realpathSync(mkdtempSync(join(tmpdir(), 'toolwright-patch-')))));
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** A fresh working directory holding `files`, and a sandbox on it. */
function workspace(files: Record<string, string>): { dir: string; sandbox: LocalSandbox } {
  const dir = join(base, `w${++counter}`);
  mkdirSync(dir);
  writeTree(dir, files);
  return { dir, sandbox: new LocalSandbox({ workDir: dir }) };
}

async function outcome(sandbox: Sandbox, patch: string): Promise<{ summary?: string; error?: Error }> {
  try {
    return { summary: (await applyPatch(sandbox, patch)).summary };
  } catch (error) {
    return { error: error as Error };
  }
}

describe('applyPatch', () => {
  describe.each(scenarios.map((s) => [s.name, s] as const))("Codex's scenario %s", (_name, s) => {
    it(s.outcome === 'ok' ? 'applies, leaving exactly the expected files' : 'fails, leaving the files exactly as they were', async () => {
      const { dir, sandbox } = workspace(s.input_files);
      const result = await outcome(sandbox, s.patch);
      if (s.outcome === 'ok') {
        expect(result.error).toBeUndefined();
        expect(result.summary).toBe(s.expected_summary);
      } else {
        expect(result.error).toBeInstanceOf(ApplyPatchError);
        expect(result.error!.message).toBe(s.expected_error);
        expect(result.error!.message).not.toContain(base);
      }
      expect(readTree(dir)).toEqual(s.expected_files);
    });
  });

  describe.each(applyCases.map((c) => [c.id, c] as const))("Codex's apply case %s", (_id, c) => {
    it('leaves exactly the expected bytes', async () => {
      const { dir, sandbox } = workspace(c.files_before);
      const patch = c.patch.split('{dir}').join(dir);
      const result = await applyPatch(sandbox, patch);
      expect(readTree(dir)).toEqual(c.files_after);
      if (c.expected_stdout) expect(result.summary).toBe(c.expected_stdout.split('{dir}').join(dir));
      if (c.unified_diff_context1) {
        const [path, before] = Object.entries(c.files_before)[0];
        expect(unifiedHunks(before, c.files_after[path], 1)).toBe(c.unified_diff_context1);
      }
    });
  });

  describe('atomicity', () => {
    it('writes nothing when a later section fails to plan (scenario 015)', async () => {
      const { dir, sandbox } = workspace({ 'keep.txt': 'keep\n' });
      const patch = '*** Begin Patch\n*** Add File: new/created.txt\n+hello\n*** Delete File: keep.txt\n*** Update File: keep.txt\n@@\n-keep\n+changed\n*** End Patch';
      const error = (await outcome(sandbox, patch)).error;
      expect(error?.message).toBe('Failed to read file to update keep.txt: not found');
      expect(readTree(dir)).toEqual({ 'keep.txt': 'keep\n' });
    });

    it('restores every file, and removes created directories, when a write fails midway', async () => {
      const { dir, sandbox } = workspace({ 'a.txt': 'a\n', 'b.txt': 'b\n', 'c.txt': 'c\n' });
      // A real sandbox whose third write fails, as a full disk would make it.
      let writes = 0;
      const failing: Sandbox = Object.assign(Object.create(sandbox) as Sandbox, {
        writeFile: (path: string, content: string | Uint8Array) => (++writes === 3 ? Promise.reject(new Error('ENOSPC: no space left on device')) : sandbox.writeFile(path, content)),
      });
      const patch = [
        '*** Begin Patch',
        '*** Add File: deep/new/file.txt',
        '+new',
        '*** Update File: a.txt',
        '@@',
        '-a',
        '+A',
        '*** Delete File: b.txt',
        '*** Update File: c.txt',
        '*** Move to: moved/c.txt',
        '@@',
        '-c',
        '+C',
        '*** End Patch',
      ].join('\n');
      const error = (await outcome(failing, patch)).error as ApplyPatchError;
      expect(error).toBeInstanceOf(ApplyPatchError);
      expect(error.kind).toBe('rolled_back');
      expect(error.message).toBe('apply aborted and rolled back, no file was changed: ENOSPC: no space left on device');
      expect(readTree(dir)).toEqual({ 'a.txt': 'a\n', 'b.txt': 'b\n', 'c.txt': 'c\n' });
    });

    it('applies sections in order on the planned state: add then update the same file', async () => {
      const { dir, sandbox } = workspace({});
      await applyPatch(sandbox, '*** Begin Patch\n*** Add File: x.txt\n+one\n*** Update File: x.txt\n@@\n-one\n+two\n*** End Patch');
      expect(readTree(dir)).toEqual({ 'x.txt': 'two\n' });
    });
  });

  describe('confinement and reporting', () => {
    it('refuses paths outside the working directory in any header, changing nothing', async () => {
      const { dir, sandbox } = workspace({ 'a.txt': 'a\n' });
      for (const header of ['*** Add File: ../escaped.txt\n+x', `*** Delete File: ${base}/other.txt`, '*** Update File: a.txt\n*** Move to: ../../moved.txt\n@@\n-a\n+b']) {
        const error = (await outcome(sandbox, `*** Begin Patch\n*** Add File: fine.txt\n+ok\n${header}\n*** End Patch`)).error;
        expect(error).toBeInstanceOf(OutsideWorkDirError);
      }
      expect(readTree(dir)).toEqual({ 'a.txt': 'a\n' });
    });

    it('reports a unified diff of every change, moves as one file', async () => {
      const { sandbox } = workspace({ 'src/app.py': 'def greet():\n    print("Hi")\n', 'obsolete.txt': 'old\n' });
      const result = await applyPatch(
        sandbox,
        '*** Begin Patch\n*** Add File: hello.txt\n+Hello world\n*** Update File: src/app.py\n*** Move to: src/main.py\n@@ def greet():\n-    print("Hi")\n+    print("Hello, world!")\n*** Delete File: obsolete.txt\n*** End Patch',
      );
      expect(result).toMatchObject({ added: ['hello.txt'], modified: [], deleted: ['obsolete.txt'], moved: [['src/app.py', 'src/main.py']] });
      expect(result.summary).toBe('Success. Updated the following files:\nA hello.txt\nM src/main.py\nD obsolete.txt\n');
      expect(result.diff).toBe(
        [
          '--- a/src/app.py',
          '+++ b/src/main.py',
          '@@ -1,2 +1,2 @@',
          ' def greet():',
          '-    print("Hi")',
          '+    print("Hello, world!")',
          '--- /dev/null',
          '+++ b/hello.txt',
          '@@ -0,0 +1 @@',
          '+Hello world',
          '--- a/obsolete.txt',
          '+++ /dev/null',
          '@@ -1 +0,0 @@',
          '-old',
          '',
        ].join('\n'),
      );
    });

    it('inserts a pure addition after its @@ anchor (Codex would append it at the end)', async () => {
      const { dir, sandbox } = workspace({ 'f.py': 'class A:\n    x = 1\nclass B:\n    y = 2\n' });
      await applyPatch(sandbox, '*** Begin Patch\n*** Update File: f.py\n@@ class A:\n+    inserted = 0\n*** End Patch');
      expect(readTree(dir)['f.py']).toBe('class A:\n    inserted = 0\n    x = 1\nclass B:\n    y = 2\n');
    });

    it('keeps the original text of context lines that matched leniently', async () => {
      const { dir, sandbox } = workspace({ 'f.txt': '    indented   \nold\n' });
      await applyPatch(sandbox, '*** Begin Patch\n*** Update File: f.txt\n@@\n indented\n-old\n+new\n*** End Patch');
      expect(readTree(dir)['f.txt']).toBe('    indented   \nnew\n');
    });

    it('refuses to update a file that is not UTF-8 text', async () => {
      const { sandbox } = workspace({});
      await sandbox.writeFile('bin.dat', new Uint8Array([0xff, 0xfe, 0x00, 0x41]));
      const error = (await outcome(sandbox, '*** Begin Patch\n*** Update File: bin.dat\n@@\n-A\n+B\n*** End Patch')).error;
      expect(error?.message).toBe('Failed to read file to update bin.dat: the file is not UTF-8 text');
    });
  });
});

describe('applyPatch and a UTF-8 byte-order mark', () => {
  const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
  const bytesOf = (dir: string, path: string): Buffer => readFileSync(join(dir, path));
  const patch = (body: string): string => `*** Begin Patch\n${body}\n*** End Patch`;

  it('keeps the mark, byte for byte, when a chunk changes the middle of the file, and the diff leaves line 1 alone', async () => {
    const { dir, sandbox } = workspace({});
    writeFileSync(join(dir, 'notes.txt'), Buffer.concat([BOM, Buffer.from('first\nsecond\nthird\n')]));
    const result = await applyPatch(sandbox, patch('*** Update File: notes.txt\n@@\n first\n-second\n+SECOND\n third'));
    expect(bytesOf(dir, 'notes.txt')).toEqual(Buffer.concat([BOM, Buffer.from('first\nSECOND\nthird\n')]));
    expect(result.diff).toBe(['--- a/notes.txt', '+++ b/notes.txt', '@@ -1,3 +1,3 @@', ' \uFEFFfirst', '-second', '+SECOND', ' third', ''].join('\n'));
  });

  it('keeps the mark when a chunk replaces line 1, and the diff shows the mark on both sides', async () => {
    const { dir, sandbox } = workspace({});
    writeFileSync(join(dir, 'notes.txt'), Buffer.concat([BOM, Buffer.from('first\r\nsecond\r\n')]));
    const result = await applyPatch(sandbox, patch('*** Update File: notes.txt\n@@\n-first\n+FIRST\n second'));
    expect(bytesOf(dir, 'notes.txt')).toEqual(Buffer.concat([BOM, Buffer.from('FIRST\r\nsecond\r\n')]));
    expect(result.diff).toContain('-\uFEFFfirst\n+\uFEFFFIRST\n');
  });

  it('keeps the mark on a moved file, and through two sections updating the same file', async () => {
    const { dir, sandbox } = workspace({});
    writeFileSync(join(dir, 'a.txt'), Buffer.concat([BOM, Buffer.from('one\ntwo\n')]));
    await applyPatch(sandbox, patch('*** Update File: a.txt\n@@\n-one\n+ONE\n*** Update File: a.txt\n*** Move to: b/moved.txt\n@@\n ONE\n-two\n+TWO'));
    expect(existsSync(join(dir, 'a.txt'))).toBe(false);
    expect(bytesOf(dir, 'b/moved.txt')).toEqual(Buffer.concat([BOM, Buffer.from('ONE\nTWO\n')]));
  });

  it('gives no mark to a file without one, and writes an added file exactly as the patch has it', async () => {
    const { dir, sandbox } = workspace({ 'plain.txt': 'first\nsecond\n' });
    await applyPatch(sandbox, patch('*** Update File: plain.txt\n@@\n-first\n+FIRST\n*** Add File: added.txt\n+hello\n*** Add File: marked.txt\n+\uFEFFhello'));
    expect(bytesOf(dir, 'plain.txt')).toEqual(Buffer.from('FIRST\nsecond\n'));
    expect(bytesOf(dir, 'added.txt')).toEqual(Buffer.from('hello\n'));
    expect(bytesOf(dir, 'marked.txt')).toEqual(Buffer.concat([BOM, Buffer.from('hello\n')]));
  });

  it('keeps a file that is only a mark and one line, when that line is replaced', async () => {
    const { dir, sandbox } = workspace({});
    writeFileSync(join(dir, 'one.txt'), Buffer.concat([BOM, Buffer.from('only')]));
    await applyPatch(sandbox, patch('*** Update File: one.txt\n@@\n-only\n+changed'));
    expect(bytesOf(dir, 'one.txt')).toEqual(Buffer.concat([BOM, Buffer.from('changed\n')]));
  });
});
