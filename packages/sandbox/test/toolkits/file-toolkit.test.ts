import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toolsOf } from '@toolwright/core';
import { FileToolkit, LocalSandbox } from '@toolwright/sandbox';
import { outputs, runCalls } from './support';

describe('FileToolkit', () => {
  let dir: string;
  let files: FileToolkit;
  beforeAll(() => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'toolwright-files-')));
    files = new FileToolkit(new LocalSandbox({ workDir: dir, maxReadBytes: 64 * 1024 }), { maxOutputBytes: 300, maxListEntries: 3 });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('offers read_file and list_files as read-only, write_file as destructive', () => {
    const byName = Object.fromEntries(toolsOf(files).map((t) => [t.name, t]));
    expect(Object.keys(byName).sort()).toEqual(['list_files', 'read_file', 'write_file']);
    expect(byName.read_file).toMatchObject({ readOnly: true, destructive: false });
    expect(byName.list_files).toMatchObject({ readOnly: true });
    expect(byName.write_file).toMatchObject({ readOnly: false, destructive: true });
    expect((byName.read_file.parameters as { required: string[] }).required).toEqual(['path', 'offset', 'limit']);
  });

  it('writes and reads through the runner, with the schemas the model sees', async () => {
    const { events } = await runCalls([files], [
      { name: 'write_file', arguments: { path: 'notes/todo.md', content: 'one\ntwo\nthree\n' } },
    ]);
    expect(outputs(events).call_1.text).toBe('wrote 14 bytes to notes/todo.md');
    const read = await runCalls([files], [{ name: 'read_file', arguments: { path: 'notes/todo.md', offset: 2, limit: 1 } }]);
    expect(outputs(read.events).call_1.text).toBe('[lines 2-2 of 3]\ntwo\n');
  });

  it('shows the head and tail of a long file, pointing at offset and limit', async () => {
    await files.writeFile('long.txt', Array.from({ length: 200 }, (_, i) => `line ${i + 1}`).join('\n'));
    const result = await files.readFile('long.txt');
    expect(result.text).toMatch(/^line 1\nline 2\n[\s\S]*\n…\[\d+ of \d+ bytes elided\]\n[\s\S]*line 200$/);
  });

  it('answers errors as text naming the kind, never a host path', async () => {
    writeFileSync(join(dir, 'blob.bin'), Buffer.from([0x00, 0x01, 0x02, 0xff]));
    writeFileSync(join(dir, 'huge.txt'), 'x'.repeat(70 * 1024));
    const cases: Array<[Promise<{ text: string; isError?: boolean }>, string]> = [
      [files.readFile('missing.txt'), 'error: read missing.txt: not found'],
      [files.readFile('../../etc/passwd'), 'error: read ../../etc/passwd: outside the working directory'],
      [files.readFile('blob.bin'), 'error: read blob.bin: binary file (4 bytes), not shown'],
      [files.readFile('huge.txt'), 'error: read huge.txt: file exceeds read limit'],
      [files.readFile('notes'), 'error: read notes: is a directory'],
      [files.writeFile('/etc/evil', 'x'), 'error: write /etc/evil: outside the working directory'],
      [files.listFiles('nowhere'), 'error: list nowhere: not found'],
      [files.listFiles('long.txt'), 'error: list long.txt: not a directory'],
    ];
    for (const [promise, text] of cases) {
      const result = await promise;
      expect(result.text).toBe(text);
      expect(result.isError).toBe(true);
    }
  });

  it('lists a directory sorted by name with type and size, capped', async () => {
    for (const name of ['b.txt', 'a.txt', 'c.txt', 'd.txt']) await files.writeFile(`listing/${name}`, name);
    await files.writeFile('listing/sub/x', '');
    const result = await files.listFiles('listing');
    expect(result.text).toBe(['file             5  a.txt', 'file             5  b.txt', 'file             5  c.txt', '… and 2 more entries'].join('\n'));
    expect((await files.listFiles(undefined)).text).toMatch(/^file +4 {2}blob.bin\n/);
  });

  it('says when there is no working directory', async () => {
    const bare = new FileToolkit(new LocalSandbox());
    expect((await bare.readFile('x')).text).toBe('error: read x: no persistent working directory configured');
  });

  it('refuses content over maxWriteBytes', async () => {
    const small = new FileToolkit(new LocalSandbox({ workDir: dir }), { maxWriteBytes: 10 });
    expect((await small.writeFile('big.txt', 'x'.repeat(11))).text).toBe('error: write big.txt: content is 11 bytes, over the 10-byte limit');
  });
});
