'use strict';
// Jest's globalSetup: refreshes the bundles of @toolwright/core and @toolwright/scanner when
// their sources changed since the last bundle. The scanner's transformer, which ts-jest runs on
// every test file, loads core by name, and so from core's bundle: after an edit to core's
// sources followed by only `tsc -b`, it would otherwise embed schemas made by the old code.
// A package that fails to bundle (a half-edited source) is reported, not fatal: its tests then
// show the compile error themselves.
const path = require('path');
const { bundlePackage } = require('./bundle-package');

const ROOT = path.join(__dirname, '..', '..');

module.exports = async function refreshCoreBundles() {
  for (const dir of ['packages/core', 'packages/scanner']) {
    try {
      const outcome = await bundlePackage(path.join(ROOT, dir), { force: false });
      if (outcome === 'built') process.stdout.write(`\nbundle: refreshed ${dir} (its sources changed since the last bundle)\n`);
    } catch (error) {
      process.stderr.write(`\nbundle: could not refresh ${dir}: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
};
