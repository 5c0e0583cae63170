// Jest's globalSetup: points TMPDIR at a fresh folder on a RAM file system when the machine has
// one (test-tmpdir.mjs), opens the directory where the run's suites share their servers
// (shared-backends.mjs; the servers start on first use) and starts the watchdog that cleans both
// up if jest dies, and rebuilds @toolwright/core and
// @toolwright/scanner when a source is newer than their build (and core's and mcp's declarations,
// which the scanner's fixture projects compile against). Tests load sources through
// moduleNameMapper, but the scanner's transformer, which ts-jest runs on every test file, is the
// scanner's build and loads core's build by name: after an edit to core's strict rewrite, it
// would otherwise embed schemas made by the old code.
// A package that fails to build (a half-edited source) is reported, not fatal: its tests then show
// the compile error themselves.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'rolldown';
import { packageConfig } from './package-config.mjs';
import { openSharedBackends, watchRun } from './shared-backends.mjs';
import { openTestTmpdir } from './test-tmpdir.mjs';

const ROOT = path.join(import.meta.dirname, '..', '..');

function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

export default async function refreshTransformerBuilds() {
  // First: the shared servers' directory is made under the run's temporary directory.
  const tmpDir = openTestTmpdir();
  watchRun(openSharedBackends(), tmpDir);
  for (const name of ['core', 'scanner']) {
    const packageDir = path.join(ROOT, 'packages', name);
    const built = path.join(packageDir, 'dist', 'index.js');
    if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= newestSource(path.join(packageDir, 'src'))) continue;
    try {
      await build({ ...packageConfig(packageDir), logLevel: 'warn' });
      process.stdout.write(`\nbuild: refreshed packages/${name} (its sources changed since its last build)\n`);
    } catch (error) {
      process.stderr.write(`\nbuild: could not refresh packages/${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
  refreshDeclarations(['core', 'mcp']);
}

/**
 * The scanner's fixture projects compile against core's and mcp's declarations (`dist/*.d.ts`,
 * written by `tsc -b`), as a user's project does: rebuilt when a source is newer than the last
 * declaration build, so a fixture never reads declarations older than the sources.
 */
function refreshDeclarations(names) {
  const stale = names.filter((name) => {
    const info = path.join(ROOT, 'packages', name, 'dist', '.tsbuildinfo');
    return !fs.existsSync(info) || fs.statSync(info).mtimeMs < newestSource(path.join(ROOT, 'packages', name, 'src'));
  });
  if (stale.length === 0) return;
  try {
    const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    execFileSync(process.execPath, [tsc, '-b', ...stale.map((name) => path.join(ROOT, 'packages', name))], { stdio: 'inherit' });
    process.stdout.write(`\nbuild: refreshed the declarations of ${stale.map((name) => `packages/${name}`).join(', ')}\n`);
  } catch {
    process.stderr.write(`\nbuild: could not refresh the declarations of ${stale.map((name) => `packages/${name}`).join(', ')} (tsc -b printed why)\n`);
  }
}
