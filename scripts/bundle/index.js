#!/usr/bin/env node
'use strict';
// `node scripts/bundle [--force] [packages/<name> ...]`: the dual ES module + CommonJS bundles
// of every package under packages/ (run by `npm run build` after `tsc -b`). See README.md here.
const fs = require('fs');
const path = require('path');
const { bundlePackage } = require('./bundle-package');

const ROOT = path.join(__dirname, '..', '..');

async function main(argv) {
  const force = argv.includes('--force');
  const named = argv.filter((arg) => !arg.startsWith('--'));
  const workspaces = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces.filter((dir) => dir.startsWith('packages/'));
  const unknown = named.map((dir) => dir.replace(/\/$/, '')).filter((dir) => !workspaces.includes(dir));
  if (unknown.length > 0) throw new Error(`not a package workspace: ${unknown.join(', ')} (expected one of ${workspaces.join(', ')})`);
  // Workspace order is dependency order: core first, the scanner (whose transformer later
  // packages use, and which loads core) next.
  const selected = named.length > 0 ? workspaces.filter((dir) => named.map((d) => d.replace(/\/$/, '')).includes(dir)) : workspaces;
  for (const dir of selected) {
    const started = performance.now();
    const outcome = await bundlePackage(path.join(ROOT, dir), { force });
    if (outcome === 'built') process.stdout.write(`bundle: ${dir} (${Math.round(performance.now() - started)} ms)\n`);
  }
}

main(process.argv.slice(2)).catch((error) => {
  process.stderr.write(`bundle: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
