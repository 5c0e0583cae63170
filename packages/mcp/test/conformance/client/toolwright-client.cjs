#!/usr/bin/env node
// The client program the MCP conformance suite runs for each client scenario
// (`conformance client --command "node toolwright-client.cjs"`): the suite starts a scenario's
// server (and authorization server), appends its URL, and names the scenario in
// MCP_CONFORMANCE_SCENARIO (credentials, when it has some for us, in MCP_CONFORMANCE_CONTEXT).
// The program hands the scenario to the test that started the suite (the ClientGate listening on
// TOOLWRIGHT_CONFORMANCE_GATE), which has it played with McpToolset (client-host-main.cjs) when its
// turn comes, and relays what the client printed and how it ended: the program prints the same
// lines and exits with the same code. It loads nothing but Node's net module, so the suite's
// twenty-odd client programs cost a small process each.
'use strict';
const net = require('node:net');

function main() {
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO;
  const url = process.argv[2];
  const gate = process.env.TOOLWRIGHT_CONFORMANCE_GATE;
  if (!scenario || !url || !gate) {
    console.error('usage: TOOLWRIGHT_CONFORMANCE_GATE=<socket> MCP_CONFORMANCE_SCENARIO=<scenario> node toolwright-client.cjs <server-url> (run by client-conformance.test.ts)');
    process.exit(2);
  }
  const context = process.env.MCP_CONFORMANCE_CONTEXT ? JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT) : {};
  const socket = net.connect(gate);
  socket.setEncoding('utf8');
  let buffer = '';
  socket.on('data', (chunk) => {
    buffer += chunk;
    for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
      const message = JSON.parse(buffer.slice(0, newline));
      buffer = buffer.slice(newline + 1);
      if ('out' in message) process.stdout.write(`${message.out}\n`);
      else if ('err' in message) process.stderr.write(`${message.err}\n`);
      else if ('exit' in message) process.exit(message.exit);
    }
  });
  socket.once('error', (error) => {
    console.error(`the test's gate could not be reached: ${error.message}`);
    process.exit(1);
  });
  socket.once('close', () => {
    console.error('the test closed the gate before the scenario ended');
    process.exit(1);
  });
  socket.write(`${JSON.stringify({ scenario, url, context })}\n`);
}

main();
