import 'reflect-metadata';
import { readFileSync, rmSync, writeFileSync } from 'fs';
import { join } from 'path';
import OpenAI from 'openai';
import { OpenAIResponsesModel } from '@toolwright/openai';
import { LocalSandbox } from '@toolwright/sandbox';
import { describeBackend } from '../../../test-support/backends';
import { requireBubblewrap } from '../../../test-support/bubblewrap';
import { ensureSandboxExampleBuilt } from '../../../test-support/example-build';
import { runCli, type CliResult } from '../../../test-support/run-cli';
import { fixWithNativeTools } from '../src/fix-with-native-tools';
import { createScratchProject, SCRATCH_FILES } from '../src/scratch-project';
import { ScriptedResponsesServer } from '../src/scripted-responses-server';

const root = join(__dirname, '../../..');
const example = join(root, 'examples/native-tools');
const main = join(example, 'dist/main.js');

/** Runs the built CLI without an API key. */
function cli(args: string[]): Promise<CliResult> {
  return runCli(main, args, { cwd: example, timeoutMs: 90_000 });
}

describe('the native-tools example', () => {
  describe('in process, against the scripted Responses server, on a LocalSandbox', () => {
    let dir: string;
    let server: ScriptedResponsesServer;
    let model: OpenAIResponsesModel;
    beforeEach(async () => {
      server = await new ScriptedResponsesServer().start();
      model = new OpenAIResponsesModel({ client: new OpenAI({ apiKey: 'sk-test', baseURL: server.baseURL, maxRetries: 0 }), model: 'gpt-5.1' });
    });
    afterEach(async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('fixes the failing test through built-in shell and apply_patch calls', async () => {
      dir = createScratchProject();
      const lines: string[] = [];
      const { result, passing } = await fixWithNativeTools(model, new LocalSandbox({ workDir: dir }), { line: (l) => lines.push(l) });
      expect(passing).toBe(true);
      expect(result.finalOutput).toMatch(/^Fixed: median sorted the numbers as text/);
      // The model was offered the built-in tools, not the functions.
      expect(server.requests[0].tools).toEqual([{ type: 'shell', environment: { type: 'local' } }, { type: 'apply_patch' }]);
      expect(lines).toEqual(expect.arrayContaining(['→ shell $ node --test', '✓ shell: exit code 1', '→ shell $ cat src/median.js', '✓ shell: exit code 0']));
      expect(lines.some((l) => l.startsWith('  │ not ok 2 - even-sized lists average the middle values'))).toBe(true);
      expect(lines).toContain('✓ apply_patch: Success. Updated the following files:');
      expect(lines).toContain('  +  const sorted = [...values].sort((a, b) => a - b);');
      // Each turn echoed the built-in items the API expects.
      const kinds = server.requests[server.requests.length - 1].input.map((i: { type: string }) => i.type);
      expect(kinds).toEqual(['message', 'shell_call', 'shell_call_output', 'shell_call', 'shell_call_output', 'apply_patch_call', 'apply_patch_call_output', 'shell_call', 'shell_call_output']);
      expect(readFileSync(join(dir, 'src/median.js'), 'utf8')).toContain('sort((a, b) => a - b)');
      expect(readFileSync(join(dir, 'test/median.test.js'), 'utf8')).toBe(SCRATCH_FILES['test/median.test.js']);
    }, 60_000);

    it('says so, and changes nothing, when the failure is not the one it knows how to fix', async () => {
      dir = createScratchProject();
      writeFileSync(join(dir, 'test/median.test.js'), "require('node:test')('other', () => { throw new Error('unrelated failure'); });\n");
      const { result, passing } = await fixWithNativeTools(model, new LocalSandbox({ workDir: dir }), { line: () => undefined });
      expect(passing).toBe(false);
      expect(result.finalOutput).toMatch(/^The tests fail, but not as I expected/);
      expect(readFileSync(join(dir, 'src/median.js'), 'utf8')).toBe(SCRATCH_FILES['src/median.js']);
    }, 60_000);

    it('answers a malformed request with a 400 naming the problem', async () => {
      dir = createScratchProject();
      const res = await fetch(`${server.baseURL}/responses`, { method: 'POST', body: '{"input": 3}' });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: { message: 'the request has no input list', type: 'invalid_request_error' } });
    });
  });

  describe('as a CLI built with `toolwright build`', () => {
    // `npm run build` builds it; here only when it is missing or the sandbox's build lacks what it runs on.
    beforeAll(() => ensureSandboxExampleBuilt(example, ['nativeShellTool']), 300_000);

    it('fixes the project on a local sandbox and exits 0', async () => {
      const { code, stdout, stderr } = await cli([]);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout).toMatch(/^No OPENAI_API_KEY set: running on a scripted Responses API server at http:\/\/127\.0\.0\.1:\d+\/v1\.\nScratch project: .* \(sandbox: local\)\nBefore: the tests FAIL \(exit code 1\)\./);
      expect(stdout).toContain('→ apply_patch (');
      expect(stdout).toMatch(/\nAfter: the tests pass\.\n$/);
    }, 120_000);

    describeBackend(requireBubblewrap(), 'with --sandbox bwrap', () => {
      it('fixes the project with every command in a bubblewrap sandbox', async () => {
        const { code, stdout } = await cli(['--sandbox', 'bwrap']);
        expect(code).toBe(0);
        expect(stdout).toContain('(sandbox: bwrap)');
        expect(stdout).toMatch(/\nAfter: the tests pass\.\n$/);
      }, 120_000);
    });
  });
});
