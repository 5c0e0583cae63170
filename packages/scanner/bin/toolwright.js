#!/usr/bin/env node
// Committed entry point of the `toolwright` bin: it exists before the first build, so that
// `npm ci` links it; the command itself is compiled to dist/cli.js.
'use strict';
try {
  require.resolve('../dist/cli.js');
} catch {
  process.stderr.write('toolwright: @toolwright/scanner is not built yet — run `npm run build` first\n');
  process.exit(2);
}
require('../dist/cli.js');
