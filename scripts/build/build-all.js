#!/usr/bin/env node
'use strict';
// `npm run build`: the packages' declarations (`tsc -b tsconfig.build.json`), then every
// workspace's own `build` script, as many at a time as the machine has cores. A workspace starts
// once the workspaces it names in its dependencies (of any kind) are built, so an example waits for
// the packages it compiles against. `npm run build --workspaces` ran them one by one, leaving every
// core but one idle. Each script's output is printed when it ends, in one piece; the first failure
// lets the running scripts end, starts no more, and exits with that failure's code.
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const ROOT = path.join(__dirname, '..', '..');

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
 * Runs `command` in `cwd` through the shell, as npm runs a script: the workspace's and the root's
 * `node_modules/.bin` first on the PATH.
 * @returns {Promise<{ code: number, output: string }>}
 */
function runScript(command, cwd) {
  const bins = [path.join(cwd, 'node_modules', '.bin'), path.join(ROOT, 'node_modules', '.bin')];
  const env = { ...process.env, PATH: [...bins, process.env.PATH].join(path.delimiter) };
  return new Promise((resolve) => {
    const child = spawn(command, { cwd, env, shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

async function main() {
  const started = Date.now();
  const declarations = await runScript('tsc -b tsconfig.build.json', ROOT);
  process.stdout.write(declarations.output);
  if (declarations.code !== 0) process.exit(declarations.code);

  const all = workspaces();
  const names = new Set(all.map((w) => w.name));
  const pending = all.filter((w) => w.script !== undefined);
  /** Workspaces built (or with no build script). */
  const done = new Set(all.filter((w) => w.script === undefined).map((w) => w.name));
  const running = new Set();
  const slots = Math.max(1, os.availableParallelism());
  let failure = 0;

  await new Promise((resolve) => {
    const startReady = () => {
      if (failure === 0) {
        for (const workspace of [...pending]) {
          if (running.size >= slots) break;
          if (!workspace.deps.every((dep) => !names.has(dep) || done.has(dep) || dep === workspace.name)) continue;
          pending.splice(pending.indexOf(workspace), 1);
          running.add(workspace.name);
          void runScript(workspace.script, path.join(ROOT, workspace.dir)).then(({ code, output }) => {
            running.delete(workspace.name);
            process.stdout.write(`\n> ${workspace.name} build (${workspace.dir})\n> ${workspace.script}\n${output}`);
            if (code !== 0) {
              process.stderr.write(`build: ${workspace.name} failed (exit code ${code})\n`);
              failure ||= code;
            }
            done.add(workspace.name);
            startReady();
          });
        }
      }
      if (running.size === 0) {
        if (failure === 0 && pending.length > 0) {
          process.stderr.write(`build: no order can build ${pending.map((w) => w.name).join(', ')}: their dependencies form a cycle\n`);
          failure = 1;
        }
        resolve();
      }
    };
    startReady();
  });
  if (failure !== 0) process.exit(failure);
  process.stdout.write(`\nbuild: ${all.filter((w) => w.script !== undefined).length} workspaces built in ${((Date.now() - started) / 1000).toFixed(1)} s, ${slots} at a time\n`);
}

void main();
