/**
 * The tiered entries as a user installs them (issue 29): core's `@toolwright/core`,
 * `@toolwright/core/extend` and `@toolwright/core/testing` and `@toolwright/sandbox/testing`,
 * from `npm pack`ed tarballs in a scratch project outside the workspace. The shipped contract
 * suites run under that install's own jest (not the workspace's) against MemoryRunStore and
 * LocalSandbox. The install is the consumer test's (every package, every toolchain), shared per
 * jest run; this suite's project is a folder of its own under it.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { lastJson, packAll, run, runOk, writeFiles } from '../../packages/scanner/test/consumer/scratch';
import { toolchainInstall } from '../../packages/scanner/test/consumer/toolchain-install';
import { projectFolder } from '../../test-support/shared-install';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'toolwright-entries-'));
/** The install of every package and toolchain (jest among them) the consumer test shares, and this suite's project under it. */
let install = '';
let app = '';

beforeAll(async () => {
  // The consumer test's install holds core, sandbox, reflect-metadata and jest: in a jest run the
  // suites share it (made once); run alone, this suite makes it.
  install = await toolchainInstall(packAll(path.join(root, 'packs')), path.join(root, 'toolchain'));
  app = projectFolder(install, 'entries-');
  writeFiles(app, {
    'package.json': JSON.stringify({ name: 'entries-app', version: '1.0.0', private: true }),
    'jest.config.js': "module.exports = { testEnvironment: 'node', testTimeout: 60000 };\n",
    'test/memory-store.test.js': `require('reflect-metadata');
const { MemoryRunStore } = require('@toolwright/core');
const { CONTRACT_SECRET, runStoreContract } = require('@toolwright/core/testing');

describe('MemoryRunStore from the tarball', () => {
  runStoreContract(() => ({ make: (options = {}) => new MemoryRunStore({ ...options, secret: options.secret ?? CONTRACT_SECRET }) }), { shared: false });
});
`,
    'test/local-sandbox.test.js': `require('reflect-metadata');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { LocalSandbox } = require('@toolwright/sandbox');
const { sandboxContract } = require('@toolwright/sandbox/testing');

describe('LocalSandbox from the tarball', () => {
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'entries-sandbox-')));
  const workDir = path.join(base, 'work');
  const outsideDir = path.join(base, 'outside');
  fs.mkdirSync(workDir);
  fs.mkdirSync(outsideDir);
  fs.writeFileSync(path.join(outsideDir, 'secret.txt'), 'TOP-SECRET-entries');
  afterAll(() => fs.rmSync(base, { recursive: true, force: true }));
  const sandbox = new LocalSandbox({ workDir, maxReadBytes: 4096 });
  sandboxContract(() => ({ sandbox, outsideDir, secret: 'TOP-SECRET-entries' }));
});
`,
    'entries.mjs': `import 'reflect-metadata';
import { createRequire } from 'node:module';
import * as core from '@toolwright/core';
import * as extend from '@toolwright/core/extend';
import * as testing from '@toolwright/core/testing';
const require = createRequire(import.meta.url);
const names = (m) => Object.keys(m).filter((k) => k !== 'default').sort();
const owners = {};
for (const [entry, m] of Object.entries({ core, extend, testing })) for (const name of names(m)) (owners[name] ??= []).push(entry);
console.log(JSON.stringify({
  extend: names(extend),
  testing: names(testing),
  sameAsRequire: extend.runStoreKit === require('@toolwright/core/extend').runStoreKit && core.Agent === require('@toolwright/core').Agent,
  inTwoEntries: Object.entries(owners).filter(([, found]) => found.length > 1).map(([name]) => name),
  extendNamesInCore: ['runStoreKit', 'setToolsOf', 'STRICT_KEYWORD_RULES'].filter((name) => name in core),
}));
`,
  });
}, 600_000);

afterAll(() => {
  if (app) fs.rmSync(app, { recursive: true, force: true });
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the packed entries', () => {
  it('load through import as through require, each name in one entry', () => {
    expect(lastJson(runOk('node', ['entries.mjs'], { cwd: app }))).toEqual({
      extend: [
        'FORBIDDEN_ARGUMENT_KEYS', 'MAX_TIME_LIMIT_MS', 'SCHEMA_EXPRESSIBLE_VALIDATORS', 'STRICT_KEYWORD_RULES', 'approvalHandlerOf', 'executeToolCall', 'flexibleRateLimiter',
        'isToolkitInstance', 'loadOptionalPeer', 'markFatalError', 'naturalArgumentsText', 'naturalSchemaOf', 'runRecordKit', 'runStoreKit', 'sessionKit', 'setToolsOf', 'strictArgumentsText',
        'timeLimitProblem', 'toolCallNeedsApproval',
      ],
      testing: ['CONTRACT_SECRET', 'historyProblems', 'runStoreContract', 'sessionContract', 'testGlobals'],
      sameAsRequire: true,
      inTwoEntries: [],
      extendNamesInCore: [],
    });
  });

  it("run the shipped RunStore and Sandbox contract suites under the project's jest", () => {
    const result = run(path.join(install, 'node_modules', '.bin', 'jest'), ['--ci', '--json', '--outputFile=results.json'], { cwd: app, timeoutMs: 300_000 });
    expect(`${result.stdout}${result.stderr}`).toMatch(/Test Suites: 2 passed, 2 total/);
    const { testResults } = JSON.parse(fs.readFileSync(path.join(app, 'results.json'), 'utf8')) as { testResults: Array<{ name: string; assertionResults: Array<{ status: string; ancestorTitles: string[] }> }> };
    const passedBySuite = Object.fromEntries(testResults.map((file) => [path.basename(file.name), file.assertionResults.filter((test) => test.status === 'passed').length]));
    // The RunStore suite has 29 tests, the Sandbox suite 15; none failed or was skipped.
    expect(passedBySuite['memory-store.test.js']).toBeGreaterThanOrEqual(29);
    expect(passedBySuite['local-sandbox.test.js']).toBeGreaterThanOrEqual(15);
    expect(testResults.flatMap((file) => file.assertionResults).every((test) => test.status === 'passed')).toBe(true);
    expect(result.code).toBe(0);
  }, 300_000);
});
