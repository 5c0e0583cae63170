import { Agent, Runner, ScriptedModel } from '@toolwright/core';
import { McpOAuthProvider, McpToolset } from '@toolwright/mcp';
import { startLocalServers } from './local-servers';

/**
 * The user's side of the sign-in. A real app opens `url` in a browser and resolves with the URL
 * its callback route receives; here the "browser" follows the authorization server's redirect
 * (its user consents at once), so the example runs headless.
 */
async function authorize(url: URL): Promise<string> {
  console.log(`Sign in at: ${url.origin}${url.pathname} (PKCE ${url.searchParams.get('code_challenge_method')}, resource ${url.searchParams.get('resource')})`);
  const response = await fetch(url, { redirect: 'manual' });
  const callback = response.headers.get('location');
  if (!callback) throw new Error(`the authorization server answered ${response.status} without sending the user back`);
  console.log('Signed in; the callback came back with a code.');
  return callback;
}

async function main(): Promise<void> {
  const servers = await startLocalServers();
  const auth = new McpOAuthProvider({ redirectUrl: 'http://127.0.0.1:8765/callback', authorize, clientName: 'mcp-oauth example' });
  const notes = new McpToolset({ name: 'notes', transport: { url: servers.mcpUrl, authProvider: auth } });
  try {
    const model = new ScriptedModel([{ toolCalls: [{ name: 'whoami', arguments: {} }] }, { text: 'The server knows who I am.' }]);
    const agent = new Agent({ name: 'assistant', instructions: 'Use the notes server.', tools: [notes] });
    const result = await new Runner({ model }).run(agent, 'Am I signed in?');
    for (const item of result.newItems) {
      if (item.type === 'function_call_output') console.log(`whoami → ${typeof item.output === 'string' ? item.output : JSON.stringify(item.output)}`);
    }
    console.log(`Answer: ${result.finalOutput}`);
    console.log(`Tokens kept by the provider: ${(await auth.tokens()) ? 'yes' : 'no'}`);
  } finally {
    await notes.close();
    await servers.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
