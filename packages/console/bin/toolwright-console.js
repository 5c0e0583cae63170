#!/usr/bin/env node
// Committed entry point of the `toolwright-console` bin: it exists before the first build, so
// that `npm ci` links it; the command itself is runConsoleCli of the package's build.
'use strict';
let consolePackage;
try {
  consolePackage = require('../dist/index.js');
} catch (error) {
  if (error && error.code === 'MODULE_NOT_FOUND' && String(error.message).includes('dist/index.js')) {
    process.stderr.write('toolwright-console: @toolwright/console is not built yet — run `npm run build` first\n');
    process.exit(2);
  }
  throw error;
}
consolePackage.runConsoleCli(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0) process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`toolwright-console: ${error && error.message ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
