import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyPatchOperation, LocalSandbox, runShellAction, type ApplyPatchOperation } from '@toolwright/sandbox';

/** The recorded stream, one server event per line. */
const events = readFileSync(join(__dirname, '../fixtures/openai/r10_stream_builtin_apply_patch_call.chunks.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as { type: string; delta?: string; diff?: string; item?: { type: string; operation?: ApplyPatchOperation } });

describe("OpenAI's built-in tools, executed by a sandbox", () => {
  let dir: string;
  let sandbox: LocalSandbox;
  beforeAll(() => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'toolwright-native-')));
    sandbox = new LocalSandbox({ workDir: dir });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  describe('applyPatchOperation', () => {
    it('applies the create_file operation of a recorded apply_patch_call stream', async () => {
      const deltas = events.filter((e) => e.type === 'response.apply_patch_call_operation_diff.delta').map((e) => e.delta).join('');
      const done = events.find((e) => e.type === 'response.apply_patch_call_operation_diff.done')!;
      expect(deltas).toBe(done.diff);
      const operation = events.find((e) => e.type === 'response.output_item.done')!.item!.operation!;
      expect(operation).toMatchObject({ type: 'create_file', path: 'shopping-checklist.md' });
      const output = await applyPatchOperation(sandbox, operation);
      expect(output.status).toBe('completed');
      expect(output.output).toMatch(/^Success\. Updated the following files:\nA shopping-checklist\.md\n\n--- \/dev\/null\n\+\+\+ b\/shopping-checklist\.md\n/);
      expect(readFileSync(join(dir, 'shopping-checklist.md'), 'utf8')).toBe('## Shopping Checklist\n\n- [ ] Milk\n- [ ] Bread\n- [ ] Eggs\n- [ ] Fresh fruit\n- [ ] Coffee\n');
    });

    it('updates through the same planner: chunks, CRLF kept, atomic and confined', async () => {
      await sandbox.writeFile('app.py', 'def greet():\r\n    print("Hi")\r\n');
      const updated = await applyPatchOperation(sandbox, { type: 'update_file', path: 'app.py', diff: '@@ def greet():\n-    print("Hi")\n+    print("Hello")\n' });
      expect(updated.status).toBe('completed');
      expect(readFileSync(join(dir, 'app.py'), 'utf8')).toBe('def greet():\r\n    print("Hello")\r\n');
      const missed = await applyPatchOperation(sandbox, { type: 'update_file', path: 'app.py', diff: '@@\n-absent\n+x\n' });
      expect(missed).toEqual({ status: 'failed', output: 'apply_patch failed: Failed to find expected lines in app.py:\nabsent\nNo file was changed.' });
      const outside = await applyPatchOperation(sandbox, { type: 'create_file', path: '../escape.md', diff: '+x\n' });
      expect(outside.status).toBe('failed');
      expect(outside.output).toMatch(/^apply_patch failed: "\.\.\/escape\.md" is outside the working directory/);
      const malformed = await applyPatchOperation(sandbox, { type: 'create_file', path: 'x.md', diff: '+ok\nno plus\n' });
      expect(malformed).toEqual({ status: 'failed', output: "apply_patch failed: Invalid patch hunk on line 2: every line of a new file's diff starts with '+', got: 'no plus'\nNo file was changed." });
    });

    it('deletes a file, and fails for a missing one', async () => {
      await sandbox.writeFile('old.txt', 'old\n');
      expect((await applyPatchOperation(sandbox, { type: 'delete_file', path: 'old.txt' })).status).toBe('completed');
      expect(await applyPatchOperation(sandbox, { type: 'delete_file', path: 'old.txt' })).toEqual({
        status: 'failed',
        output: 'apply_patch failed: Failed to delete file old.txt: not found\nNo file was changed.',
      });
    });
  });

  describe('runShellAction', () => {
    it('runs each command with the call timeout and output limit, streaming output', async () => {
      const seen: string[] = [];
      const results = await runShellAction(
        sandbox,
        { commands: ['echo one; echo two >&2', 'sleep 30', 'seq 1 1000'], timeout_ms: 1_000, max_output_length: 100 },
        { onOutput: (command, stream, data) => seen.push(`${command}|${stream}|${data}`) },
      );
      expect(results[0]).toEqual({ stdout: 'one\n', stderr: 'two\n', outcome: { type: 'exit', exit_code: 0 } });
      expect(results[1]).toEqual({ stdout: '', stderr: '', outcome: { type: 'timeout' } });
      expect(results[2].outcome).toEqual({ type: 'exit', exit_code: 0 });
      expect(results[2].stdout).toMatch(/^1\n2\n[\s\S]*\n…\[\d+ characters elided\]\n[\s\S]*1000\n$/);
      // The limit holds for stdout and stderr together, marker included.
      expect(results[2].stdout.length + results[2].stderr.length).toBeLessThanOrEqual(100);
      expect(seen).toContain('echo one; echo two >&2|stdout|one\n');
    });

    it('shares the output limit between stdout and stderr, and never splits a character', async () => {
      const [both] = await runShellAction(sandbox, { commands: ['seq 1 500; seq 1 500 >&2'], max_output_length: 200 });
      expect(both.stdout.length + both.stderr.length).toBeLessThanOrEqual(200);
      expect(both.stdout).toMatch(/^1\n[\s\S]*elided[\s\S]*500\n$/);
      expect(both.stderr).toMatch(/^1\n[\s\S]*elided[\s\S]*500\n$/);
      const [quiet] = await runShellAction(sandbox, { commands: ['echo err >&2; seq 1 500'], max_output_length: 200 });
      expect(quiet.stderr).toBe('err\n');
      expect(quiet.stdout.length).toBeLessThanOrEqual(196);
      const [emoji] = await runShellAction(sandbox, { commands: ["printf '😀%.0s' $(seq 1 300)"], max_output_length: 101 });
      expect(emoji.stdout).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    });

    it('gives later commands only what is left of the call budget', async () => {
      const results = await runShellAction(sandbox, { commands: ['sleep 5', 'echo late'], timeout_ms: 10_000 }, { callBudgetMs: 1_000 });
      expect(results[0].outcome).toEqual({ type: 'timeout' });
      expect(results[1]).toEqual({ stdout: '', stderr: "not run: the call's 1 s budget was spent by the commands before this one", outcome: { type: 'timeout' } });
    });

    it('refuses hostile actions with the reason', async () => {
      await expect(runShellAction(sandbox, { commands: Array(1000).fill('true') })).rejects.toThrow(/a list of 1 to 32 commands \(got 1000\)/);
      await expect(runShellAction(sandbox, { commands: 'ls' as unknown as string[] })).rejects.toThrow(/got string/);
      await expect(runShellAction(sandbox, { commands: ['ls', ''] })).rejects.toThrow(/commands\[1\] must be a command \(not blank\)/);
    });
  });
});
