'use strict';
// Modules a package's entry only re-exports (`export { Runner } from './runner/runner'`), listed
// in the package's lazy-exports.json: in the CommonJS build each is a lazy module
// (dist/lazy/<path>.cjs) that the entry loads when one of its exports is first read, so that
// importing the package does not make V8 compile code a program may never use (the Runner and
// its run loop, the run stores, the tool search...). The ES module build keeps them inline.
const fs = require('fs');
const path = require('path');
const { TOKEN, resolveSource } = require('./lazy-modules');

/** The file, in a package's folder, listing its lazy exports (paths relative to src/). */
const LAZY_EXPORTS_FILE = 'lazy-exports.json';

/**
 * The package's lazy exports: absolute source path → dist-relative name without extension.
 * @param {string} packageDir
 * @returns {Map<string, string>}
 */
function lazyExportsOf(packageDir) {
  const file = path.join(packageDir, LAZY_EXPORTS_FILE);
  if (!fs.existsSync(file)) return new Map();
  const list = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!Array.isArray(list) || !list.every((entry) => typeof entry === 'string')) throw new Error(`${file}: expected an array of paths relative to src/`);
  const srcDir = path.join(packageDir, 'src');
  return new Map(list.map((entry) => {
    const source = resolveSource(srcDir, `./${entry.replace(/\.ts$/, '')}`);
    if (source === undefined) throw new Error(`${file}: "${entry}" names no TypeScript file under ${srcDir}`);
    return [source, `lazy/${path.relative(srcDir, source).slice(0, -3).split(path.sep).join('/')}`];
  }));
}

/**
 * Keeps an entry's static import of a lazy export external, under the lazy modules' placeholder
 * path (any other module importing it statically makes it eager, which the build refuses).
 * @param {Set<string>} entrySources absolute paths of the entries' sources
 * @param {Map<string, string>} lazyExports from {@link lazyExportsOf}
 * @returns {import('esbuild').Plugin}
 */
function lazyExportPlugin(entrySources, lazyExports) {
  return {
    name: 'lazy-exports',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind !== 'import-statement' || !entrySources.has(args.importer)) return undefined;
        const name = lazyExports.get(resolveSource(args.resolveDir, args.path) ?? '');
        return name === undefined ? undefined : { path: `${TOKEN}${name}.cjs`, external: true };
      });
    },
  };
}

/**
 * In an entry's CommonJS file, turns each top-level `require()` of a lazy module (what esbuild
 * emits for a re-export of it) into a load on first read: the module is only ever read through
 * the export getters (`Runner: () => import_runner.Runner`), which now call the loader. Throws
 * when the module is read anywhere else, since that read would run before the load.
 * @param {string} file absolute path of an entry's .cjs output (placeholders not yet linked)
 */
function deferLazyReexports(file) {
  let text = fs.readFileSync(file, 'utf8');
  const required = new RegExp(`^var (import_[\\w$]+) = require\\(("${TOKEN}[^"]+")\\);$`, 'gm');
  for (const [line, binding, specifier] of [...text.matchAll(required)]) {
    const getters = text.split(`() => ${binding}.`).length - 1;
    const reads = text.split(`${binding}.`).length - 1;
    if (getters === 0 || reads !== getters) throw new Error(`${file}: ${binding} (${specifier}) is read outside the export getters, so it cannot load lazily`);
    text = text
      .replace(line, `var ${binding}_loaded;\nvar ${binding}_load = () => ${binding}_loaded ??= require(${specifier});`)
      .split(`() => ${binding}.`).join(`() => ${binding}_load().`);
  }
  fs.writeFileSync(file, text);
}

module.exports = { LAZY_EXPORTS_FILE, lazyExportsOf, lazyExportPlugin, deferLazyReexports };
