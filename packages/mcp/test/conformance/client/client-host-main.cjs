// Plays the client side of the MCP conformance suite's client scenarios for the test
// (client-conformance.test.ts), which forks this program once per run of the suite and sends it
// each scenario the suite hands to a client program: `{ id, scenario, url, context }`. It answers
// with what the client printed (`{ id, out }`, `{ id, err }`) and how it ended (`{ id, done }` or
// `{ id, error }`). One process plays every scenario, on the built packages (dist), as an
// application would use them: an agent whose scripted model calls every tool the server lists,
// the OAuth of McpOAuthProvider with a headless `authorize` hook (it follows the authorization
// server's redirect instead of opening a browser), and an elicitation handler that accepts with no
// content, so the requested schema's defaults apply.
'use strict';
const { Agent, Runner, ScriptedModel } = require('@toolwright/core');
const { McpOAuthProvider, McpToolset } = require('@toolwright/mcp');

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

/** Plays one scenario; `log` and `warn` are the client program's stdout and stderr. */
async function play({ scenario, url, context }, log, warn) {
  const toolset = new McpToolset({
    name: 'conformance',
    transport: { url, protocol: 'streamable-http', authProvider: authProviderFor(scenario, context) },
    clientInfo: { name: 'toolwright-conformance', version: '0.1.0' },
    maxRetryAttempts: 0,
    requireApproval: false,
    elicitation: async (request) => {
      log(`elicitation: ${request.message}`);
      return { action: 'accept', content: {} };
    },
    onWarning: (message) => warn(message),
  });
  try {
    await toolset.connect();
    const tools = await toolset.listServerTools();
    log(`tools: ${tools.map((t) => t.name).join(', ') || '(none)'}`);
    const model = new ScriptedModel([
      { toolCalls: tools.map((tool) => ({ name: tool.name, arguments: argumentsFor(tool) })) },
      { text: 'done' },
    ]);
    const agent = new Agent({ name: 'conformance', instructions: 'Call the tools.', tools: [toolset] });
    const result = await new Runner({ model, failureError: null }).run(agent, 'Call every tool.');
    for (const item of result.newItems) {
      if (item.type === 'function_call_output') log(`${item.callId}: ${JSON.stringify(item.output).slice(0, 300)}`);
    }
    log(`run: ${result.status}`);
  } finally {
    await toolset.close();
  }
}

process.on('message', (request) => {
  const send = (message) => process.connected && process.send({ id: request.id, ...message });
  play(request, (line) => send({ out: line }), (line) => send({ err: line })).then(
    () => send({ done: true }),
    (error) => send({ error: error && error.stack ? error.stack : String(error) }),
  );
});
// The test disconnects when the suite's run is over; scenarios still open (timed out) end with it.
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
