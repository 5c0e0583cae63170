'use strict';
// The imports between the source files of each package, read by dependency-cruiser with
// TypeScript's own parser before compilation, so `import type` and type-only re-exports count.
const fs = require('fs');
const path = require('path');

/**
 * The files-to-files imports inside `<package>/src` of each package, as paths relative to src/.
 * @param {string} root the directory the package paths are relative to
 * @param {string[]} packageDirs package directories relative to root (`packages/core`)
 * @returns {Promise<Map<string, Array<{ from: string, to: string, typeOnly: boolean }>>>}
 */
async function importGraphs(root, packageDirs) {
  const { cruise } = await import('dependency-cruiser');
  const sources = packageDirs.map((dir) => `${dir}/src`).filter((src) => fs.existsSync(path.join(root, src)));
  const graphs = new Map(packageDirs.map((dir) => [dir, []]));
  if (sources.length === 0) return graphs;
  const result = await cruise(
    sources,
    {
      baseDir: root,
      tsPreCompilationDeps: true,
      includeOnly: `^(${sources.map(escapeRegExp).join('|')})/`,
      exclude: { path: '(^|/)(node_modules|dist)/' },
      doNotFollow: { path: 'node_modules' },
    },
    { extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'] },
  );
  if (typeof result.output === 'string') throw new Error(`dependency-cruiser returned text instead of a result: ${result.output.slice(0, 200)}`);
  const packageOf = (file) => packageDirs.find((dir) => file.startsWith(`${dir}/src/`));
  for (const module of result.output.modules) {
    const owner = packageOf(module.source);
    if (!owner) continue;
    const prefix = `${owner}/src/`;
    for (const dependency of module.dependencies) {
      if (!dependency.resolved.startsWith(prefix)) continue;
      graphs.get(owner).push({
        from: module.source.slice(prefix.length),
        to: dependency.resolved.slice(prefix.length),
        typeOnly: dependency.dependencyTypes.includes('type-only'),
      });
    }
  }
  return graphs;
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

module.exports = { importGraphs };
