'use strict';
// esbuild's CommonJS output defines every export as a getter (it emulates ES modules' live
// bindings), and `__toCommonJS` wraps those getters in a second one: every `core.Tool` a user's
// compiled code reads, and every call from one chunk into another, is two getter calls. Our
// packages export no binding that changes after its module has loaded (the build refuses one,
// see assertNoMutableExports), so once a file's body has run the values are final, and this
// step makes them plain values, as TypeScript's own CommonJS output has them. Cold code pays for
// each call: defining 1,000 decorated tools made some 20,000 getter calls (2.5 % of the
// instructions of that whole process, measured with callgrind).
const fs = require('fs');
const path = require('path');

const TO_COMMON_JS = /^module\.exports = __toCommonJS\(([\w$]+)\);$/m;
const MAP_COMMENT = /^\/\/# sourceMappingURL=.*$/m;

/**
 * The exports of a file as esbuild lists them in `__export(<namespace>, { ... })`: each name with
 * the expression its getter returns (`Tool: () => Tool`, `helper: () => import_chunk.helper`, or
 * for a lazy export, see lazy-exports.js, `Runner: () => import_runner_load().Runner`).
 * @param {string} text
 * @param {string} namespace
 * @returns {Array<{ name: string, value: string, lazy: boolean }>}
 */
function exportsOf(text, namespace) {
  const start = text.indexOf(`__export(${namespace}, {\n`);
  if (start < 0) throw new Error(`no __export block for ${namespace}`);
  const end = text.indexOf('\n});', start);
  return text.slice(start, end).split('\n').slice(1).map((line) => {
    const match = /^ {2}([\w$]+): \(\) => ([\w$.()]+),?$/.exec(line);
    if (!match) throw new Error(`unexpected line in the __export block of ${namespace}: ${line}`);
    return { name: match[1], value: match[2], lazy: match[2].includes('_load(') };
  });
}

/**
 * Rewrites one CommonJS output: after the module's body, `module.exports` becomes an object
 * literal holding each export's value, a lazy export as a getter, and `__esModule` as esbuild
 * defines it. A new object rather than the old one's getters redefined: V8 takes time quadratic
 * in the number of properties for that (core's import went from 12 to 35 ms with its 700). A module that took the
 * old object during a require cycle keeps working through its getters. Lines are only added
 * after the last mapped line, so the source map stays right.
 * @param {string} file absolute path of a .cjs output
 */
function settleExports(file) {
  let text = fs.readFileSync(file, 'utf8');
  const entry = TO_COMMON_JS.exec(text);
  if (!entry) return;
  const members = exportsOf(text, entry[1]).map(({ name, value, lazy }) => (lazy ? `  get ${name}() { return ${value}; },` : `  ${name}: ${value},`));
  const settle = [
    '// Exports settled into values (scripts/bundle/settle-exports.js).',
    'module.exports = __defProp({',
    ...members,
    '}, "__esModule", { value: true });',
    '',
  ].join('\n');
  const map = MAP_COMMENT.exec(text);
  text = map ? text.slice(0, map.index) + settle + text.slice(map.index) : text + '\n' + settle;
  fs.writeFileSync(file, text);
}

/**
 * Throws when a source file under `srcDir` exports a binding that can change after load
 * (`export let x`, or a top-level `let`/`var` named in an `export { }`), which a settled export
 * would freeze at its first value.
 * @param {string} srcDir
 */
function assertNoMutableExports(srcDir) {
  for (const entry of fs.readdirSync(srcDir, { withFileTypes: true })) {
    const full = path.join(srcDir, entry.name);
    if (entry.isDirectory()) {
      assertNoMutableExports(full);
      continue;
    }
    if (!entry.name.endsWith('.ts')) continue;
    const text = fs.readFileSync(full, 'utf8');
    const mutable = [...text.matchAll(/^(?:let|var) ([\w$]+)/gm)].map((match) => match[1]);
    const exported = [...text.matchAll(/^export \{([^}]*)\}/gm)].flatMap((match) => match[1].split(',').map((name) => name.trim().split(/\s+/)[0]));
    const found = /^export (?:let|var) ([\w$]+)/m.exec(text)?.[1] ?? mutable.find((name) => exported.includes(name));
    if (found !== undefined) {
      throw new Error(`${full}: exports "${found}", a binding that can change after load; the CommonJS build settles exports into constants (scripts/bundle/settle-exports.js). Export a function that returns it instead.`);
    }
  }
}

module.exports = { settleExports, exportsOf, assertNoMutableExports };
