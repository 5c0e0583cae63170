'use strict';
// Dependencies stay outside the bundles (`import`/`require` of the installed package). In the ES
// module build a deep import of a package without an `exports` map (`@nestjs/core/guards`) is
// rewritten to the file Node's CommonJS resolution finds (`@nestjs/core/guards/index.js`):
// Node's ES module resolution adds no extensions and no index files.
const fs = require('fs');
const path = require('path');
const { builtinModules } = require('module');

const BUILTINS = new Set(builtinModules);

/**
 * Splits a bare specifier into its package name and subpath (`''` for the package itself).
 * @param {string} specifier
 */
function splitSpecifier(specifier) {
  const parts = specifier.split('/');
  const nameLength = specifier.startsWith('@') ? 2 : 1;
  return { name: parts.slice(0, nameLength).join('/'), subpath: parts.slice(nameLength).join('/') };
}

/**
 * The specifier an ES module should import for `specifier`, resolved from `fromDir`.
 * @param {string} specifier a bare specifier with a subpath
 * @param {string} fromDir directory of the importing file
 */
function esmSpecifier(specifier, fromDir) {
  const { name, subpath } = splitSpecifier(specifier);
  let manifestPath;
  try {
    manifestPath = require.resolve(`${name}/package.json`, { paths: [fromDir] });
  } catch {
    return specifier; // an exports map without ./package.json: Node resolves through the map
  }
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  if (manifest.exports !== undefined || /\.[cm]?js$/.test(subpath)) return specifier;
  const file = require.resolve(specifier, { paths: [fromDir] });
  return `${name}/${path.relative(path.dirname(manifestPath), file).split(path.sep).join('/')}`;
}

/**
 * Marks every bare specifier external; for `format: 'esm'` makes deep imports resolvable by Node.
 * @param {'esm' | 'cjs'} format
 * @returns {import('esbuild').Plugin}
 */
function externalSpecifiersPlugin(format) {
  return {
    name: 'external-specifiers',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        const bare = args.path.startsWith('node:') ? args.path.slice(5) : args.path;
        if (BUILTINS.has(bare) || BUILTINS.has(bare.split('/')[0])) return { path: args.path, external: true };
        if (format !== 'esm' || splitSpecifier(args.path).subpath === '') return { path: args.path, external: true };
        return { path: esmSpecifier(args.path, args.resolveDir), external: true };
      });
    },
  };
}

module.exports = { externalSpecifiersPlugin };
