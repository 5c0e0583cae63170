import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toolsOf } from '@toolwright/core';
import { ApplyPatchToolkit, LocalSandbox } from '@toolwright/sandbox';
import { outputs, runCalls } from './support';

describe('ApplyPatchToolkit', () => {
  let dir: string;
  let sandbox: LocalSandbox;
  beforeAll(() => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'toolwright-apt-')));
    sandbox = new LocalSandbox({ workDir: dir });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('offers apply_patch { patch }, destructive, its description carrying the grammar', () => {
    const [tool] = toolsOf(new ApplyPatchToolkit(sandbox));
    expect(tool).toMatchObject({ name: 'apply_patch', readOnly: false, destructive: true });
    expect(tool.description).toContain('UpdateFile := "*** Update File: " path NEWLINE [ MoveTo ] { Hunk }');
    expect((tool.parameters as { required: string[] }).required).toEqual(['patch']);
  });

  it('answers with the summary and a unified diff (display: diff)', async () => {
    await sandbox.writeFile('app.js', 'const a = 1;\nconsole.log(a);\n');
    const { events } = await runCalls([new ApplyPatchToolkit(sandbox)], [
      { name: 'apply_patch', arguments: { patch: '*** Begin Patch\n*** Update File: app.js\n@@\n-const a = 1;\n+const a = 2;\n console.log(a);\n*** End Patch' } },
    ]);
    const output = outputs(events).call_1;
    expect(output.text).toBe('Success. Updated the following files:\nM app.js\n\n--- a/app.js\n+++ b/app.js\n@@ -1,2 +1,2 @@\n-const a = 1;\n+const a = 2;\n console.log(a);\n');
    expect(output.display).toBe('diff');
    expect(output.details).toMatchObject({ added: [], modified: ['app.js'], deleted: [], moved: [] });
    expect(readFileSync(join(dir, 'app.js'), 'utf8')).toBe('const a = 2;\nconsole.log(a);\n');
  });

  it('answers a patch that does not apply with the reason, and changes nothing', async () => {
    await sandbox.writeFile('keep.txt', 'keep\n');
    const toolkit = new ApplyPatchToolkit(sandbox);
    const result = await toolkit.applyPatch('*** Begin Patch\n*** Add File: new.txt\n+x\n*** Update File: keep.txt\n@@\n-absent\n+y\n*** End Patch');
    expect(result.isError).toBe(true);
    expect(result.text).toBe('apply_patch failed: Failed to find expected lines in keep.txt:\nabsent\nNo file was changed.');
    expect(await sandbox.stat('new.txt')).toBeNull();
    const outside = await toolkit.applyPatch('*** Begin Patch\n*** Add File: ../x.txt\n+x\n*** End Patch');
    expect(outside.text).toBe('apply_patch failed: "../x.txt" is outside the working directory: ".." leads above it. Use a path relative to the working directory.\nNo file was changed.');
    const parse = await toolkit.applyPatch('*** Begin Patch\n*** Frobnicate: x\n*** End Patch');
    expect(parse.text).toMatch(/^apply_patch failed: Invalid patch hunk on line 2: '\*\*\* Frobnicate: x' is not a valid hunk header/);
  });

  it('refuses a patch over maxPatchBytes', async () => {
    const result = await new ApplyPatchToolkit(sandbox, { maxPatchBytes: 10 }).applyPatch('*** Begin Patch\n*** End Patch');
    expect(result.text).toBe('apply_patch failed: the patch is 29 bytes, over the 10-byte limit. Split it into smaller patches.');
  });
});
