import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = join(__dirname, '..', '..', '..');
const example = join(root, 'examples', 'plan-mode');
const main = join(example, 'dist', 'main.js');

function envWithoutKeys(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_API', 'OPENAI_MODEL']) delete env[name];
  return env;
}

describe('the plan-mode example', () => {
  beforeAll(() => {
    // Built like every example (`toolwright build`), here when the test runs before `npm run build`.
    if (!existsSync(main)) {
      execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b', join(root, 'packages/core'), join(root, 'packages/openai'), join(root, 'packages/scanner')], { stdio: 'inherit' });
      execFileSync(process.execPath, [join(root, 'packages/scanner/bin/toolwright.js'), 'build', '-p', join(example, 'tsconfig.json')], { stdio: 'inherit' });
    }
  }, 300_000);

  it('Z-155: plans without changing anything (the delete is refused, naming submit_plan), then carries out the approved plan', async () => {
    const { stdout } = await run(process.execPath, [main], { env: envWithoutKeys(), timeout: 60_000 });
    expect(stdout).toContain('No OPENAI_API_KEY set: running on ScriptedModel.');
    expect(stdout).toContain('  → list_files({})');
    expect(stdout).toContain('  ← delete_file: Not run: plan mode is on and "delete_file" is not a read-only tool. Only read-only tools run while planning: investigate with them, then call "submit_plan" with your plan.');
    expect(stdout).toContain('  ← read_file: Service code. Logs older than a week can go.');
    expect(stdout).toContain('Plan:\n1. delete_file logs/old-1.log\n2. delete_file logs/old-2.log');
    expect(stdout).toContain('Files after planning: README.md, logs/old-1.log, logs/old-2.log, src/main.ts');
    expect(stdout).toContain('  ← delete_file: deleted logs/old-1.log');
    expect(stdout).toContain('Files now: README.md, src/main.ts, logs/README.md');
  }, 90_000);

  it('stops after the plan with --no-approve', async () => {
    const { stdout } = await run(process.execPath, [main, '--no-approve'], { env: envWithoutKeys(), timeout: 60_000 });
    expect(stdout).toContain('Files after planning: README.md, logs/old-1.log, logs/old-2.log, src/main.ts');
    expect(stdout).not.toContain('Carrying out');
  }, 90_000);
});
