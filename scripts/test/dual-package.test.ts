/**
 * One program, two copies of core (issue 29). An ES module application `import`s
 * @toolwright/core while a toolkit library compiled to CommonJS `require`s it: once with one
 * installed copy (the ES module entry re-exports the CommonJS build: one module instance), once
 * with the library bringing its own installed copy (two instances, recognised by their brands).
 * Either way the library's results, agents, states and errors behave as the application's own.
 * The packages are `npm pack`ed and installed into scratch projects outside the workspace.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { lastJson, npmInstall, npmInstallAsync, runOk, writeFiles } from '../../packages/scanner/test/consumer/scratch';
import { packedTarballs } from '../../test-support/packed-tarballs';
import { projectFolder, sharedInstall } from '../../test-support/shared-install';
import { APPLICATION_SOURCE, LIBRARY_SOURCE } from './dual-package/programs';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'toolwright-dual-'));
/**
 * The install holding the application's one copy of core (shared with the other suites of the
 * run that install core, sandbox and reflect-metadata; sandbox is not loaded here).
 */
let install = '';
let coreTarball = '';
/** This suite's project folders under the shared install. */
const apps: string[] = [];

beforeAll(async () => {
  const tarballs = packedTarballs(['core', 'sandbox'], path.join(root, 'packs'));
  coreTarball = tarballs.get('core') as string;
  const specs = [...tarballs.values(), 'reflect-metadata@^0.2.2'];
  install = await sharedInstall(specs, path.join(root, 'install'), (dir) => npmInstallAsync(dir, specs));
}, 450_000);

afterAll(() => {
  for (const app of apps) fs.rmSync(app, { recursive: true, force: true });
  fs.rmSync(root, { recursive: true, force: true });
});

interface Observed {
  twoCopies: boolean;
  outputs: Record<string, { output: unknown; isError: boolean }>;
  sentToModel: string;
  turns: number;
  status: string;
  lastAgent: string;
  resumed: { status: string; finalOutput: unknown; stateAccepted: boolean };
  recognised: Record<string, boolean>;
  toolset: { finalOutput: unknown; disclosed: string[]; posted: { output: unknown; isError: boolean } };
}

/**
 * The application's project in a folder of its own under the shared install (core installed
 * once, in beforeAll: the same install both tests start from); `libraryCore` also installs a
 * copy of core in lib/.
 */
function project(name: string, libraryCore: boolean): string {
  const app = projectFolder(install, `dual-${name}-`);
  apps.push(app);
  writeFiles(app, {
    'package.json': JSON.stringify({ name: 'dual-app', version: '1.0.0', private: true, type: 'module' }),
    'main.mjs': APPLICATION_SOURCE,
    'lib/package.json': JSON.stringify({ name: 'dual-app-lib', version: '1.0.0', private: true, type: 'commonjs' }),
    'lib/index.cjs': LIBRARY_SOURCE,
  });
  if (libraryCore) npmInstall(path.join(app, 'lib'), [coreTarball, 'reflect-metadata@^0.2.2']);
  return app;
}

function expectOneBehaviour(observed: Observed): void {
  // details never reach the model, nor does the ToolResult object itself as JSON text.
  expect(observed.outputs.lookup).toEqual({ output: 'found the customer', isError: false });
  expect(observed.sentToModel).not.toContain('123-45-6789');
  expect(observed.sentToModel).not.toContain('withDetails');
  // An image arrives as an image part, not as base64 inside a string.
  expect(observed.outputs.photo.output).toEqual([
    { type: 'input_text', text: 'the picture:' },
    { type: 'input_image', imageUrl: 'data:image/png;base64,iVBORw0KGgo=' },
  ]);
  expect(observed.outputs.broken).toEqual({ output: 'the disk is full', isError: true });
  // The handoff moved the run to billing, whose terminal result ended it without another turn.
  expect(observed.outputs.escalate.output).toBe('escalated to billing');
  expect(observed.lastAgent).toBe('billing');
  expect(observed.status).toBe('completed');
  expect(observed.turns).toBe(3);
  // A state read by the library's copy resumes in the application's Runner.
  expect(observed.resumed).toEqual({ status: 'completed', finalOutput: 'wiped it', stateAccepted: true });
  expect(observed.recognised).toEqual({ agent: true, result: true, userError: true, backwards: true });
  // A Toolset of the library's copy: the search's ToolResult (addedTools) disclosed the match.
  expect(observed.toolset.disclosed).toContain('post_slack_message');
  expect(observed.toolset.posted).toEqual({ output: 'post_slack_message done', isError: false });
  expect(observed.toolset.finalOutput).toBe('Posted.');
}

describe('an ES module application running a CommonJS toolkit library', () => {
  it('shares one instance of core with it: the ES module entry re-exports the CommonJS build', () => {
    const app = project('one-install', false);
    const observed = lastJson(runOk('node', ['main.mjs', './lib/index.cjs'], { cwd: app })) as unknown as Observed;
    expect(observed.twoCopies).toBe(false);
    expectOneBehaviour(observed);
  }, 300_000);

  it('recognises the values of a second installed copy of core that the library brings', () => {
    const app = project('two-installs', true);
    const libraryCore = path.join(app, 'lib', 'node_modules', '@toolwright', 'core', 'package.json');
    expect(fs.existsSync(libraryCore)).toBe(true);
    const observed = lastJson(runOk('node', ['main.mjs', './lib/index.cjs'], { cwd: app })) as unknown as Observed;
    expect(observed.twoCopies).toBe(true);
    expectOneBehaviour(observed);
  }, 300_000);
});
