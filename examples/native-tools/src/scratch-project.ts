import { mkdirSync, mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { dirname, join } from 'path';

/**
 * The project the agent works on: a `median` helper whose test fails because it sorts numbers as
 * text and does not average the two middle values of an even-sized list. Tests run with Node's
 * own runner (`node --test`).
 */
export const SCRATCH_FILES: Record<string, string> = {
  'package.json': `${JSON.stringify({ name: 'scratch-median', version: '1.0.0', private: true, scripts: { test: 'node --test' } }, null, 2)}\n`,
  'src/median.js': [
    "'use strict';",
    '',
    '/** The median of a list of numbers. */',
    'function median(values) {',
    '  const sorted = [...values].sort();',
    '  return sorted[Math.floor(sorted.length / 2)];',
    '}',
    '',
    'module.exports = { median };',
    '',
  ].join('\n'),
  'test/median.test.js': [
    "'use strict';",
    "const test = require('node:test');",
    "const assert = require('node:assert/strict');",
    "const { median } = require('../src/median');",
    '',
    "test('odd-sized lists', () => {",
    '  assert.equal(median([10, 9, 2]), 9);',
    '});',
    '',
    "test('even-sized lists average the middle values', () => {",
    '  assert.equal(median([4, 1, 3, 2]), 2.5);',
    '});',
    '',
  ].join('\n'),
};

/** Writes the scratch project into a new directory (under the system temp dir unless `dir` is given). */
export function createScratchProject(dir?: string): string {
  const root = dir ?? mkdtempSync(join(tmpdir(), 'toolwright-native-tools-'));
  for (const [path, content] of Object.entries(SCRATCH_FILES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}
