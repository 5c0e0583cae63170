'use strict';
// esbuild's CommonJS output defines every export as a getter (it emulates ES modules' live
// bindings), and `__toCommonJS` wraps those getters in a second one: every `core.Tool` a user's
// compiled code reads, and every call from one chunk into another, is two getter calls. Our
// packages export no binding that changes after its module has loaded (the build refuses
// `export let` and `export var`), so once a file's body has run the values are final, and this
// step turns them into plain read-only data properties. Cold code pays for each call: defining
// 1,000 decorated tools made some 20,000 getter calls.
const fs = require('fs');
const path = require('path');

// esbuild's two helpers that define export getters (it renames `name` when a module declares one).
const EXPORT_HELPER = /__defProp\(target, ([\w$]+), \{ get: all\[\1\], enumerable: true \}\);/;
const COPY_HELPER = /__defProp\(to, key, \{ get: \(\) => from\[key\], enumerable: !\(desc = __getOwnPropDesc\(from, key\)\) \|\| desc\.enumerable \}\);/;
const TO_COMMON_JS = /^module\.exports = __toCommonJS\(([\w$]+)\);$/m;
const MAP_COMMENT = /^\/\/# sourceMappingURL=.*$/m;

/**
 * The names a file exports through `__export(<namespace>, { ... })` whose getter reads a value
 * already loaded (`Name: () => Name`, `Name: () => import_chunk.Name`); a lazy export's getter
 * (`() => import_runner_load().Runner`, see lazy-exports.js) loads its module, so it stays.
 * @param {string} text
 * @param {string} namespace
 * @returns {string[]}
 */
function settledNames(text, namespace) {
  const start = text.indexOf(`__export(${namespace}, {\n`);
  if (start < 0) throw new Error(`no __export block for ${namespace}`);
  const end = text.indexOf('\n});', start);
  const names = [];
  for (const line of text.slice(start, end).split('\n').slice(1)) {
    const match = /^ {2}([\w$]+): \(\) => ([\w$.()]+),?$/.exec(line);
    if (!match) throw new Error(`unexpected line in the __export block of ${namespace}: ${line}`);
    if (!match[2].includes('_load(')) names.push(match[1]);
  }
  return names;
}

/**
 * Rewrites one CommonJS output: its export getters become configurable, and after the module's
 * body a few lines replace the settled ones by their values. Lines are only changed in place or
 * added after the last mapped line, so the source map stays right.
 * @param {string} file absolute path of a .cjs output
 */
function settleExports(file) {
  let text = fs.readFileSync(file, 'utf8');
  const entry = TO_COMMON_JS.exec(text);
  if (!entry) return;
  for (const helper of [EXPORT_HELPER, COPY_HELPER]) {
    if (!helper.test(text)) throw new Error(`${file}: esbuild's helper changed (expected a match of ${helper})`);
    text = text.replace(helper, (found) => found.replace(/ \}\);$/, ', configurable: true });'));
  }
  const names = settledNames(text, entry[1]);
  const settle = [
    '// Exports settled into data properties (scripts/bundle/settle-exports.js).',
    `for (const __name of ${JSON.stringify(names)}) __defProp(module.exports, __name, { value: module.exports[__name], enumerable: true, writable: false, configurable: false });`,
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

module.exports = { settleExports, settledNames, assertNoMutableExports };
