import { execFileSync } from 'child_process';
import { join } from 'path';
import { runCli } from '../../../test-support/run-cli';

const root = join(__dirname, '../../..');
const example = join(root, 'examples/typed-agent');
const main = join(example, 'dist/main.js');

describe('the typed-agent example program', () => {
  beforeAll(() => {
    // Always rebuilt: the schema is embedded by the build, and the test checks the build does it.
    execFileSync(process.execPath, [join(root, 'packages/scanner/bin/toolwright.js'), 'build', '-p', join(example, 'tsconfig.json')], { stdio: 'inherit' });
  }, 180_000);

  it('answers with a validated TripPlan instance after one refused answer, without a key', async () => {
    const { code, stdout, stderr } = await runCli(main, [], { cwd: example, timeoutMs: 30_000 });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('No OPENAI_API_KEY set: running on ScriptedModel.');
    expect(stdout).toContain('tool: forecast({"city":"Oslo"})');
    expect(stdout).toMatch(/answered by planner after 3 model calls \(\d+ partial answers streamed\)/);
    expect(stdout).toContain('instance of TripPlan: true; first day is a Date: true');
    expect(stdout).toContain('2 nights in Oslo (relaxed), from 2026-06-01: Vigeland park + fjord cruise / Munch museum');
    expect(stdout).toContain('"destination":"Oslo"');
  });
});
