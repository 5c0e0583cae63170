// A rolldown plugin keeping a package's lazily loaded modules out of the files `require` reads at
// import: a module the sources load with a `require('./relative')` call (inside a function, run on
// first use) becomes its own chunk, dist/lazy/<path>.js, and the call stays a `require` of that
// file. Code splitting puts what it shares with the entries in shared chunks, so each module still
// runs once per process. Measured on core (scripts/build/README.md): what `require` parses halves.
import path from 'node:path';

/**
 * @param {string} packageDir absolute path of the package
 * @returns {import('rolldown').Plugin}
 */
export function lazyChunks(packageDir) {
  const src = path.join(packageDir, 'src');
  const dist = path.join(packageDir, 'dist');
  const emitted = new Set();
  return {
    name: 'lazy-chunks',
    async resolveId(source, importer, extra) {
      if (extra.kind !== 'require-call' || !source.startsWith('.')) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      if (!resolved || resolved.external || !resolved.id.startsWith(`${src}${path.sep}`)) return null;
      const name = path.relative(src, resolved.id).replace(/\.ts$/, '').split(path.sep).join('/');
      if (!emitted.has(name)) {
        emitted.add(name);
        this.emitFile({ type: 'chunk', id: resolved.id, fileName: `lazy/${name}.js` });
      }
      return { id: path.join(dist, 'lazy', `${name}.js`), external: true };
    },
  };
}
