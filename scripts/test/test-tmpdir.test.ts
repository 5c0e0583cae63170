// scripts/build/test-tmpdir.mjs: a jest run's temporary directory on a RAM file system when the
// machine has one with room (the global setup names it in TMPDIR), else the system's; and the
// watchdog that deletes it when jest dies without its teardown.
import { execFileSync, spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const REPO = path.join(__dirname, '..', '..');
const MODULE = path.join(REPO, 'scripts/build/test-tmpdir.mjs');
const WATCHDOG = path.join(REPO, 'scripts/build/shared-backends-watchdog.mjs');
const GiB = 1024 ** 3;
const TMPFS = 0x01021994;

/** Runs `body` (an ES module's text, with the module imported as `t`) and returns what it printed as JSON. */
function inModule(body: string, env: NodeJS.ProcessEnv = process.env): unknown {
  const script = `import * as t from ${JSON.stringify(MODULE)};\n${body}`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env }));
}

describe('test-tmpdir.mjs', () => {
  it('uses a tmpfs with room on a machine with memory, and says why not otherwise', () => {
    const cases = {
      ok: { env: {}, type: TMPFS, free: 10 * GiB, totalmem: 24 * GiB },
      optedOut: { env: { TOOLWRIGHT_TEST_TMPFS: '0' }, type: TMPFS, free: 10 * GiB, totalmem: 24 * GiB },
      userTmpdir: { env: { TMPDIR: '/scratch' }, type: TMPFS, free: 10 * GiB, totalmem: 24 * GiB },
      smallMachine: { env: {}, type: TMPFS, free: 10 * GiB, totalmem: 4 * GiB },
      disk: { env: {}, type: 0xef53, free: 100 * GiB, totalmem: 24 * GiB },
      full: { env: {}, type: TMPFS, free: 1 * GiB, totalmem: 24 * GiB },
      missing: { env: {}, type: -1, free: 0, totalmem: 24 * GiB },
    };
    const reasons = inModule(`
      const cases = ${JSON.stringify(cases)};
      const out = {};
      for (const [name, c] of Object.entries(cases)) {
        const statfs = () => { if (c.type === -1) throw new Error('ENOENT'); return { type: c.type, bavail: c.free / 4096, bsize: 4096 }; };
        out[name] = t.whyNotRamTmpdir({ env: c.env, candidate: '/dev/shm', statfs, totalmem: c.totalmem }) ?? null;
      }
      console.log(JSON.stringify(out));
    `);
    expect(reasons).toEqual({
      ok: null,
      optedOut: 'TOOLWRIGHT_TEST_TMPFS=0',
      userTmpdir: 'TMPDIR is set (/scratch)',
      smallMachine: 'the machine has 4 GiB of memory, under 8',
      disk: '/dev/shm is not tmpfs',
      full: '/dev/shm has 1024 MiB free, under 4 GiB',
      missing: '/dev/shm does not exist',
    });
  });

  it('makes a fresh folder, names it in TMPDIR when this machine qualifies, and deletes it with what it holds', () => {
    const env = { ...process.env };
    delete env.TMPDIR;
    delete env.TOOLWRIGHT_TEST_TMPFS;
    const result = inModule(
      `
      import fs from 'node:fs';
      import os from 'node:os';
      const why = t.whyNotRamTmpdir({ env: process.env, candidate: '/dev/shm', statfs: (d) => fs.statfsSync(d), totalmem: os.totalmem() });
      const dir = t.openTestTmpdir();
      const seen = { why: why ?? null, dir: dir ?? null, tmpdir: os.tmpdir(), named: process.env.TOOLWRIGHT_TEST_TMPDIR ?? null };
      if (dir) {
        seen.mode = (fs.statSync(dir).mode & 0o777).toString(8);
        seen.tmpfs = fs.statfsSync(dir).type === ${TMPFS};
        fs.mkdirSync(dir + '/left/behind', { recursive: true });
        t.removeTestTmpdir(dir);
        seen.gone = !fs.existsSync(dir);
      }
      console.log(JSON.stringify(seen));
    `,
      env,
    ) as Record<string, unknown>;
    if (result.why === null) {
      expect(result).toMatchObject({ tmpdir: result.dir, named: result.dir, mode: '755', tmpfs: true, gone: true });
      expect(result.dir).toMatch(/^\/dev\/shm\/tw-\w{6}$/);
    } else {
      expect(result).toMatchObject({ dir: null, named: null });
    }
  });

  it('the suites of this run see the folder the global setup chose as their temporary directory', () => {
    const chosen = process.env.TOOLWRIGHT_TEST_TMPDIR;
    if (chosen === undefined) return; // The run keeps the system's temporary directory (the test above says why).
    expect(os.tmpdir()).toBe(chosen);
    expect(fs.statfsSync(chosen).type).toBe(TMPFS);
  });

  it('the watchdog deletes the folder once jest is gone without its teardown', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolwright-watchdog-'));
    fs.mkdirSync(path.join(dir, 'scratch', 'project'), { recursive: true });
    const jest = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    const watchdog = spawn(process.execPath, [WATCHDOG, String(jest.pid), '-', dir], { stdio: 'ignore' });
    const watchdogExit = new Promise((resolve) => watchdog.once('exit', resolve));
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(fs.existsSync(dir)).toBe(true);
      jest.kill('SIGKILL');
      // A bound for a stuck watchdog, not an expectation: it looks every second.
      const deadline = Date.now() + 20_000;
      while (fs.existsSync(dir) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(fs.existsSync(dir)).toBe(false);
    } finally {
      jest.kill('SIGKILL');
      watchdog.kill('SIGKILL');
      await watchdogExit;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
