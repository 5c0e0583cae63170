'use strict';
// The two builds of a package: ES modules from TypeScript's emit (with code splitting, so two
// entries of one package share one copy of their common modules), then CommonJS converted from
// those ES modules file by file (esbuild splits only ES modules), keeping the same chunks.
const fs = require('fs');
const path = require('path');
const esbuild = require('esbuild');
const { externalSpecifiersPlugin } = require('./external-specifiers');

/**
 * First line of every ES module output. Lazily loaded dependencies (ajv, class-validator,
 * minisearch, OpenTelemetry, ssh2, ...) are `require()` calls in the sources, kept lazy in the
 * bundles; an ES module has no `require` (nor `__filename`, `__dirname`), so each output makes
 * them from its own URL. One line, so the CommonJS pass can drop it without moving the source
 * map's lines.
 */
const ESM_BANNER = [
  'import { createRequire as __toolwrightCreateRequire } from "node:module";',
  'import { fileURLToPath as __toolwrightFileURLToPath } from "node:url";',
  'const require = __toolwrightCreateRequire(import.meta.url);',
  'const __filename = __toolwrightFileURLToPath(import.meta.url);',
  'const __dirname = __toolwrightFileURLToPath(new URL(".", import.meta.url));',
].join(' ');

const COMMON = { bundle: true, platform: 'node', target: 'node20', sourcemap: 'linked', sourcesContent: false, logLevel: 'warning', metafile: true };

/**
 * Builds `dist/<name>.mjs` for every entry, and shared chunks under `dist/chunks/`.
 * @param {{ distDir: string, srcDir: string, entries: Array<{ name: string, source: string }>, plugins: import('esbuild').Plugin[], chunkNames?: string }} input
 * @returns {Promise<{ files: string[], defaultExports: Set<string>, metafile: import('esbuild').Metafile }>} absolute paths of the .mjs outputs; entry names with a default export
 */
async function buildEsm({ distDir, srcDir, entries, plugins, chunkNames = 'chunks/[name]-[hash]' }) {
  const result = await esbuild.build({
    ...COMMON,
    entryPoints: entries.map((entry) => ({ in: entry.source, out: entry.name })),
    outdir: distDir,
    format: 'esm',
    splitting: true,
    chunkNames,
    outExtension: { '.js': '.mjs' },
    // No keepNames: its `__name()` call per function and class costs about a tenth of the
    // import. Classes keep their names by inference (`var Name = class`); a class esbuild had
    // to rename (two top-level classes of one name) is refused below, since `new.target.name`
    // names the errors.
    keepNames: false,
    banner: { js: ESM_BANNER },
    plugins: [...plugins, externalSpecifiersPlugin('esm')],
  });
  const mjs = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.mjs')).map((file) => path.resolve(file));
  const renamed = renamedClasses(mjs, srcDir);
  if (renamed.length > 0) {
    throw new Error(`esbuild renamed ${renamed.join(', ')}: two top-level classes share a name, and the renamed one would report another name (new.target.name, error names); rename one of them in src/`);
  }
  const files = [];
  const defaultExports = new Set();
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    if (!file.endsWith('.mjs')) continue;
    const absolute = path.resolve(file);
    files.push(absolute);
    if (output.entryPoint && output.exports.includes('default')) defaultExports.add(path.relative(distDir, absolute).slice(0, -4));
  }
  return { files, defaultExports, metafile: result.metafile };
}

/**
 * Classes esbuild renamed to avoid a clash: `var Name2 = class` in an output where no source
 * file declares a class `Name2`.
 * @param {string[]} outputs paths of the .mjs outputs
 * @param {string} srcDir the package's src/
 * @returns {string[]}
 */
function renamedClasses(outputs, srcDir) {
  const declared = new Set();
  const scan = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) scan(full);
      else if (entry.name.endsWith('.ts')) for (const match of fs.readFileSync(full, 'utf8').matchAll(/\bclass ([A-Za-z_$][\w$]*)/g)) declared.add(match[1]);
    }
  };
  scan(srcDir);
  const found = [];
  for (const file of outputs) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/^var ([A-Za-z_$][\w$]*\d) = class\b/gm)) {
      if (!declared.has(match[1])) found.push(`${match[1]} (${path.basename(file)})`);
    }
  }
  return found;
}

/**
 * Builds `dist/<name>.cjs` for every ES module output under `esmDir` (`dist/` itself, or the
 * staging folder of a build with lazy modules), chunks included; imports between outputs point
 * at the `.cjs` files.
 * @param {{ distDir: string, esmDir: string, esmFiles: string[] }} input
 * @returns {Promise<string[]>} absolute paths of the .cjs outputs
 */
async function buildCjs({ distDir, esmDir, esmFiles }) {
  const result = await esbuild.build({
    ...COMMON,
    entryPoints: esmFiles.map((file) => ({ in: file, out: path.relative(esmDir, file).slice(0, -4) })),
    outdir: distDir,
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    plugins: [esmOutputsPlugin(esmFiles), externalSpecifiersPlugin('cjs')],
  });
  return Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.cjs')).map((file) => path.resolve(file));
}

/**
 * Loads the ES module outputs without their banner, and keeps imports between them external
 * with the `.cjs` extension.
 * @param {string[]} esmFiles
 * @returns {import('esbuild').Plugin}
 */
function esmOutputsPlugin(esmFiles) {
  const known = new Set(esmFiles);
  return {
    name: 'esm-outputs',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const target = path.resolve(args.resolveDir, args.path);
        if (!known.has(target)) throw new Error(`${args.importer} imports ${args.path}, which is not an output of the ES module build`);
        return { path: args.path.replace(/\.mjs$/, '.cjs'), external: true };
      });
      build.onLoad({ filter: /\.mjs$/ }, (args) => {
        const text = fs.readFileSync(args.path, 'utf8');
        if (!text.startsWith(ESM_BANNER)) throw new Error(`${args.path} does not start with the ES module banner`);
        return { contents: text.slice(ESM_BANNER.length), loader: 'js', resolveDir: path.dirname(args.path) };
      });
    },
  };
}

module.exports = { buildEsm, buildCjs, renamedClasses, ESM_BANNER, COMMON };
