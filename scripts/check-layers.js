#!/usr/bin/env node
'use strict';
// Checks the folder layering of every workspace package: no cycle between folders under src/
// and none between files (type imports included), no import from a lower layer into a higher
// one, every folder listed in the package's layers.json. Every package under packages/ must have a layers.json; other
// workspaces (examples, bench) are checked when they have one. Exits 1 on any violation.
//
//   node scripts/check-layers.js [--root DIR] [PACKAGE_DIR...]
const fs = require('fs');
const path = require('path');
const { readLayerSpec } = require('./layers/layer-spec');
const { layerViolations } = require('./layers/layer-rules');
const { importGraphs } = require('./layers/import-graph');
const { fileCycles } = require('./layers/file-cycles');

/** Workspace directories relative to root: packages/* always; others only with a layers.json. */
function workspaceDirs(root) {
  const manifest = path.join(root, 'package.json');
  const patterns = fs.existsSync(manifest) ? JSON.parse(fs.readFileSync(manifest, 'utf8')).workspaces ?? [] : [];
  const dirs = new Set(listDirs(root, 'packages'));
  for (const pattern of patterns) {
    const expanded = pattern.endsWith('/*') ? listDirs(root, pattern.slice(0, -2)) : [pattern];
    for (const dir of expanded) if (fs.existsSync(path.join(root, dir, 'layers.json'))) dirs.add(dir);
  }
  return [...dirs].sort();
}

function listDirs(root, parent) {
  const absolute = path.join(root, parent);
  if (!fs.existsSync(absolute)) return [];
  return fs
    .readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(absolute, entry.name, 'package.json')))
    .map((entry) => `${parent}/${entry.name}`);
}

function srcFolders(root, dir) {
  const src = path.join(root, dir, 'src');
  if (!fs.existsSync(src)) return [];
  return fs.readdirSync(src, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
}

function parseArgs(argv) {
  const options = { root: path.resolve(__dirname, '..'), packages: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--root') {
      if (!argv[i + 1]) throw new Error('--root needs a directory');
      options.root = path.resolve(argv[++i]);
    } else {
      options.packages.push(argv[i].replace(/\/+$/, ''));
    }
  }
  return options;
}

/** A cycle between files, with the imports that close it, e.g. `a.ts -> b.ts (type)`. */
function cycleViolation(files, edges) {
  const inCycle = new Set(files);
  const imports = edges
    .filter((edge) => inCycle.has(edge.from) && inCycle.has(edge.to))
    .map((edge) => `${edge.from} -> ${edge.to}${edge.typeOnly ? ' (type)' : ''}`);
  return {
    rule: 'no-file-cycle',
    message: `import cycle between ${files.length} files: ${[...new Set(imports)].join(', ')}; move what they share into a file both import, or name a class through contracts/class-refs.ts`,
  };
}

/**
 * Checks the packages of `root` (all its workspaces when `packages` is empty), printing through
 * `log`; returns the exit code: 0 when every package is clean, 1 on any violation.
 */
async function checkLayers({ root, packages }, log = console.log) {
  const started = Date.now();
  const dirs = packages.length > 0 ? packages : workspaceDirs(root);
  const graphs = await importGraphs(root, dirs);
  let failures = 0;
  for (const dir of dirs) {
    const spec = readLayerSpec(path.join(root, dir));
    const violations = 'problem' in spec
      ? [{ rule: 'layers-json', message: spec.problem }]
      : layerViolations({ ...spec, folders: srcFolders(root, dir), edges: graphs.get(dir) });
    for (const cycle of fileCycles(graphs.get(dir))) violations.push(cycleViolation(cycle, graphs.get(dir)));
    if (violations.length === 0) {
      log(`ok    ${dir} (${graphs.get(dir).length} imports)`);
      continue;
    }
    failures += violations.length;
    log(`FAIL  ${dir}: ${violations.length} violation(s)`);
    for (const violation of violations) log(`  [${violation.rule}] ${violation.message}`);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (failures > 0) {
    log(`layers: ${failures} violation(s) in ${dirs.length} package(s), ${seconds} s. Fix the imports (move the shared code down a layer) or the order in layers.json.`);
    return 1;
  }
  log(`layers: ${dirs.length} package(s) clean, ${seconds} s`);
  return 0;
}

// Run as a program; its tests also load checkLayers into one process of their own, to check many
// fixtures with dependency-cruiser loaded once.
if (require.main === module) {
  Promise.resolve().then(() => checkLayers(parseArgs(process.argv.slice(2)))).then(
    (code) => (process.exitCode = code),
    (error) => {
      console.error(`check-layers: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 2;
    },
  );
}

module.exports = { checkLayers };
