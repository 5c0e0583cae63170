#!/usr/bin/env node
// `node scripts/build/build-packages.mjs <dir>...`: `rolldown -c` in each folder, all in this one
// process, in the order given. Each package's own rolldown.config.mjs is its build, as under the
// CLI. One process instead of one per package: starting Node and rolldown's native binding cost
// about a second of CPU per package, more than bundling one (measured: ten packages 13 s of CPU
// as ten `rolldown -c` against 2 s in one process; the two that declare tools share the
// declaration files their TypeScript programs parse). Each failure is printed with its package;
// the exit code is 1 when any failed.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'rolldown';

let failed = false;
for (const dir of process.argv.slice(2)) {
  const packageDir = path.resolve(dir);
  try {
    const { default: config } = await import(pathToFileURL(path.join(packageDir, 'rolldown.config.mjs')).href);
    for (const options of Array.isArray(config) ? config : [config]) await build({ ...options, cwd: options.cwd ?? packageDir });
  } catch (error) {
    failed = true;
    process.stderr.write(`\n> rolldown -c (${path.relative(process.cwd(), packageDir) || '.'})\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
}
process.exit(failed ? 1 : 0);
