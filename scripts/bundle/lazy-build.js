'use strict';
// The CommonJS build of a package whose sources load modules on first use
// (`lazyModule(() => require('./x'))`, listed by lazy-modules.js). Built from ES modules staged in
// dist/.cjs-stage/, in two parts that share no module:
// - the entries, as usual, with each lazy `require()` kept external; the `internal` entry also
//   exports the namespaces of the modules lazy code imports (`__toolwrightEagerModules`; the ES
//   module build, which keeps the lazy modules inline, exports it as `undefined` so both formats
//   have the same names), so importing the package loads as many files as without lazy modules;
// - the lazy modules (dist/lazy/<path>.cjs, their shared code in chunks/lazy-*.cjs), which reach
//   those modules through that export instead of carrying copies (one class per error, one
//   metadata storage...).
const fs = require('fs');
const path = require('path');
const esbuild = require('esbuild');
const { buildEsm, buildCjs, COMMON } = require('./formats');
const { externalSpecifiersPlugin } = require('./external-specifiers');
const { TOKEN, lazyModulesOf, resolveSource, lazyRequirePlugin, linkLazy, repointStagedMaps } = require('./lazy-modules');
const { lazyExportsOf, lazyExportPlugin, deferLazyReexports } = require('./lazy-exports');

/** The entry that carries the namespaces lazy code imports, and the name of that export. */
const BARREL_ENTRY = 'internal';
const BARREL_EXPORT = '__toolwrightEagerModules';
const BARREL_PATH = 'toolwright-barrel:internal';

/**
 * @typedef {{ lazy: Map<string, string>, lazyPlugins: import('esbuild').Plugin[], shared: string[], exportNames: Map<string, string[]>, entries: Array<{ name: string, source: string }>, barrel: import('esbuild').Plugin, esmBarrel: import('esbuild').Plugin, barrelSource: string, keyOf: (source: string) => string }} LazyPlan
 */

/**
 * Which modules of a package load lazily, and which of the others their code imports; `undefined`
 * for a package without lazy modules.
 * @param {{ srcDir: string, entries: Array<{ name: string, source: string }>, plugins: import('esbuild').Plugin[] }} input
 * @returns {Promise<LazyPlan | undefined>} `entries` with the `internal` entry served with its barrel export, by the `barrel` plugin
 */
async function planLazyModules({ srcDir, entries, plugins }) {
  const lazyExports = lazyExportsOf(path.dirname(srcDir));
  const lazy = new Map([...lazyModulesOf(srcDir), ...lazyExports]);
  if (lazy.size === 0) return undefined;
  const barrelEntry = entries.find((entry) => entry.name === BARREL_ENTRY);
  if (!barrelEntry) throw new Error(`${srcDir}: lazily required modules need an "${BARREL_ENTRY}" entry (./internal in the exports map) to reach the rest of the package through`);
  const lazyPlugins = [lazyRequirePlugin(lazy), lazyExportPlugin(new Set(entries.map((entry) => entry.source)), lazyExports)];
  const withLazy = [...plugins, ...lazyPlugins];

  const eager = await bundledInputs(entries.map((entry) => entry.source), withLazy, srcDir, () => undefined);
  const misplaced = [...lazy.keys()].filter((source) => eager.has(source));
  if (misplaced.length > 0) {
    throw new Error(`loaded with require() on first use but also imported statically by code loaded at import (so never lazy): ${misplaced.join(', ')}; import only types from it (import type) or load it the same way everywhere`);
  }
  const shared = new Set();
  await bundledInputs([...lazy.keys()], withLazy, srcDir, (source) => {
    if (!eager.has(source)) return undefined;
    shared.add(source);
    return { path: source, external: true };
  });
  const keyOf = (source) => path.relative(srcDir, source).split(path.sep).join('/');
  const sharedList = [...shared].sort();
  return {
    lazy,
    lazyPlugins,
    shared: sharedList,
    exportNames: await exportNamesOf(sharedList, withLazy, srcDir),
    keyOf,
    entries: entries.map((entry) => (entry === barrelEntry ? { name: entry.name, source: BARREL_PATH } : entry)),
    barrel: barrelPlugin(barrelEntry.source, sharedList, keyOf),
    esmBarrel: barrelPlugin(barrelEntry.source, [], keyOf),
    barrelSource: barrelEntry.source,
  };
}

