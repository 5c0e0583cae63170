import { execFileSync } from 'child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { runCli, type CliResult } from '../../../../test-support/run-cli';

const root = join(__dirname, '../../../..');
const example = join(root, 'examples/approvals');
const main = join(example, 'dist/main.js');

function cli(args: string[], stdin: string): Promise<CliResult> {
  return runCli(main, args, { cwd: root, timeoutMs: 20_000, stdin });
}

describe('the approvals example (a CLI that pauses, saves and resumes)', () => {
  let dir: string;
  beforeAll(() => {
    if (!existsSync(main)) {
      const tsc = join(root, 'node_modules/typescript/bin/tsc');
      execFileSync(process.execPath, [tsc, '-b', join(root, 'packages/core'), join(root, 'packages/openai'), join(root, 'packages/scanner')], { stdio: 'inherit' });
      execFileSync(process.execPath, [join(root, 'packages/scanner/bin/toolwright.js'), 'build', '-p', join(example, 'tsconfig.json')], { stdio: 'inherit' });
    }
    dir = mkdtempSync(join(tmpdir(), 'toolwright-approvals-'));
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('pauses and saves the state; a second invocation resumes it from the file with --approve', async () => {
    const file = join(dir, 'run.json');
    const first = await cli(['--state', file], 's\n');
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^No OPENAI_API_KEY set: running on ScriptedModel\./);
    expect(first.stdout).toContain('→ refund_order({"orderId":"A-17","amount":249.9,"reason":"arrived broken"})');
    expect(first.stdout).toContain('Pending approval:\n  [call_2] refund_order {"orderId":"A-17","amount":249.9,"reason":"arrived broken"} (agent support)');
    expect(first.stdout).toContain(`State saved to ${file} (signed).`);
    expect(first.stdout).toContain('Stopped. The paused run is saved');
    // Nothing of the paused batch ran, not even the lookup that needed no approval.
    expect(first.stdout).not.toMatch(/✓|💸/);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ format: 'toolwright.run-state.signed', algorithm: 'HMAC-SHA256' });

    const second = await cli(['--resume', '--state', file, '--approve'], '');
    expect(second.stderr).toBe('');
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Resuming the run saved in');
    expect(second.stdout).toContain('Approved refund_order [call_2] (from the command line).');
    expect(second.stdout.match(/💸 Refunded 249\.90 EUR on order A-17 \(arrived broken\)\./g)).toHaveLength(1);
    expect(second.stdout).toContain('✓ lookup_order: Order A-17');
    expect(second.stdout).toMatch(/Final answer:\nDone: Refunded 249\.90 EUR on order A-17\./);
    expect(existsSync(file)).toBe(false);
  }, 60_000);

  it('reads an interactive decision from stdin and resumes in the same invocation', async () => {
    const { code, stdout } = await cli(['--state', join(dir, 'interactive.json')], 'y\n');
    expect(code).toBe(0);
    expect(stdout).toContain('Approve refund_order [call_2]? [y]es / [n]o / [s]ave and quit: y');
    expect(stdout).toContain('💸 Refunded 249.90 EUR');
    expect(stdout).toMatch(/Final answer:\nDone:/);
  }, 30_000);

  it('rejects with a message the model sees, and the refund never runs', async () => {
    const { code, stdout } = await cli(['--state', join(dir, 'rejected.json'), '--reject', 'Ask for a photo of the damage first.'], '');
    expect(code).toBe(0);
    expect(stdout).not.toContain('💸');
    expect(stdout).toMatch(/Final answer:\nI could not refund order A-17: Ask for a photo of the damage first\./);
  }, 30_000);

  it('refuses a state file that was edited', async () => {
    const file = join(dir, 'edited.json');
    await cli(['--state', file], 's\n');
    writeFileSync(file, readFileSync(file, 'utf8').replace('249.9', '2499.9'));
    const { code, stdout, stderr } = await cli(['--resume', '--state', file, '--approve'], '');
    expect(code).toBe(1);
    expect(stderr).toMatch(/RunStateError: The run state's signature does not match/);
    expect(stdout).not.toContain('💸');
  }, 30_000);
});
