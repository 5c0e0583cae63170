/**
 * The shipped contract suites under `node:test` (issue 29): `@toolwright/core` and
 * `@toolwright/sandbox` from `npm pack`ed tarballs in a scratch project that has no jest at all,
 * `node --test` running `runStoreContract` against MemoryRunStore and `sandboxContract` against
 * LocalSandbox with node:test's `describe` and `it`, and a store whose claim is not exclusive
 * failing the suite.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { npmInstallAsync, run, writeFiles } from '../../packages/scanner/test/consumer/scratch';
import { packedTarballs } from '../../test-support/packed-tarballs';
import { projectFolder, sharedInstall } from '../../test-support/shared-install';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'toolwright-node-test-'));
/** The shared install (core, sandbox, reflect-metadata; no test runner) and this suite's project under it. */
let install = '';
let app = '';

const memoryStoreTest = `import 'reflect-metadata';
import { describe, it } from 'node:test';
import { MemoryRunStore } from '@toolwright/core';
import { CONTRACT_SECRET, runStoreContract } from '@toolwright/core/testing';

describe('MemoryRunStore from the tarball', () => {
  runStoreContract(() => ({ make: (options = {}) => new MemoryRunStore({ ...options, secret: options.secret ?? CONTRACT_SECRET }) }), { shared: false }, { describe, it });
});
`;

const localSandboxTest = `import 'reflect-metadata';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { LocalSandbox } from '@toolwright/sandbox';
import { sandboxContract } from '@toolwright/sandbox/testing';

describe('LocalSandbox from the tarball', () => {
  let target;
  let base;
  before(() => {
    base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'node-test-sandbox-')));
    fs.mkdirSync(path.join(base, 'work'));
    fs.mkdirSync(path.join(base, 'outside'));
    fs.writeFileSync(path.join(base, 'outside', 'secret.txt'), 'TOP-SECRET-node-test');
    target = { sandbox: new LocalSandbox({ workDir: path.join(base, 'work'), maxReadBytes: 4096 }), outsideDir: path.join(base, 'outside'), secret: 'TOP-SECRET-node-test' };
  });
  after(() => fs.rmSync(base, { recursive: true, force: true }));
  sandboxContract(() => target, { describe, it });
});
`;

// A store that lets a second caller take a claimed run: claim is not exclusive.
const brokenStoreTest = `import 'reflect-metadata';
import { describe, it } from 'node:test';
import { MemoryRunStore, RunAlreadyClaimedError } from '@toolwright/core';
import { CONTRACT_SECRET, runStoreContract } from '@toolwright/core/testing';

class StealingRunStore extends MemoryRunStore {
  async claim(id, options) {
    try {
      return await super.claim(id, options);
    } catch (error) {
      if (!(error instanceof RunAlreadyClaimedError) || error.status !== 'claimed') throw error;
      await this.release(id);
      return super.claim(id, options);
    }
  }
}

describe('a store whose claim is not exclusive', () => {
  runStoreContract(() => ({ make: (options = {}) => new StealingRunStore({ ...options, secret: options.secret ?? CONTRACT_SECRET }) }), { shared: false }, { describe, it });
});
`;

/** The counts of a TAP run's summary ("# pass 44"). */
function summary(tap: string): Record<'tests' | 'pass' | 'fail', number> {
  const count = (name: string): number => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(tap)?.[1] ?? Number.NaN);
  return { tests: count('tests'), pass: count('pass'), fail: count('fail') };
}

/** The names of the tests a TAP run reports as failed. */
function failedTests(tap: string): string[] {
  return [...tap.matchAll(/^\s*not ok \d+ - (.*)$/gm)].map((match) => match[1]!);
}

beforeAll(async () => {
  const tarballs = [...packedTarballs(['core', 'sandbox'], path.join(root, 'packs')).values()];
  // No jest (nor any other test runner) is installed: the suites need only node. The install is
  // shared with the other suites of the run that need exactly these packages.
  const specs = [...tarballs, 'reflect-metadata@^0.2.2'];
  install = await sharedInstall(specs, path.join(root, 'install'), (dir) => npmInstallAsync(dir, specs, 420_000));
  app = projectFolder(install, 'node-test-');
  writeFiles(app, {
    'package.json': JSON.stringify({ name: 'node-test-app', version: '1.0.0', private: true, type: 'module' }),
    'test/memory-store.test.mjs': memoryStoreTest,
    'test/local-sandbox.test.mjs': localSandboxTest,
    'broken/stealing-store.test.mjs': brokenStoreTest,
  });
}, 600_000);

afterAll(() => {
  if (app) fs.rmSync(app, { recursive: true, force: true });
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the packed contract suites under node --test', () => {
  it('are installed without any test runner', () => {
    expect(fs.existsSync(path.join(install, 'node_modules', '@toolwright', 'core', 'package.json'))).toBe(true);
    for (const runner of ['jest', 'expect']) expect(fs.existsSync(path.join(install, 'node_modules', runner))).toBe(false);
    // Node itself, from the project's folder, finds core and no test runner anywhere above it.
    const probe = "for (const name of ['@toolwright/core', 'jest', 'expect']) { try { require.resolve(name); console.log(name + ' found'); } catch { console.log(name + ' missing'); } }";
    expect(run('node', ['-e', probe], { cwd: app }).stdout.trim().split('\n')).toEqual(['@toolwright/core found', 'jest missing', 'expect missing']);
  });

  it('pass against MemoryRunStore and LocalSandbox', () => {
    const result = run('node', ['--test', '--test-reporter=tap', 'test/memory-store.test.mjs', 'test/local-sandbox.test.mjs'], { cwd: app, timeoutMs: 300_000 });
    const tap = `${result.stdout}${result.stderr}`;
    expect(failedTests(tap)).toEqual([]);
    // The RunStore suite has 29 tests, the Sandbox suite 15; none failed.
    expect(summary(tap).pass).toBeGreaterThanOrEqual(29 + 15);
    expect(summary(tap).fail).toBe(0);
    expect(tap).toMatch(/ok \d+ - has exactly one winner among concurrent callers/);
    expect(tap).toMatch(/ok \d+ - never follows a link swapped in by a running command between check and use/);
    expect(result.code).toBe(0);
  }, 300_000);

  it('fail for a store whose claim is not exclusive, naming the test and the assertion', () => {
    const result = run('node', ['--test', '--test-reporter=tap', 'broken/stealing-store.test.mjs'], { cwd: app, timeoutMs: 300_000 });
    const tap = `${result.stdout}${result.stderr}`;
    expect(result.code).not.toBe(0);
    expect(failedTests(tap)).toContain('has exactly one winner among concurrent callers; the others learn when the winner claimed');
    expect(tap).toMatch(/ERR_ASSERTION/);
    expect(summary(tap).fail).toBeGreaterThanOrEqual(1);
    // The tests a stealing claim does not touch still pass.
    expect(tap).toMatch(/ok \d+ - stores a paused state and loads it back/);
  }, 300_000);
});
