#!/usr/bin/env node
'use strict';
// What `npm test` does before jest, as one graph of tasks (task-graph.js), as many at a time as
// the machine has cores: the build (build-all.js: the declarations and the workspaces), the lint
// (`npm run lint`'s three commands), the tests' TypeScript precompiled once for every jest worker
// (precompile-tests.js, once the declarations and core and the scanner are built) and the backends' provisioning
// (provision-backends.js, which mostly waits on apt-get, beside everything from the start).
// The first failure stops everything with its exit code.
const fs = require('fs');
const path = require('path');
const { buildTaskOf, buildTasks } = require('./build-all');
const { ROOT, runTasks } = require('./task-graph');

/** `npm run lint`, one task per command; checked against package.json so the two cannot drift. */
const LINT = [
  { name: 'lint: layers', command: 'node scripts/check-layers.js' },
  { name: 'lint: eslint', command: 'eslint . --max-warnings 0' },
  // API Extractor reads the declarations.
  { name: 'lint: API reports', command: 'node scripts/api-report.mjs', after: ['declarations'] },
];

/**
 * What the precompile needs: the builds it loads (the scanner's transformer, which loads core's)
 * and the declarations. Its program reads them: tsconfig.jest.json takes in every `.d.ts` under
 * the packages' `dist/`, and imports its paths do not map (`@toolwright/scanner/transformer`)
 * resolve to them. Started before them, it compiled a program without them, which jest's
 * staleness check then found stale, and every worker compiled everything again through ts-jest.
 */
function precompileNeeds() {
  return [...new Set([buildTaskOf('@toolwright/core'), buildTaskOf('@toolwright/scanner')])].concat('declarations');
}

/**
 * The tasks of `npm test` before jest.
 * @returns {import('./task-graph').Task[]}
 */
function tasks() {
  const lintScript = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.lint;
  if (lintScript !== LINT.map((task) => task.command).join(' && ')) {
    throw new Error(`scripts/build/before-tests.js: its lint commands differ from package.json's "lint" (${lintScript}); make them the same`);
  }
  const build = buildTasks();
  const needs = precompileNeeds();
  const first = (task) => needs.includes(task.name);
  return [
    { name: 'provision backends', command: `"${process.execPath}" scripts/provision-backends.js`, usesCore: false },
    // The longest chain first: the declarations beside the packages' build (which does not wait
    // for them), then the precompile, the longest task.
    ...build.filter(first),
    { name: 'precompile tests', command: `"${process.execPath}" scripts/build/precompile-tests.js`, after: needs },
    ...LINT,
    ...build.filter((task) => !first(task)),
  ];
}

/**
 * Why the precompiled tests are stale once every task has run (undefined when they are current):
 * a task after the precompile that changed what it compiled would leave every jest worker
 * compiling everything again through ts-jest, slowly and silently.
 * @returns {string | undefined}
 */
function stalePrecompile() {
  const { jestProgramConfig, readManifest, staleness } = require('./precompiled-tests');
  return staleness(readManifest(ROOT), jestProgramConfig(require('typescript'), ROOT).fileNames, ROOT);
}

module.exports = { tasks, stalePrecompile };

if (require.main === module) {
  void runTasks(tasks()).then((code) => {
    const why = code === 0 ? stalePrecompile() : undefined;
    if (why !== undefined) {
      process.stderr.write(`before-tests: the precompiled tests are stale once every task has run (${why}): a task that ran after the precompile changed what it compiles; make the precompile come after it (scripts/build/before-tests.js)\n`);
      process.exit(1);
    }
    process.exit(code);
  });
}
