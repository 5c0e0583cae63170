'use strict';
// `dist/.bundle.json` records what the last bundle of a package wrote and when, so a rebuild
// removes its stale chunks first and `npm run build` skips packages whose inputs are older.
const fs = require('fs');
const path = require('path');

const RECORD = '.bundle.json';

/**
 * Newest modification time (ms) of the files under `dir`, recursively; 0 when it does not exist.
 * @param {string} dir
 */
function newestUnder(dir) {
  if (!fs.existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestUnder(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Whether the bundles of a package are older than any of `inputs` (files or directories) or missing.
 * @param {string} distDir
 * @param {string[]} inputs
 */
function isStale(distDir, inputs) {
  const record = readRecord(distDir);
  if (record === null || record.outputs.some((file) => !fs.existsSync(path.join(distDir, file)))) return true;
  const built = fs.statSync(path.join(distDir, RECORD)).mtimeMs;
  return inputs.some((input) => (fs.existsSync(input) && fs.statSync(input).isDirectory() ? newestUnder(input) : fs.existsSync(input) ? fs.statSync(input).mtimeMs : 0) > built);
}

/**
 * Deletes what the previous bundle recorded and this one did not write (chunks with other hashes).
 * @param {string} distDir
 * @param {string[]} current outputs of this bundle, relative to dist/
 */
function removePreviousOutputs(distDir, current) {
  const record = readRecord(distDir);
  if (record === null) return;
  const kept = new Set(current);
  for (const file of record.outputs) if (!kept.has(file)) fs.rmSync(path.join(distDir, file), { force: true });
}

/**
 * Records the files this bundle wrote (relative to dist/).
 * @param {string} distDir
 * @param {string[]} outputs
 */
function writeRecord(distDir, outputs) {
  fs.writeFileSync(path.join(distDir, RECORD), `${JSON.stringify({ outputs: [...outputs].sort() }, null, 2)}\n`);
}

/** @param {string} distDir @returns {{ outputs: string[] } | null} */
function readRecord(distDir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(distDir, RECORD), 'utf8'));
  } catch {
    return null;
  }
}

module.exports = { isStale, removePreviousOutputs, writeRecord };
