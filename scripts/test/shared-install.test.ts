/**
 * The shared scratch install (test-support/shared-install.ts): suites asking for the same specs
 * at the same time get one install, a failed install fails every suite waiting for it, and other
 * specs get an install of their own. The install bodies here write a file instead of running npm.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { projectFolder, sharedInstall } from '../../test-support/shared-install';

describe('sharedInstall', () => {
  let fallback = '';
  let savedRunDir: string | undefined;

  beforeEach(() => {
    fallback = fs.mkdtempSync(path.join(os.tmpdir(), 'toolwright-shared-install-'));
    // Outside a jest run's shared directory: the installs land in the fallback folder.
    savedRunDir = process.env.TOOLWRIGHT_SHARED_BACKENDS_DIR;
    delete process.env.TOOLWRIGHT_SHARED_BACKENDS_DIR;
  });

  afterEach(() => {
    if (savedRunDir !== undefined) process.env.TOOLWRIGHT_SHARED_BACKENDS_DIR = savedRunDir;
    fs.rmSync(fallback, { recursive: true, force: true });
  });

  /** An install body that counts its runs and finishes when `release` is called. */
  function slowInstall(): { install: (dir: string) => Promise<void>; runs: () => number; release: () => void } {
    let runs = 0;
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolveRelease) => (release = resolveRelease));
    return {
      install: async (dir) => {
        runs += 1;
        await released;
        fs.writeFileSync(path.join(dir, 'installed.txt'), 'yes');
      },
      runs: () => runs,
      release: () => release(),
    };
  }

  it('installs once for suites asking for the same specs at the same time; the others wait for it', async () => {
    const body = slowInstall();
    const first = sharedInstall(['a.tgz', 'b@^1'], fallback, body.install);
    const second = sharedInstall(['a.tgz', 'b@^1'], fallback, body.install);
    // The waiter must not settle before the install is done.
    const early = await Promise.race([second.then(() => 'settled'), new Promise((resolveLater) => setImmediate(() => resolveLater('pending')))]);
    expect(early).toBe('pending');
    body.release();
    const [dirA, dirB] = await Promise.all([first, second]);
    expect(dirB).toBe(dirA);
    expect(body.runs()).toBe(1);
    expect(fs.readFileSync(path.join(dirB, 'installed.txt'), 'utf8')).toBe('yes');
    // A later suite finds it done and does not install again.
    expect(await sharedInstall(['a.tgz', 'b@^1'], fallback, body.install)).toBe(dirA);
    expect(body.runs()).toBe(1);
  });

  it('installs anew for other specs', async () => {
    const body = slowInstall();
    body.release();
    const one = await sharedInstall(['a.tgz'], fallback, body.install);
    const other = await sharedInstall(['a.tgz', 'jest@^30'], fallback, body.install);
    expect(other).not.toBe(one);
    expect(body.runs()).toBe(2);
  });

  it('fails the suites waiting for an install that failed, with its error', async () => {
    let fail: (error: Error) => void = () => undefined;
    const failing = new Promise<void>((_, rejectInstall) => (fail = rejectInstall));
    const first = sharedInstall(['broken.tgz'], fallback, () => failing);
    const second = sharedInstall(['broken.tgz'], fallback, () => Promise.resolve());
    fail(new Error('npm install exited 1: no such tarball'));
    await expect(first).rejects.toThrow('no such tarball');
    await expect(second).rejects.toThrow(/shared install in .* failed:\n.*no such tarball/);
  });

  it('gives each project a fresh folder of its own under the install', async () => {
    const dir = await sharedInstall(['a.tgz'], fallback, async () => undefined);
    const one = projectFolder(dir, 'app-');
    const two = projectFolder(dir, 'app-');
    expect(one).not.toBe(two);
    expect(path.dirname(one)).toBe(path.join(dir, 'projects'));
    expect(fs.readdirSync(one)).toEqual([]);
  });
});
