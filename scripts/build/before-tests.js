#!/usr/bin/env node
'use strict';
// What `npm test` does between the build and jest: the lint (`npm run lint`) and the backends'
// provisioning, one after the other, while the tests' TypeScript is precompiled beside them
// (precompile-tests.js: one program compiled once instead of once per jest worker). Both are
// single-threaded, so on two cores they overlap. The precompiler's output is printed when it
// ends; the first failure stops everything with its exit code.
const { spawn } = require('child_process');
const path = require('path');

const ROOT = path.join(__dirname, '..', '..');

/**
 * @param {string} command
 * @param {string[]} args
 * @param {{ capture?: boolean }} [options]
 * @returns {{ child: import('child_process').ChildProcess, done: Promise<{ code: number, output: string }> }}
 */
function run(command, args, options = {}) {
  const child = spawn(command, args, { cwd: ROOT, stdio: options.capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  let output = '';
  if (options.capture) {
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
  }
  const done = new Promise((resolve) => {
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
  return { child, done };
}

async function main() {
  const precompile = run(process.execPath, [path.join(__dirname, 'precompile-tests.js')], { capture: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  for (const [command, args] of [
    [npm, ['run', 'lint']],
    [process.execPath, [path.join(ROOT, 'scripts', 'provision-backends.js')]],
  ]) {
    const { code } = await run(command, args).done;
    if (code !== 0) {
      precompile.child.kill();
      process.exit(code);
    }
  }
  const { code, output } = await precompile.done;
  process.stdout.write(output);
  process.exit(code);
}

void main();
