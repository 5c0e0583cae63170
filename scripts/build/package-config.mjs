// The rolldown configuration every package under packages/ builds with (`rolldown -c` in the
// package): one CommonJS build per package in dist/, one file per entry of its `exports` map,
// modules shared by two entries in dist/chunks/. See README.md beside this file.
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { lazyChunks } from './lazy-chunks.mjs';
import { typescriptEmit } from './typescript-emit.mjs';

const BUILTINS = new Set(builtinModules);

/**
 * The entries of a package, read from its package.json `exports` map: every target
 * `./dist/<name>.js` is the build of `src/<name>.ts`.
 * @param {string} packageDir absolute path of the package
 * @returns {Record<string, string>} entry name (`index`, `nestjs/index`) → absolute source path
 */
export function packageEntries(packageDir) {
  const manifest = readManifest(packageDir);
  const names = new Set();
  collectTargets(manifest.exports, names);
  if (names.size === 0) throw new Error(`${manifest.name}: its exports map names no ./dist/<name>.js target; add one per entry (see scripts/build/README.md)`);
  const entries = {};
  for (const name of [...names].sort()) {
    const source = path.join(packageDir, 'src', `${name}.ts`);
    if (!fs.existsSync(source)) throw new Error(`${manifest.name}: exports names dist/${name}.js but src/${name}.ts does not exist; fix the exports map in ${path.join(packageDir, 'package.json')}`);
    entries[name] = source;
  }
  return entries;
}

/**
 * The rolldown options of one package.
 * @param {string} packageDir absolute path of the package (`import.meta.dirname` of its config)
 * @returns {import('rolldown').RolldownOptions}
 */
export function packageConfig(packageDir) {
  const manifest = readManifest(packageDir);
  const entries = packageEntries(packageDir);
  return {
    input: entries,
    platform: 'node',
    // Every bare specifier stays a `require` of the installed package (dependencies, peers, the
    // other @toolwright packages, Node's built-ins): nothing third-party is copied into dist/.
    // The one exception is the transpiler's own helpers (legacy decorators), which rolldown
    // imports from @oxc-project/runtime: they are bundled, as tsc inlines its helpers.
    external: (id) => !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('@oxc-project/runtime/') && (isBuiltin(id) || /^[@a-z]/i.test(id)),
    // rolldown transpiles with the package's compiler options (legacy decorators and their
    // `design:*` metadata included). Packages that declare tools (a devDependency on the scanner)
    // are TypeScript's own emit with the scanner's transformer, as `toolwright build` gives an
    // application: their tools' schemas are embedded.
    tsconfig: path.join(packageDir, 'tsconfig.json'),
    plugins: [removeStaleChunks(packageDir), lazyChunks(packageDir), ...('@toolwright/scanner' in (manifest.devDependencies ?? {}) ? [typescriptEmit(packageDir)] : [])],
    output: {
      dir: path.join(packageDir, 'dist'),
      format: 'cjs',
      // `exports.default` beside named exports (the scanner's transformer), as tsc emits it.
      exports: 'named',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      // Modules that two entries (or an entry and a lazy module) share go to one chunk, not one
      // per combination of entries: a file more costs `require` more than the bytes it adds.
      // The rest of an entry's own modules go to a chunk of that entry (`chunks/index-<hash>.js`),
      // so the entry file itself is only its list of `exports.name = …` lines: the whole file
      // that Node's ES module loader reads through to find the names an `import` gets.
      codeSplitting: { groups: [{ name: 'shared', minShareCount: 2 }, { name: entryChunkName(entries), debugName: 'entry' }] },
      sourcemap: true,
      // Whitespace only: names stay (error names come from `new.target.name`), and what a
      // process parses at `require` is a third smaller (measured: scripts/build/README.md).
      minify: { compress: false, mangle: false, codegen: { removeWhitespace: true } },
    },
  };
}

/**
 * The chunk-naming function that puts a module which only one entry of the exports map loads
 * into a chunk named after that entry, out of the entry's own file. Node's ES module loader
 * finds the names of a CommonJS module by lexing the whole file (cjs-module-lexer) before it
 * runs it: core's 75 KB entry file cost `import()` about as much again as `require` itself
 * (measured: scripts/build/README.md). Modules under a lazily required chunk (dist/lazy/) stay
 * in it.
 * @param {Record<string, string>} entries entry name → absolute source path (packageEntries)
 * @returns {(moduleId: string, ctx: import('rolldown').ChunkingContext) => string | null}
 */
export function entryChunkName(entries) {
  const nameOf = new Map(Object.entries(entries).map(([name, source]) => [source, name]));
  return (moduleId, ctx) => {
    if (ctx.getModuleInfo(moduleId)?.isEntry) return null;
    const reaching = entriesReaching(moduleId, ctx);
    if (reaching.size !== 1) return null;
    const [entry] = reaching;
    return nameOf.get(entry) ?? null;
  };
}

/**
 * The entry modules (those of the exports map and the lazily required ones) whose static imports
 * reach `moduleId`.
 * @param {string} moduleId
 * @param {import('rolldown').ChunkingContext} ctx
 * @returns {Set<string>}
 */
function entriesReaching(moduleId, ctx) {
  const reaching = new Set();
  const seen = new Set([moduleId]);
  const queue = [moduleId];
  while (queue.length > 0) {
    const info = ctx.getModuleInfo(queue.pop());
    if (!info) continue;
    if (info.isEntry) reaching.add(info.id);
    for (const importer of info.importers) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return reaching;
}

function readManifest(packageDir) {
  return JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
}

function isBuiltin(id) {
  const bare = id.startsWith('node:') ? id.slice(5) : id;
  return BUILTINS.has(bare) || BUILTINS.has(bare.split('/')[0]);
}

/**
 * Adds the dist-relative names (no extension) of every `./dist/<name>.js` target under `node`.
 * @param {unknown} node part of an exports map
 * @param {Set<string>} names
 */
function collectTargets(node, names) {
  if (typeof node === 'string') {
    const match = /^\.\/dist\/(.+)\.js$/.exec(node);
    if (match) names.add(match[1]);
    return;
  }
  if (node !== null && typeof node === 'object') for (const value of Object.values(node)) collectTargets(value, names);
}

/**
 * A plugin removing the JavaScript of the previous build's chunks and lazy modules before a
 * build: chunk names carry a content hash, so without it every rebuild would leave the old
 * files in dist/, and `npm pack` would ship them. Declarations there (tsc's) stay.
 * @param {string} packageDir absolute path of the package
 * @returns {import('rolldown').Plugin}
 */
function removeStaleChunks(packageDir) {
  return {
    name: 'remove-stale-chunks',
    buildStart() {
      for (const folder of ['chunks', 'lazy']) {
        const dir = path.join(packageDir, 'dist', folder);
        if (!fs.existsSync(dir)) continue;
        for (const file of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
          if (file.endsWith('.js') || file.endsWith('.js.map')) fs.rmSync(path.join(dir, file));
        }
      }
    },
  };
}
