import { execFileSync, spawn } from 'child_process';
import { existsSync } from 'fs';
import { join } from 'path';

const root = join(__dirname, '../../../..');
const demo = join(root, 'examples/demo');
const main = join(demo, 'dist/main.js');

function run(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [main], { cwd: root, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`the demo did not finish within 20 s:\n${stdout}\n${stderr}`));
    }, 20_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('the demo (npm start)', () => {
  beforeAll(() => {
    if (!existsSync(main)) {
      const tsc = join(root, 'node_modules/typescript/bin/tsc');
      execFileSync(process.execPath, [tsc, '-b', join(root, 'packages/core')], { stdio: 'inherit' });
      execFileSync(process.execPath, [tsc, '-p', join(demo, 'tsconfig.json')], { stdio: 'inherit' });
    }
  }, 120_000);

  it('runs on ScriptedModel without a key and prints a live timeline', async () => {
    const env = { ...process.env };
    delete env.OPENAI_API_KEY;
    const { code, stdout, stderr } = await run(env);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(/^No OPENAI_API_KEY set: running on ScriptedModel/);
    expect(stdout).toMatch(/🔧 search_flights\(\{"from":"Oslo","to":"Bergen","date":"2025-06-12"\}\)/);
    expect(stdout).toMatch(/… search_flights: asked KLM \(4\/4\)/);
    expect(stdout).toMatch(/✓ {2}search_flights done in \d+ ms/);
    expect(stdout).toMatch(/🔧 get_weather[\s\S]*🔧 find_hotels[\s\S]*✓ {2}get_weather done[\s\S]*✓ {2}find_hotels done/);
    expect(stdout).toMatch(/🏁 done: 3 model turns, 3 tool calls/);
    expect(stdout).toMatch(/Final answer:\nHere is your Bergen weekend:\n- Flight: Widerøe/);
    // The two parallel tools overlap: both were called before either finished.
    const at = (pattern: RegExp) => Number(/\[\s*([\d.]+)s\]/.exec(lines.find((l) => pattern.test(l)) ?? '')?.[1]);
    expect(at(/🔧 find_hotels/)).toBeLessThan(at(/get_weather done/));
  }, 30_000);
});
