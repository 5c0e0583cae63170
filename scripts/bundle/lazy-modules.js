'use strict';
// Modules of a package that its sources load on first use, `lazyModule(() => require('./x'))`:
// in the CommonJS build each is a file of its own (dist/lazy/<path>.cjs) that `require()` reads
// only when that code runs, so importing the package does not make V8 compile it. The ES module
// build keeps them inside the bundle (an ES module cannot load another one synchronously on every
// Node 20), where esbuild runs their bodies on first use too.
const fs = require('fs');
const path = require('path');

/** Placeholder path of a lazy module in the staged outputs, fixed per output afterwards. */
const TOKEN = '__toolwright_lazy__/';

/** A relative `require('./x')` in TypeScript source (comments and strings of other calls aside). */
const LAZY_REQUIRE = /\brequire\((['"])(\.\.?\/[^'"]+)\1\)/g;

/**
 * The package's lazily required modules: absolute source path → dist-relative name without
 * extension (`lazy/schema/strict-rewriter`).
 * @param {string} srcDir the package's src/
 * @returns {Map<string, string>}
 */
function lazyModulesOf(srcDir) {
  const found = new Map();
  const scan = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        scan(full);
        continue;
      }
      if (!entry.name.endsWith('.ts') || entry.name.endsWith('.d.ts')) continue;
      for (const match of fs.readFileSync(full, 'utf8').matchAll(LAZY_REQUIRE)) {
        const source = resolveSource(path.dirname(full), match[2]);
        if (source === undefined) throw new Error(`${full}: require('${match[2]}') names no TypeScript file under ${srcDir}`);
        found.set(source, `lazy/${path.relative(srcDir, source).slice(0, -3).split(path.sep).join('/')}`);
      }
    }
  };
  scan(srcDir);
  return found;
}

/** @param {string} fromDir @param {string} specifier @returns {string | undefined} */
function resolveSource(fromDir, specifier) {
  const base = path.resolve(fromDir, specifier.replace(/\.js$/, ''));
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts')]) if (fs.existsSync(candidate)) return candidate;
  return undefined;
}

/**
 * Keeps every `require()` of a lazy module external, under the placeholder path.
 * @param {Map<string, string>} lazy from {@link lazyModulesOf}
 * @returns {import('esbuild').Plugin}
 */
function lazyRequirePlugin(lazy) {
  return {
    name: 'lazy-modules',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind !== 'require-call') return undefined;
        const source = resolveSource(args.resolveDir, args.path);
        const name = source === undefined ? undefined : lazy.get(source);
        return name === undefined ? undefined : { path: `${TOKEN}${name}.cjs`, external: true };
      });
      build.onResolve({ filter: new RegExp(`^${TOKEN}`) }, (args) => ({ path: args.path, external: true }));
    },
  };
}

/**
 * For the ES module build: each lazy `require('./x')` becomes a namespace imported statically
 * (`import * as __toolwrightLazy0 from './x'`), so the bundle is what it was before the module
 * was made lazy. A `require()` would make esbuild wrap the module and everything it imports in
 * lazy initialisers, a larger bundle that an ES module import pays for without gaining anything.
 * @returns {import('esbuild').Plugin}
 */
function inlineLazyPlugin() {
  return {
    name: 'inline-lazy-modules',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        const text = fs.readFileSync(args.path, 'utf8');
        if (!LAZY_REQUIRE.test(text)) return undefined;
        LAZY_REQUIRE.lastIndex = 0;
        if (/^[ \t]*@[A-Za-z_$][\w$.]*[ \t]*(?:\(|$)/m.test(text)) throw new Error(`${args.path}: a file with decorators cannot load modules lazily (its emit needs TypeScript's decorator metadata)`);
        const specifiers = [];
        const body = text.replace(LAZY_REQUIRE, (_, _quote, specifier) => {
          let index = specifiers.indexOf(specifier);
          if (index < 0) index = specifiers.push(specifier) - 1;
          return `__toolwrightLazy${index}`;
        });
        const imports = specifiers.map((specifier, i) => `import * as __toolwrightLazy${i} from ${JSON.stringify(specifier)};`).join(' ');
        // On the first line, so the source map's lines stay those of the file.
        return { contents: `${imports} ${body}`, loader: 'ts' };
      });
    },
  };
}

/**
 * Replaces each placeholder string in the outputs with the lazy module's path from that output's
 * own directory. The path is made absolute with the output's `__dirname`: esbuild calls external
 * `require()`s of an ES module through its `__require` helper, which may live in another file
 * (a shared chunk) and would resolve a relative path from there.
 * @param {string} distDir
 * @param {string[]} files absolute paths of the CommonJS outputs
 */
function linkLazy(distDir, files) {
  const placeholder = new RegExp(`"${TOKEN}([^"]+)"`, 'g');
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    if (!text.includes(TOKEN)) continue;
    const relative = path.relative(path.dirname(file), distDir).split(path.sep).join('/') || '.';
    fs.writeFileSync(file, text.replace(placeholder, (_, name) => `__dirname + ${JSON.stringify(`/${relative}/${name}`)}`));
  }
}

/**
 * The CommonJS outputs converted from the staging folder: a map source in that folder (an output
 * with no lines of its own, which only re-exports) points at its shipped ES module twin in dist/
 * when there is one; otherwise the map is left without sources (nothing in that file to map).
 * @param {string} distDir
 * @param {string} stageDir
 * @param {string[]} cjsFiles absolute paths of the CommonJS outputs
 */
function repointStagedMaps(distDir, stageDir, cjsFiles) {
  for (const file of cjsFiles) {
    const mapFile = `${file}.map`;
    if (!fs.existsSync(mapFile)) continue;
    const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
    let changed = false;
    let orphan = false;
    map.sources = map.sources.map((source) => {
      const absolute = path.resolve(path.dirname(mapFile), source);
      const staged = path.relative(stageDir, absolute);
      if (staged.startsWith('..')) return source;
      changed = true;
      const twin = path.join(distDir, staged);
      if (!fs.existsSync(twin)) orphan = true;
      return path.relative(path.dirname(mapFile), twin).split(path.sep).join('/');
    });
    if (!changed) continue;
    fs.writeFileSync(mapFile, JSON.stringify(orphan ? { version: 3, sources: [], names: [], mappings: '' } : map));
  }
}

module.exports = { TOKEN, lazyModulesOf, resolveSource, lazyRequirePlugin, inlineLazyPlugin, linkLazy, repointStagedMaps };
