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
/** The build script of a package bundled by rolldown with its own config (every package). */
const ROLLDOWN_BUILD = 'rolldown -c';
/** The tasks building those packages together: the ones that only transpile, and the ones that type-check. */
const ROLLDOWN_TASK = 'rolldown (packages)';
const ROLLDOWN_TYPED_TASK = 'rolldown (packages that declare tools)';

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
 * The builds, grouped. Builds of the same kind run together in one process, where starting Node
 * and the tool once serves them all: the examples (the scanner's CLI, build-projects.js, whose
 * programs share the declaration files they parse) and the packages (rolldown, build-packages.mjs):
 * those that only transpile at once, those that type-check once the declarations are there. A
 * workspace with another build script is a group of its own, named after its package.
 * @returns {Array<{ name: string, members: ReturnType<typeof workspaces>, command: string, cwd?: string, quiet: boolean }>}
 */
function buildGroups() {
  const all = workspaces().filter((workspace) => workspace.script !== undefined);
  const node = `"${process.execPath}"`;
  const rolldown = all.filter((workspace) => workspace.script === ROLLDOWN_BUILD);
  const cli = all.filter((workspace) => workspace.script === CLI_BUILD);
  const dirs = (members) => members.map((workspace) => workspace.dir).join(' ');
  return [
    { name: ROLLDOWN_TASK, members: rolldown.filter((workspace) => !workspace.typed), script: 'build-packages.mjs', quiet: true },
    { name: ROLLDOWN_TYPED_TASK, members: rolldown.filter((workspace) => workspace.typed), script: 'build-packages.mjs', quiet: true },
    { name: CLI_BUILDS_TASK, members: cli, script: 'build-projects.js', quiet: false },
  ]
    .filter((group) => group.members.length > 0)
    .map(({ script, ...group }) => ({ ...group, command: `${node} scripts/build/${script} ${dirs(group.members)}` }))
    .concat(
      all
        .filter((workspace) => !rolldown.includes(workspace) && !cli.includes(workspace))
        .map((workspace) => ({ name: workspace.name, members: [workspace], command: /** @type {string} */ (workspace.script), cwd: path.join(ROOT, workspace.dir), quiet: true })),
    );
}

/**
 * The build's tasks: `declarations`, then one per group of builds, after the declarations if
 * the group reads them and after the groups building what its workspaces depend on.
 * @returns {import('./task-graph').Task[]}
 */
function buildTasks() {
  const groups = buildGroups();
  const groupOf = new Map(groups.flatMap((group) => group.members.map((member) => [member.name, group.name])));
  return [
    { name: 'declarations', command: 'tsc -b tsconfig.build.json' },
    ...groups.map(({ members, ...group }) => {
      const deps = members.flatMap((member) => member.deps.map((dep) => groupOf.get(dep)).filter((name) => name !== undefined && name !== group.name));
      return { ...group, after: [...(members.some((member) => member.typed) ? ['declarations'] : []), ...new Set(deps)] };
    }),
  ];
}

/**
 * The name of the build task that builds a workspace.
 * @param {string} name the workspace's package name
 * @returns {string}
 */
function buildTaskOf(name) {
  const group = buildGroups().find((candidate) => candidate.members.some((member) => member.name === name));
  if (!group) throw new Error(`no build task builds ${name}: it has no build script`);
  return group.name;
}

module.exports = { buildTaskOf, buildTasks, workspaces };

if (require.main === module) {
  const started = Date.now();
  void runTasks(buildTasks()).then((code) => {
    if (code === 0) process.stdout.write(`build: done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    process.exit(code);
  });
}
