#!/usr/bin/env node
'use strict';
// `npm run build`: the packages' declarations (`tsc -b tsconfig.build.json`), then every
// workspace's own `build` script, as many at a time as the machine has cores. A workspace starts
// once the workspaces it names in its dependencies (of any kind) are built, so an example waits for
// the packages it compiles against. (`npm run build --workspaces` ran them one by one, leaving
// every core but one idle.) `npm test` runs the same tasks beside the lint (before-tests.js).
const fs = require('fs');
const path = require('path');
const { ROOT, runTasks } = require('./task-graph');

/**
 * The root package's workspaces in their declared order, each with its name, folder, build script
 * and the names of the packages it depends on.
 * @returns {Array<{ name: string, dir: string, script: string | undefined, deps: string[] }>}
 */
function workspaces() {
  const patterns = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces ?? [];
  const dirs = patterns.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return fs.readdirSync(path.join(ROOT, parent), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => `${parent}/${e.name}`).sort();
  });
  return dirs
    .filter((dir) => fs.existsSync(path.join(ROOT, dir, 'package.json')))
    .map((dir) => {
      const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8'));
      const deps = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].flatMap((field) => Object.keys(manifest[field] ?? {}));
      return { name: manifest.name ?? dir, dir, script: manifest.scripts?.build, deps };
    });
}

/**
 * The build's tasks: `declarations`, then one per workspace with a build script, named after its
 * package, after the declarations and the workspaces it depends on.
 * @returns {import('./task-graph').Task[]}
 */
function buildTasks() {
  const all = workspaces().filter((workspace) => workspace.script !== undefined);
  const built = new Set(all.map((workspace) => workspace.name));
  return [
    { name: 'declarations', command: 'tsc -b tsconfig.build.json' },
    ...all.map((workspace) => ({
      name: workspace.name,
      command: workspace.script,
      cwd: path.join(ROOT, workspace.dir),
      after: ['declarations', ...workspace.deps.filter((dep) => built.has(dep) && dep !== workspace.name)],
      quiet: true,
    })),
  ];
}

module.exports = { buildTasks, workspaces };

if (require.main === module) {
  const started = Date.now();
  void runTasks(buildTasks()).then((code) => {
    if (code === 0) process.stdout.write(`build: done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    process.exit(code);
  });
}
