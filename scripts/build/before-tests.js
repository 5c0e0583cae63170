#!/usr/bin/env node
'use strict';
// What `npm test` does before jest, as one graph of tasks (task-graph.js), as many at a time as
// the machine has cores: the build (build-all.js: the declarations and the workspaces), the lint
// (`npm run lint`'s three commands), the tests' TypeScript precompiled once for every jest worker
// (precompile-tests.js, once core and the scanner are built) and the backends' provisioning
// (provision-backends.js, which mostly waits on apt-get, beside everything from the start).
// The first failure stops everything with its exit code.
const fs = require('fs');
const path = require('path');
const { buildTasks, workspaces } = require('./build-all');
const { ROOT, runTasks } = require('./task-graph');

/** `npm run lint`, one task per command; checked against package.json so the two cannot drift. */
const LINT = [
  { name: 'lint: layers', command: 'node scripts/check-layers.js' },
  { name: 'lint: eslint', command: 'eslint . --max-warnings 0' },
  // API Extractor reads the declarations.
  { name: 'lint: API reports', command: 'node scripts/api-report.mjs', after: ['declarations'] },
];

/** The builds the precompile loads: the scanner's transformer (packages/scanner/dist), which loads core's. */
const PRECOMPILE_NEEDS = ['@toolwright/core', '@toolwright/scanner'];

/**
 * The tasks of `npm test` before jest.
 * @returns {import('./task-graph').Task[]}
 */
function tasks() {
  const lintScript = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.lint;
  if (lintScript !== LINT.map((task) => task.command).join(' && ')) {
    throw new Error(`scripts/build/before-tests.js: its lint commands differ from package.json's "lint" (${lintScript}); make them the same`);
  }
  const packages = workspaces().filter((workspace) => workspace.dir.startsWith('packages/') && workspace.script !== undefined).map((workspace) => workspace.name);
  const build = buildTasks();
  const first = (task) => PRECOMPILE_NEEDS.includes(task.name);
  return [
    { name: 'provision backends', command: `"${process.execPath}" scripts/provision-backends.js`, usesCore: false },
    // The longest chain first: core's and the scanner's builds (which do not wait for the
    // declarations), then the precompile, the longest task; the declarations beside them.
    ...build.filter(first),
    { name: 'precompile tests', command: `"${process.execPath}" scripts/build/precompile-tests.js`, after: PRECOMPILE_NEEDS },
    ...build.filter((task) => !first(task) && (task.name === 'declarations' || packages.includes(task.name))),
    ...LINT,
    ...build.filter((task) => !first(task) && task.name !== 'declarations' && !packages.includes(task.name)),
  ];
}

module.exports = { tasks };

if (require.main === module) void runTasks(tasks()).then((code) => process.exit(code));
