import 'reflect-metadata';
import { readFileSync, rmSync, writeFileSync } from 'fs';
import { join } from 'path';
import { LocalSandbox } from '@toolwright/sandbox';
import { describeBackend } from '../../../test-support/backends';
import { requireBubblewrap } from '../../../test-support/bubblewrap';
import { ensureSandboxExampleBuilt } from '../../../test-support/example-build';
import { runCli, type CliResult } from '../../../test-support/run-cli';
import { fixFailingTest } from '../src/fix-test';
import { createScratchProject, SCRATCH_FILES } from '../src/scratch-project';
import { scriptedFixer } from '../src/scripted-fixer';

const root = join(__dirname, '../../..');
const example = join(root, 'examples/fix-test');
const main = join(example, 'dist/main.js');

/** Runs the built CLI without an API key. */
function cli(args: string[]): Promise<CliResult> {
  return runCli(main, args, { cwd: example, timeoutMs: 90_000 });
}

describe('the fix-test example', () => {
  describe('in process, on a LocalSandbox', () => {
    let dir: string;
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('runs the failing test, patches the code, and leaves the tests passing', async () => {
      dir = createScratchProject();
      const lines: string[] = [];
      const { result, passing } = await fixFailingTest(scriptedFixer(), new LocalSandbox({ workDir: dir }), { line: (l) => lines.push(l) });
      expect(passing).toBe(true);
      expect(result.finalOutput).toMatch(/^Fixed: slugify now collapses runs of separators/);
      expect(lines).toContain('→ exec_command $ node --test');
      expect(lines.some((l) => l.startsWith('  │ not ok 2 - joins words with single dashes'))).toBe(true);
      expect(lines).toContain('✓ apply_patch: Success. Updated the following files:');
      expect(lines).toContain("  +    .replace(/[^a-z0-9]+/g, '-')");
      expect(readFileSync(join(dir, 'src/slugify.js'), 'utf8')).toContain(".replace(/^-+|-+$/g, '');");
      // The test file itself was not touched.
      expect(readFileSync(join(dir, 'test/slugify.test.js'), 'utf8')).toBe(SCRATCH_FILES['test/slugify.test.js']);
    }, 60_000);

    it('says so, and changes nothing, when the failure is not the one it knows how to fix', async () => {
      dir = createScratchProject();
      writeFileSync(join(dir, 'test/slugify.test.js'), "require('node:test')('other', () => { throw new Error('unrelated failure'); });\n");
      const { result, passing } = await fixFailingTest(scriptedFixer(), new LocalSandbox({ workDir: dir }), { line: () => undefined });
      expect(passing).toBe(false);
      expect(result.finalOutput).toMatch(/^The tests fail, but not as I expected/);
      expect(readFileSync(join(dir, 'src/slugify.js'), 'utf8')).toBe(SCRATCH_FILES['src/slugify.js']);
    }, 60_000);
  });

  describe('as a CLI built with `toolwright build`', () => {
    // `npm run build` builds it; here only when it is missing or the sandbox's build lacks what it runs on.
    beforeAll(() => ensureSandboxExampleBuilt(example), 300_000);

    it('fixes the project on a local sandbox and exits 0', async () => {
      const { code, stdout, stderr } = await cli([]);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout).toMatch(/^No OPENAI_API_KEY set: running on ScriptedModel\.\nScratch project: .* \(sandbox: local\)\nBefore: the tests FAIL \(exit code 1\)\./);
      expect(stdout).toContain('✓ exec_command: exit_code: 1');
      expect(stdout).toContain('✓ exec_command: exit_code: 0');
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
