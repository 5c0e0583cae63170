'use strict';
// One package: TypeScript's emit → ES module bundles → CommonJS bundles → ES module entries
// re-exporting the CommonJS ones → .d.mts declarations.
const fs = require('fs');
const path = require('path');
const { bundleEntries } = require('./package-entries');
const { emitModules, typescriptEmitPlugin } = require('./typescript-source');
const { buildEsm, buildCjs } = require('./formats');
const { writeEsmDeclarations } = require('./type-shims');
const { isStale, removePreviousOutputs, writeRecord } = require('./bundle-record');
const { vendoredOf, buildVendored, vendoredPlugin, linkVendored } = require('./vendor');
const { planLazyModules, buildLazyCommonJs, repointVirtualSources } = require('./lazy-build');
const { inlineLazyPlugin } = require('./lazy-modules');
const { LAZY_EXPORTS_FILE } = require('./lazy-exports');
const { assertNoMutableExports, settleExports } = require('./settle-exports');
const { writeEsmWrappers, dropOrphanedMaps } = require('./esm-wrappers');

const SCANNER_TRANSFORMER = path.join(__dirname, '..', '..', 'packages', 'scanner', 'dist', 'transformer.js');

/**
 * Bundles one package unless its bundles are newer than its sources (or `force`).
 * @param {string} packageDir absolute path
 * @param {{ force: boolean }} options
 * @returns {Promise<'built' | 'fresh' | 'none'>} 'none' when its exports name no bundle
 */
async function bundlePackage(packageDir, options) {
  const entries = bundleEntries(packageDir);
  if (entries.length === 0) return 'none';
  const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  const schemaTransformer = /\btoolwright build\b/.test(manifest.scripts?.build ?? '');
  const distDir = path.join(packageDir, 'dist');
  const inputs = [path.join(packageDir, 'src'), path.join(packageDir, 'package.json'), path.join(packageDir, 'tsconfig.json'), __dirname];
  if (fs.existsSync(path.join(packageDir, LAZY_EXPORTS_FILE))) inputs.push(path.join(packageDir, LAZY_EXPORTS_FILE));
  if (schemaTransformer) inputs.push(SCANNER_TRANSFORMER);
  const vendored = vendoredOf(manifest.name);
  for (const id of vendored) inputs.push(require.resolve(`${id}/package.json`, { paths: [packageDir] }));
  if (!options.force && !isStale(distDir, inputs)) return 'fresh';

  // esbuild transpiles TypeScript itself, much faster than a second TypeScript program, except
  // where decorators need the type checker (their metadata) or the scanner's transformer.
  const plugins = schemaTransformer || declaresDecorators(path.join(packageDir, 'src'))
    ? [typescriptEmitPlugin(emitModules(packageDir, { schemaTransformer }))]
    : [];
  if (vendored.length > 0) plugins.unshift(vendoredPlugin(vendored));
  const srcDir = path.join(packageDir, 'src');
  assertNoMutableExports(srcDir);
  // A package with lazily required modules gets its CommonJS files from a build of its own
  // (lazy-build.js); the others' are converted from the ES modules file by file.
  const lazyPlan = await planLazyModules({ srcDir, entries, plugins });
  const esm = lazyPlan
    ? await buildEsm({ distDir, srcDir, entries: lazyPlan.entries, plugins: [lazyPlan.esmBarrel, inlineLazyPlugin(), ...plugins] })
    : await buildEsm({ distDir, srcDir, entries, plugins });
  const cjsFiles = lazyPlan
    ? await buildLazyCommonJs(lazyPlan, { distDir, srcDir, plugins })
    : await buildCjs({ distDir, esmDir: distDir, esmFiles: esm.files });
  if (lazyPlan) repointVirtualSources(lazyPlan, srcDir, [...esm.files, ...cjsFiles]);
  for (const file of cjsFiles) settleExports(file);
  const names = entries.map((entry) => entry.name);
  writeEsmDeclarations(distDir, names, esm.defaultExports);

  const outputs = await buildVendored(packageDir, vendored);
  linkVendored(distDir, cjsFiles);
  // One module instance per process: the ES module entries re-export the CommonJS build.
  outputs.push(...writeEsmWrappers({ distDir, entryNames: names, metafile: esm.metafile, esmFiles: esm.files }));
  const unmapped = dropOrphanedMaps(cjsFiles);
  for (const file of cjsFiles) {
    const base = path.relative(distDir, file).slice(0, -4);
    outputs.push(`${base}.cjs`, ...(unmapped.has(file) ? [] : [`${base}.cjs.map`]));
  }
  for (const name of names) outputs.push(`${name}.d.mts`);
  // Only now, so a failed build leaves the previous bundles in place: chunks of earlier builds.
  removePreviousOutputs(distDir, outputs);
  writeRecord(distDir, outputs);
  return 'built';
}

/**
 * Whether any source file under `dir` applies a decorator (a line starting with `@Name`; TSDoc
 * tags sit on lines starting with `*`).
 * @param {string} dir
 * @returns {boolean}
 */
function declaresDecorators(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() ? declaresDecorators(full) : entry.name.endsWith('.ts') && /^[ \t]*@[A-Za-z_$][\w$.]*[ \t]*(?:\(|$)/m.test(fs.readFileSync(full, 'utf8'))) return true;
  }
  return false;
}

module.exports = { bundlePackage };