/**
 * Points the source maps' virtual modules at the files they stand for: the barrel at the
 * `internal` entry's source, a proxy of a module at that module's source.
 * @param {LazyPlan} plan
 * @param {string} srcDir
 * @param {string[]} files absolute paths of the outputs (their maps beside them)
 */
function repointVirtualSources(plan, srcDir, files) {
  for (const file of files) {
    const mapFile = `${file}.map`;
    if (!fs.existsSync(mapFile)) continue;
    const text = fs.readFileSync(mapFile, 'utf8');
    if (!text.includes('toolwright-')) continue;
    const map = JSON.parse(text);
    map.sources = map.sources.map((source) => {
      const proxied = /^toolwright-eager:(.+)$/.exec(source);
      const target = source.startsWith('toolwright-barrel:') ? plan.barrelSource : proxied ? path.join(srcDir, `${proxied[1]}.ts`) : undefined;
      return target === undefined ? source : path.relative(path.dirname(mapFile), target).split(path.sep).join('/');
    });
    fs.writeFileSync(mapFile, JSON.stringify(map));
  }
}

/**
 * Builds the CommonJS files of a package with lazy modules.
 * @param {LazyPlan} plan from {@link planLazyModules}
 * @param {{ distDir: string, srcDir: string, plugins: import('esbuild').Plugin[] }} input
 * @returns {Promise<string[]>} absolute paths of the .cjs outputs
 */
async function buildLazyCommonJs(plan, { distDir, srcDir, plugins }) {
  const withLazy = [...plugins, ...plan.lazyPlugins];
  const stageDir = path.join(distDir, '.cjs-stage');
  fs.rmSync(stageDir, { recursive: true, force: true });
  try {
    const staged = await buildEsm({ distDir: stageDir, srcDir, entries: plan.entries, plugins: [plan.barrel, ...withLazy] });
    const lazyStaged = await buildEsm({
      distDir: stageDir,
      srcDir,
      entries: [...plan.lazy].map(([source, name]) => ({ name, source })),
      plugins: [eagerProxyPlugin(plan.exportNames, plan.keyOf), ...withLazy],
      chunkNames: 'chunks/lazy-[hash]',
    });
    const cjsFiles = await buildCjs({ distDir, esmDir: stageDir, esmFiles: [...staged.files, ...lazyStaged.files] });
    for (const entry of plan.entries) deferLazyReexports(path.join(distDir, `${entry.name}.cjs`));
    linkLazy(distDir, cjsFiles);
    repointStagedMaps(distDir, stageDir, cjsFiles);
    return cjsFiles;
  } finally {
    fs.rmSync(stageDir, { recursive: true, force: true });
  }
}

/**
 * The package's source files a bundle of `sources` contains (nothing written).
 * @param {string[]} sources entry points
 * @param {import('esbuild').Plugin[]} plugins
 * @param {string} srcDir
 * @param {(source: string) => import('esbuild').OnResolveResult | undefined} cut decides a relative import's resolution first
 * @returns {Promise<Set<string>>} absolute paths
 */
async function bundledInputs(sources, plugins, srcDir, cut) {
  const cutter = {
    name: 'cut',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind === 'require-call' || args.kind === 'entry-point') return undefined;
        const source = resolveSource(args.resolveDir, args.path);
        return source === undefined ? undefined : cut(source);
      });
    },
  };
  const result = await analysisBuild(sources, srcDir, [cutter, ...plugins]);
  const inputs = new Set();
  for (const input of Object.keys(result.metafile.inputs)) {
    const absolute = path.resolve(input);
    if (!path.relative(srcDir, absolute).startsWith('..')) inputs.add(absolute);
  }
  return inputs;
}

/**
 * An in-memory ES module build of `sources` with code splitting, for its metafile only.
 * @param {string[]} sources absolute paths
 * @param {string} srcDir
 * @param {import('esbuild').Plugin[]} plugins
 * @returns {Promise<import('esbuild').BuildResult & { metafile: import('esbuild').Metafile }>}
 */
