#!/usr/bin/env node
'use strict';
// `npm run build`: the packages' declarations (`tsc -b tsconfig.build.json`) and every
// workspace's own `build` script, as many at a time as the machine has cores. A workspace starts
// once the workspaces it names in its dependencies (of any kind) are built, so an example waits for
// the packages it compiles against, and once the declarations are there if its build type-checks.
// (`npm run build --workspaces` ran them one by one, leaving every core but one idle.) `npm test`
// runs the same tasks beside the lint (before-tests.js).
const fs = require('fs');
const path = require('path');
const { ROOT, runTasks } = require('./task-graph');

/** The build script of a workspace compiled by the scanner's CLI alone (the examples). */
const CLI_BUILD = 'toolwright build -p tsconfig.json';
/** The task building those workspaces together. */
const CLI_BUILDS_TASK = 'toolwright build (examples)';

/**
 * The root package's workspaces in their declared order, each with its name, folder, build script
 * and the names of the packages it depends on.
 * @returns {Array<{ name: string, dir: string, script: string | undefined, deps: string[], typed: boolean }>}
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
      const script = manifest.scripts?.build;
      // A build reads the declarations when it type-checks: the scanner's CLI, and a package's
      // rolldown build through TypeScript's emit (package-config.mjs does so for the packages
      // that declare tools: a devDependency on the scanner). Otherwise rolldown only transpiles.
      const typed = script === CLI_BUILD || '@toolwright/scanner' in (manifest.devDependencies ?? {});
      return { name: manifest.name ?? dir, dir, script, deps, typed };
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
  /** The tasks a build of `group` comes after: the builds of what the group depends on, outside it, and the declarations if it reads them. */
  const after = (group) => [...(group.some((w) => w.typed) ? ['declarations'] : []), ...new Set(group.flatMap((w) => w.deps.filter((dep) => built.has(dep) && !group.some((member) => member.name === dep))))];
  // The workspaces whose build is exactly the scanner's CLI build are built in one process
  // (build-projects.js), where their programs share the declaration files they all parse.
  const cliBuilds = all.filter((workspace) => workspace.script === CLI_BUILD);
  return [
    { name: 'declarations', command: 'tsc -b tsconfig.build.json' },
    ...all.filter((workspace) => !cliBuilds.includes(workspace)).map((workspace) => ({
      name: workspace.name,
      command: workspace.script,
      cwd: path.join(ROOT, workspace.dir),
      after: after([workspace]),
      quiet: true,
    })),
    ...(cliBuilds.length === 0
      ? []
      : [{ name: CLI_BUILDS_TASK, command: `"${process.execPath}" scripts/build/build-projects.js ${cliBuilds.map((w) => w.dir).join(' ')}`, after: after(cliBuilds) }]),
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
