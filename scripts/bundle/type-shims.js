'use strict';
// Declarations for the ES module build. `tsc -b` writes `dist/<name>.d.ts`, which TypeScript
// reads as CommonJS declarations (the packages have no `"type": "module"`), right for the
// `require` condition. The `import` condition points at `dist/<name>.d.mts`, an ES module
// declaration file re-exporting the same declarations, so both conditions are typed in their
// own format from one set of declarations.
const fs = require('fs');
const path = require('path');

/**
 * Writes `dist/<name>.d.mts` for every entry.
 * @param {string} distDir
 * @param {string[]} names entry names (`index`, `nestjs/index`)
 * @param {Set<string>} defaultExports entry names that have a default export
 */
function writeEsmDeclarations(distDir, names, defaultExports) {
  for (const name of names) {
    const declaration = path.join(distDir, `${name}.d.ts`);
    if (!fs.existsSync(declaration)) throw new Error(`${declaration} is missing: run tsc -b first`);
    const target = `./${path.basename(name)}.js`;
    const lines = [`export * from '${target}';`];
    if (defaultExports.has(name)) lines.push(`export { default } from '${target}';`);
    fs.writeFileSync(path.join(distDir, `${name}.d.mts`), `${lines.join('\n')}\n`);
  }
}

module.exports = { writeEsmDeclarations };
