#!/usr/bin/env node
// Committed entry point of the `toolwright` bin: it exists before the first build, so that
// `npm ci` links it; the command itself is runCli of the package's build (dist/index.js).
'use strict';
let scanner;
try {
  scanner = require('../dist/index.js');
} catch (error) {
  if (error && error.code === 'MODULE_NOT_FOUND' && String(error.message).includes('dist/index.js')) {
    process.stderr.write('toolwright: @toolwright/scanner is not built yet — run `npm run build` first\n');
    process.exit(2);
  }
  throw error;
}
process.exitCode = scanner.runCli(process.argv.slice(2));
