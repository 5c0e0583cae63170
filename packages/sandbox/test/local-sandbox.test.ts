import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LocalSandbox, NoWorkDirError } from '@toolwright/sandbox';
import { sandboxContract } from '@toolwright/sandbox/testing';
import { rejection } from './support/rejection';
import { makeTempDirs, type TempDirs } from './support/temp-dirs';

describe('LocalSandbox', () => {
  let dirs: TempDirs;
  let sandbox: LocalSandbox;
  beforeAll(() => {
    dirs = makeTempDirs('local');
    sandbox = new LocalSandbox({ workDir: dirs.workDir, maxReadBytes: 4096 });
  });
  afterAll(() => dirs.cleanup());

  sandboxContract(() => ({ sandbox, outsideDir: dirs.outsideDir, secret: dirs.secret }));

  it('passes only PATH, HOME and TMPDIR of its own environment (plus env)', async () => {
    process.env.TOOLWRIGHT_TEST_SECRET = 'leaked';
    try {
      const local = new LocalSandbox({ workDir: dirs.workDir, env: { EXTRA: 'yes' } });
      const names = (await local.exec('env')).stdout.split('\n').filter(Boolean).map((line) => line.split('=')[0]);
      expect(names).not.toContain('TOOLWRIGHT_TEST_SECRET');
      expect(names).toContain('PATH');
      expect(names).toContain('EXTRA');
      const all = new LocalSandbox({ workDir: dirs.workDir, inheritEnv: true });
      expect((await all.exec('printf %s "$TOOLWRIGHT_TEST_SECRET"')).stdout).toBe('leaked');
    } finally {
      delete process.env.TOOLWRIGHT_TEST_SECRET;
    }
  });

  it('kills background processes left by a command that exited', async () => {
    const marker = join(dirs.workDir, 'late-marker');
    const result = await sandbox.exec('(sleep 1; touch late-marker) > /dev/null 2>&1 & echo done');
    expect(result.stdout).toBe('done\n');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(existsSync(marker)).toBe(false);
  });

  it('writes files on the host where the working directory is', async () => {
    await sandbox.writeFile('host/visible.txt', 'on disk');
    expect(readFileSync(join(dirs.workDir, 'host/visible.txt'), 'utf8')).toBe('on disk');
  });

  it('refuses file operations without a working directory, and runs commands all the same', async () => {
    const bare = new LocalSandbox();
    expect(await rejection(bare.readFile('x'))).toBeInstanceOf(NoWorkDirError);
    expect(await rejection(bare.listDir())).toBeInstanceOf(NoWorkDirError);
    expect((await bare.exec('echo ok')).stdout).toBe('ok\n');
  });

  it('reports a missing working directory as a configuration error', async () => {
    const missing = new LocalSandbox({ workDir: join(dirs.base, 'nope') });
    const error = await rejection(missing.readFile('x'));
    expect(error.name).toBe('UserError');
    expect(error.message).toContain('does not exist');
  });

  it('rejects bad options with a message saying what is wrong', async () => {
    expect(() => new LocalSandbox({ workDir: '/' })).toThrow(/would confine nothing/);
    expect((await rejection(sandbox.exec('', {}))).message).toMatch(/non-empty/);
    expect((await rejection(sandbox.exec('true', { timeoutMs: -1 }))).message).toMatch(/timeoutMs must be a positive/);
    expect((await rejection(sandbox.exec('true', { env: { 'BAD NAME': 'x' } }))).message).toMatch(/not a valid variable name/);
  });
});
