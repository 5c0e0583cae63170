import { execFile } from 'node:child_process';
import { join } from 'node:path';

describe('sessionContract under node:test', () => {
  it('runs and passes with node --test, given its describe and it', async () => {
    const out = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      execFile(process.execPath, ['--test', '--test-reporter=tap', join(__dirname, 'fixtures', 'memory-session.node-test.js')], { timeout: 120_000 }, (error, stdout) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout }),
      );
    });
    expect(out.stdout).toMatch(/# fail 0/);
    const passed = Number(/# pass (\d+)/.exec(out.stdout)?.[1] ?? 0);
    expect(passed).toBeGreaterThanOrEqual(18);
    expect(out.code).toBe(0);
  }, 150_000);
});
