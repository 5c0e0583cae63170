#!/usr/bin/env node
// The client program the MCP conformance suite runs for each client scenario
// (`conformance client --command "node toolwright-client.cjs"`): the suite starts a scenario's
// server (and authorization server), appends its URL, and names the scenario in
// MCP_CONFORMANCE_SCENARIO (credentials, when it has some for us, in MCP_CONFORMANCE_CONTEXT).
// Everything goes through McpToolset as an application would use it: an agent whose scripted model
// calls every tool the server lists, the OAuth of McpOAuthProvider with a headless `authorize`
// hook (it follows the authorization server's redirect instead of opening a browser), and an
// elicitation handler that accepts with no content, so the requested schema's defaults apply.
// Built packages (dist) are required: run `npm run build` first (npm test builds everything).
// When the test runs the whole suite in one CLI process, TOOLWRIGHT_CONFORMANCE_GATE names the
// test's gate (client-gate.ts): the program waits there for its turn, before loading Toolwright.
'use strict';
const net = require('node:net');

const CIMD_URL = 'https://conformance-test.local/client-metadata.json';
const REDIRECT_URL = 'http://localhost:3000/callback';

/** The sign-in a browser would do: follow the authorization endpoint's redirect to our callback. */
async function headlessAuthorize(authorizationUrl) {
  const response = await fetch(authorizationUrl, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (!location) throw new Error(`the authorization endpoint answered ${response.status} without a redirect`);
  return location;
}

function authProviderFor(scenario, context) {
  if (!scenario.startsWith('auth/')) return undefined;
  const { McpOAuthProvider } = require('@toolwright/mcp');
  if (scenario === 'auth/client-credentials-basic') {
    return new McpOAuthProvider({ clientId: context.client_id, clientSecret: context.client_secret });
  }
  if (scenario === 'auth/client-credentials-jwt') {
    return new McpOAuthProvider({ clientId: context.client_id, privateKey: context.private_key_pem, algorithm: context.signing_algorithm || 'ES256' });
  }
  const signIn = { redirectUrl: REDIRECT_URL, authorize: headlessAuthorize, clientName: 'toolwright-conformance' };
  if (scenario === 'auth/pre-registration') {
    return new McpOAuthProvider({ ...signIn, clientId: context.client_id, clientSecret: context.client_secret });
  }
  return new McpOAuthProvider({ ...signIn, clientMetadataUrl: CIMD_URL });
}

/** Arguments that satisfy a tool's input schema: its required properties, with small values. */
function argumentsFor(tool) {
  const properties = tool.inputSchema.properties || {};
  const args = {};
  for (const name of tool.inputSchema.required || []) {
    const type = (properties[name] || {}).type;
    args[name] = type === 'number' || type === 'integer' ? 2 : type === 'boolean' ? true : type === 'object' ? {} : type === 'array' ? [] : 'text';
  }
  return args;
}

/**
 * Waits for the gate's answer, `run` or `skip` (`run` at once without a gate), and gives the way to
 * report the exit code to it.
 */
function passGate(scenario) {
  const path = process.env.TOOLWRIGHT_CONFORMANCE_GATE;
  if (!path) return Promise.resolve({ verdict: 'run', report: (_code, done) => done() });
  return new Promise((resolve, reject) => {
    const socket = net.connect(path);
    socket.setEncoding('utf8');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
      if (answer.includes('\n')) resolve({ verdict: answer.trim(), report: (code, done) => socket.end(`exit ${code}\n`, done) });
    });
    socket.once('error', reject);
    socket.write(`${JSON.stringify({ scenario })}\n`);
  });
}

async function main(scenario, url) {
  const { Agent, Runner, ScriptedModel } = require('@toolwright/core');
  const { McpToolset } = require('@toolwright/mcp');
  const context = process.env.MCP_CONFORMANCE_CONTEXT ? JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT) : {};
  const toolset = new McpToolset({
    name: 'conformance',
    transport: { url, protocol: 'streamable-http', authProvider: authProviderFor(scenario, context) },
    clientInfo: { name: 'toolwright-conformance', version: '0.1.0' },
    maxRetryAttempts: 0,
    requireApproval: false,
    elicitation: async (request) => {
      console.log(`elicitation: ${request.message}`);
      return { action: 'accept', content: {} };
    },
    onWarning: (message) => console.warn(message),
  });
  try {
    await toolset.connect();
    const tools = await toolset.listServerTools();
    console.log(`tools: ${tools.map((t) => t.name).join(', ') || '(none)'}`);
    const model = new ScriptedModel([
      { toolCalls: tools.map((tool) => ({ name: tool.name, arguments: argumentsFor(tool) })) },
      { text: 'done' },
    ]);
    const agent = new Agent({ name: 'conformance', instructions: 'Call the tools.', tools: [toolset] });
    const result = await new Runner({ model, failureError: null }).run(agent, 'Call every tool.');
    for (const item of result.newItems) {
      if (item.type === 'function_call_output') console.log(`${item.callId}: ${JSON.stringify(item.output).slice(0, 300)}`);
    }
    console.log(`run: ${result.status}`);
  } finally {
    await toolset.close();
  }
}

async function start() {
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO;
  const url = process.argv[2];
  if (!scenario || !url) throw new Error('usage: MCP_CONFORMANCE_SCENARIO=<scenario> node toolwright-client.cjs <server-url>');
  const gate = await passGate(scenario);
  if (gate.verdict === 'skip') {
    console.log(`skipped: the test does not run ${scenario}`);
    return gate.report(0, () => process.exit(0));
  }
  // Once admitted, the program bounds itself (the suite's own bound also covers the wait at the
  // gate); a timed-out client reports no exit code, which fails the scenario.
  const timeoutMs = Number(process.env.TOOLWRIGHT_CONFORMANCE_TIMEOUT_MS || 0);
  if (timeoutMs > 0) {
    setTimeout(() => {
      console.error(`timed out after ${timeoutMs} ms`);
      process.exit(124);
    }, timeoutMs).unref();
  }
  await main(scenario, url).then(
    () => gate.report(0, () => process.exit(0)),
    (error) => {
      console.error(error && error.stack ? error.stack : String(error));
      gate.report(1, () => process.exit(1));
    },
  );
}

start().catch((error) => {
  console.error(error && error.stack ? error.stack : String(error));
  process.exit(1);
});
