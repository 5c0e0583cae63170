'use strict';
// The ES module entries that ship: thin wrappers re-exporting the CommonJS build, the pattern
// Node's documentation gives for the dual package hazard. An application that loads a package
// through `import` while a library it uses loads it through `require` then gets one module
// instance: one `ToolResult`, `Agent`, `RunState`, one set of error classes. The ES module build
// stays an intermediate of the CommonJS one (formats.js converts it file by file) and its own
// files are removed once that is done.
const fs = require('fs');
const path = require('path');

// An export name usable as a binding in `export const { name } = ...`.
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * The text of `dist/<name>.mjs` for an entry exporting `names` from `./<base>.cjs`.
 * @param {string} base file name of the entry without extension (`index`)
 * @param {string[]} names the entry's export names, `default` among them when it has one
 * @returns {string}
 */
function wrapperText(base, names) {
  const named = names.filter((name) => name !== 'default').sort();
  const odd = named.filter((name) => !IDENTIFIER.test(name));
  if (odd.length > 0) throw new Error(`dist/${base}.mjs: export names ${odd.join(', ')} are not identifiers; an ES module wrapper cannot re-export them`);
  const lines = [
    `// The ES module entry: the CommonJS build's exports, so that \`import\` and \`require\` share one module instance.`,
    `import cjs from './${base}.cjs';`,
  ];
  if (named.length > 0) lines.push(`export const { ${named.join(', ')} } = cjs;`);
  if (names.includes('default')) lines.push('export default cjs.default;');
  return `${lines.join('\n')}\n`;
}

/**
 * Replaces every entry's ES module output by a wrapper of its CommonJS twin and deletes the other
 * ES module files (chunks, lazy modules) and their maps.
 * @param {{ distDir: string, entryNames: string[], metafile: import('esbuild').Metafile, esmFiles: string[] }} input
 * @returns {string[]} the wrappers written, relative to dist/
 */
function writeEsmWrappers({ distDir, entryNames, metafile, esmFiles }) {
  const exportsOf = new Map();
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (output.entryPoint && file.endsWith('.mjs')) exportsOf.set(path.relative(distDir, path.resolve(file)).slice(0, -4).split(path.sep).join('/'), output.exports);
  }
  const written = [];
  for (const name of entryNames) {
    const names = exportsOf.get(name);
    if (!names) throw new Error(`dist/${name}.mjs: the ES module build has no entry output of that name`);
    if (!fs.existsSync(path.join(distDir, `${name}.cjs`))) throw new Error(`dist/${name}.cjs is missing: the CommonJS build must run before the ES module wrappers`);
    fs.writeFileSync(path.join(distDir, `${name}.mjs`), wrapperText(path.basename(name), names));
    written.push(`${name}.mjs`);
  }
  const kept = new Set(written.map((file) => path.join(distDir, file)));
  for (const file of esmFiles) {
    fs.rmSync(`${file}.map`, { force: true });
    if (!kept.has(file)) fs.rmSync(file, { force: true });
  }
  return written;
}

/**
 * Source maps of CommonJS files whose only sources were ES module outputs now removed (esbuild's
 * `require` shim chunk has no line of the sources): deleted with their `sourceMappingURL` line,
 * since they would point at nothing.
 * @param {string[]} cjsFiles absolute paths of the .cjs outputs
 * @returns {Set<string>} the .cjs files whose map was deleted
 */
function dropOrphanedMaps(cjsFiles) {
  const dropped = new Set();
  for (const file of cjsFiles) {
    const map = `${file}.map`;
    if (!fs.existsSync(map)) continue;
    const sources = JSON.parse(fs.readFileSync(map, 'utf8')).sources.map((source) => path.resolve(path.dirname(file), source));
    const missing = sources.filter((source) => !fs.existsSync(source));
    if (missing.length === 0) continue;
    if (missing.length < sources.length || !missing.every((source) => source.endsWith('.mjs'))) {
      throw new Error(`${map} points at ${missing.join(', ')}, which the build did not keep; its CommonJS file maps partly to removed ES module outputs`);
    }
    fs.rmSync(map);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^\/\/# sourceMappingURL=[^\n]*\n/m, ''));
    dropped.add(file);
  }
  return dropped;
}

module.exports = { writeEsmWrappers, wrapperText, dropOrphanedMaps };
