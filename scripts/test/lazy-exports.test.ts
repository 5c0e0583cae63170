import * as fs from 'fs';
import * as path from 'path';
import { useScratchDir } from '../../test-support/scratch-dir';

// The bundle scripts are plain CommonJS modules of the repository, not part of a package.
const { deferLazyReexports, lazyExportsOf } = require('../bundle/lazy-exports') as {
  deferLazyReexports: (file: string) => void;
  lazyExportsOf: (packageDir: string) => Map<string, string>;
};

describe('lazy exports (scripts/bundle/lazy-exports.js)', () => {
  const scratch = useScratchDir('toolwright-lazy-exports-');
  const { write } = scratch;

  /** An entry as esbuild emits it for `export { Runner } from` a lazy module, plus one line. */
  const entryReexportingRunner = (line: string): string => write('index.js', [
    'var index_exports = {};',
    'Object.defineProperty(index_exports, "Runner", { get: () => import_runner.Runner, enumerable: true });',
    line,
    'var import_runner = require("__toolwright_lazy__/runner.js");',
  ].join('\n'));

  it('turn an entry\'s re-export of a lazy module into a load on first read', () => {
    write('lazy/runner.js', 'exports.loads = (exports.loads || 0) + 1; exports.Runner = class Runner {}; globalThis.__loaded = (globalThis.__loaded || 0) + 1;');
    const entry = entryReexportingRunner('module.exports = index_exports;');
    deferLazyReexports(entry);
    const text = fs.readFileSync(entry, 'utf8').replace('"__toolwright_lazy__/runner.js"', JSON.stringify(path.join(scratch.path, 'lazy/runner.js')));
    fs.writeFileSync(entry, text);
    const g = globalThis as { __loaded?: number };
    g.__loaded = 0;
    const api = require(entry) as { Runner: Function };
    expect(g.__loaded).toBe(0);
    expect(api.Runner.name).toBe('Runner');
    expect(api.Runner).toBe(api.Runner);
    expect(g.__loaded).toBe(1);
  });

  it('refuse a lazy module the entry reads anywhere but in its export getters', () => {
    const entry = entryReexportingRunner('console.log(import_runner.Runner.name);');
    expect(() => deferLazyReexports(entry)).toThrow(/import_runner .* is read outside the export getters, so it cannot load lazily/);
  });

  it('name a listed path that is no source file', () => {
    write('src/a.ts', 'export const a = 1;');
    write('lazy-exports.json', JSON.stringify(['a.ts', 'missing.ts']));
    expect(() => lazyExportsOf(scratch.path)).toThrow(/"missing\.ts" names no TypeScript file/);
    write('lazy-exports.json', JSON.stringify(['a.ts']));
    expect([...lazyExportsOf(scratch.path).values()]).toEqual(['lazy/a']);
  });
});