function analysisBuild(sources, srcDir, plugins) {
  return esbuild.build({
    ...COMMON,
    sourcemap: false,
    write: false,
    entryPoints: sources,
    outdir: path.join(srcDir, '..', 'dist', '.cjs-analysis'),
    format: 'esm',
    splitting: true,
    plugins: [...plugins, externalSpecifiersPlugin('esm')],
  });
}

/**
 * The export names of each module (as esbuild sees them: values only, types erased).
 * @param {string[]} sources absolute paths
 * @param {import('esbuild').Plugin[]} plugins
 * @param {string} srcDir
 * @returns {Promise<Map<string, string[]>>}
 */
async function exportNamesOf(sources, plugins, srcDir) {
  const result = await analysisBuild(sources, srcDir, plugins);
  const names = new Map();
  for (const output of Object.values(result.metafile.outputs)) if (output.entryPoint) names.set(path.resolve(output.entryPoint), output.exports);
  for (const source of sources) if (!names.has(source)) throw new Error(`no exports found for ${source}`);
  return names;
}

/**
 * Serves the `internal` entry as itself plus one export holding the namespaces of `shared`
 * (`undefined` when there are none: the ES module build).
 * @param {string} source the entry's real source
 * @param {string[]} shared absolute paths
 * @param {(source: string) => string} keyOf
 * @returns {import('esbuild').Plugin}
 */
function barrelPlugin(source, shared, keyOf) {
  return {
    name: 'eager-barrel',
    setup(build) {
      build.onResolve({ filter: /^toolwright-barrel:/ }, (args) => ({ path: args.path, namespace: 'toolwright-barrel' }));
      build.onLoad({ filter: /.*/, namespace: 'toolwright-barrel' }, () => {
        const lines = [`export * from ${JSON.stringify(source)};`];
        shared.forEach((file, i) => lines.push(`import * as m${i} from ${JSON.stringify(file)};`));
        lines.push(`/** @internal Modules of this package that its lazily loaded files use (the CommonJS build; undefined in the ES module build, which keeps them inline). */`);
        const modules = shared.length === 0 ? 'undefined' : `{ ${shared.map((file, i) => `${JSON.stringify(keyOf(file))}: m${i}`).join(', ')} }`;
        lines.push(`export const ${BARREL_EXPORT} = ${modules};`);
        return { contents: lines.join('\n'), loader: 'js', resolveDir: path.dirname(source) };
      });
    },
  };
}

/**
 * In the lazy modules' build, an import of a module the entries already hold reads it from the
 * `internal` entry's export instead of bundling a second copy. Its exports are copied once, when
 * the lazy file loads (every one of them is a binding that never changes after the module ran,
 * and the entries ran completely before anything can load lazily), so the lazy code calls them
 * as directly as the entries do, without a getter per call.
 * @param {Map<string, string[]>} exportNames by absolute path of each module the entries hold
 * @param {(source: string) => string} keyOf
 * @returns {import('esbuild').Plugin}
 */
function eagerProxyPlugin(exportNames, keyOf) {
  const byKey = new Map([...exportNames].map(([source, names]) => [keyOf(source).slice(0, -3), names]));
  return {
    name: 'eager-proxy',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind === 'require-call' || args.kind === 'entry-point') return undefined;
        const source = resolveSource(args.resolveDir, args.path);
        return source !== undefined && exportNames.has(source) ? { path: keyOf(source).slice(0, -3), namespace: 'toolwright-eager' } : undefined;
      });
      build.onLoad({ filter: /.*/, namespace: 'toolwright-eager' }, (args) => {
        const names = byKey.get(args.path);
        const lines = [
          `const modules = require(${JSON.stringify(`${TOKEN}${BARREL_ENTRY}.cjs`)}).${BARREL_EXPORT};`,
          `if (modules === undefined) throw new Error(${JSON.stringify(`@toolwright: a lazily loaded file of this package was loaded while its entry was still loading (${args.path})`)});`,
          `const ns = modules[${JSON.stringify(`${args.path}.ts`)}];`,
          ...names.map((name, i) => `const v${i} = ns.${name};`),
          `export { ${names.map((name, i) => `v${i} as ${name}`).join(', ')} };`,
        ];
        return { contents: lines.join('\n'), loader: 'js' };
      });
    },
  };
}

module.exports = { planLazyModules, buildLazyCommonJs, repointVirtualSources, BARREL_EXPORT };
