'use strict';
// Which source files a package ships as bundles, read from its package.json `exports` map: every
// condition target `./dist/<name>.mjs` or `./dist/<name>.cjs` is the bundle of `src/<name>.ts`.
// The exports map stays the one place that says what a package offers.
const fs = require('fs');
const path = require('path');

/**
 * The bundle entries of a package: `name` is the path under dist/ without extension
 * (`index`, `internal`, `nestjs/index`), `source` the absolute path of its TypeScript source.
 * @param {string} packageDir absolute path of the package
 * @returns {Array<{ name: string, source: string }>}
 */
function bundleEntries(packageDir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  const names = new Set();
  collectTargets(manifest.exports, names);
  return [...names].sort().map((name) => {
    const source = path.join(packageDir, 'src', `${name}.ts`);
    if (!fs.existsSync(source)) {
      throw new Error(`${manifest.name}: exports names dist/${name}.mjs/.cjs but src/${name}.ts does not exist; fix the exports map in ${path.join(packageDir, 'package.json')}`);
    }
    return { name, source };
  });
}

/**
 * Adds the dist-relative names (no extension) of every `.mjs`/`.cjs` target under `node`.
 * @param {unknown} node part of an exports map
 * @param {Set<string>} names
 */
function collectTargets(node, names) {
  if (typeof node === 'string') {
    const match = /^\.\/dist\/(.+)\.(?:mjs|cjs)$/.exec(node);
    if (match) names.add(match[1]);
    return;
  }
  if (node !== null && typeof node === 'object') for (const value of Object.values(node)) collectTargets(value, names);
}

module.exports = { bundleEntries };
