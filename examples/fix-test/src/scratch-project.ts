import { mkdirSync, mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { dirname, join } from 'path';

/**
 * The project the agent works on: a `slugify` helper whose test fails because runs of separators
 * and the separators at both ends are not handled. Tests run with Node's own runner (`node --test`).
 */
export const SCRATCH_FILES: Record<string, string> = {
  'package.json': `${JSON.stringify({ name: 'scratch-slugify', version: '1.0.0', private: true, scripts: { test: 'node --test' } }, null, 2)}\n`,
  'src/slugify.js': [
    "'use strict';",
    '',
    '/** Turns a title into a URL slug: lower case, words joined by single dashes. */',
    'function slugify(title) {',
    "  return title.toLowerCase().replace(/[^a-z0-9]/g, '-');",
    '}',
    '',
    'module.exports = { slugify };',
    '',
  ].join('\n'),
  'test/slugify.test.js': [
    "'use strict';",
    "const test = require('node:test');",
    "const assert = require('node:assert/strict');",
    "const { slugify } = require('../src/slugify');",
    '',
    "test('lower-cases single words', () => {",
    "  assert.equal(slugify('Hello'), 'hello');",
    '});',
    '',
    "test('joins words with single dashes and trims the ends', () => {",
    "  assert.equal(slugify('  Hello,   World! '), 'hello-world');",
    '});',
    '',
  ].join('\n'),
};

/** Writes the scratch project into a new directory (under the system temp dir unless `dir` is given). */
export function createScratchProject(dir?: string): string {
  const root = dir ?? mkdtempSync(join(tmpdir(), 'toolwright-fix-test-'));
  for (const [path, content] of Object.entries(SCRATCH_FILES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}
