// The OAuth and client-capability examples of the README, run as written there. Placeholders
// get concrete stand-ins: the MCP server behind OAuth is the local one of the OAuth tests,
// `openBrowserAndWaitForCallback` follows the authorization server's redirect, `askTheUser`
// answers the form, `model` is a ScriptedModel.
import { Agent, Runner, ScriptedModel } from '@toolwright/core';
import { McpOAuthProvider, McpToolset, type McpElicitationRequest, type McpOAuthState, type McpOAuthStore } from '@toolwright/mcp';
import { LocalOAuthServers } from './helpers/oauth-servers';
import { outputText } from './helpers/runs';
import { TalkingServer } from './helpers/talking-server';

jest.setTimeout(60_000);

async function callOnce(toolset: McpToolset, name: string): Promise<string> {
  const model = new ScriptedModel([{ toolCalls: [{ name, arguments: {}, callId: 'c1' }] }, { text: 'done' }]);
  return outputText(await new Runner({ model }).run(new Agent({ name: 'a', tools: [toolset] }), 'go'), 'c1');
}

describe('README client examples', () => {
  it('OAuth: McpOAuthProvider as transport.authProvider, with a store', async () => {
    const servers = new LocalOAuthServers();
    await servers.start();
    const rows = new Map<string, McpOAuthState>();
    const store: McpOAuthStore = { load: (key) => rows.get(key), save: (key, state) => void rows.set(key, state) };
    const openBrowserAndWaitForCallback = async (url: URL) => (await fetch(url, { redirect: 'manual' })).headers.get('location')!;
    try {
      // As in the README (the URL is the local server's).
      const auth = new McpOAuthProvider({
        redirectUrl: 'http://localhost:8765/callback',
        authorize: async (url) => openBrowserAndWaitForCallback(url),
        store,
        storeKey: 'docs',
      });
      const docs = new McpToolset({ name: 'docs', transport: { url: servers.mcpUrl, authProvider: auth } });
      try {
        expect(await callOnce(docs, 'whoami')).toBe('a signed-in user');
      } finally {
        await docs.close();
      }
      expect(rows.get('docs')?.tokens?.access_token).toEqual(expect.any(String));
    } finally {
      await servers.stop();
    }
  });

  it('client capabilities: elicitation, sampling and roots', async () => {
    const server = new TalkingServer();
    await server.start();
    const askTheUser = async (request: McpElicitationRequest): Promise<Record<string, string>> => (request.mode === 'url' ? {} : { name: 'Grace' });
    const model = new ScriptedModel([{ text: 'Cat on mat.' }]);
    try {
      // As in the README (the URL is the local server's).
      const helper = new McpToolset({
        name: 'helper',
        transport: { url: server.url },
        elicitation: async (request) => ({ action: 'accept', content: await askTheUser(request) }),
        sampling: model,
        roots: ['/srv/project'],
      });
      try {
        expect(JSON.parse(await callOnce(helper, 'ask_name'))).toEqual({ action: 'accept', content: { name: 'Grace', age: 36 } });
        expect(JSON.parse(await callOnce(helper, 'summarize')).content).toEqual({ type: 'text', text: 'Cat on mat.' });
        expect(JSON.parse(await callOnce(helper, 'list_roots'))).toEqual({ roots: [{ uri: 'file:///srv/project', name: 'project' }] });
      } finally {
        await helper.close();
      }
    } finally {
      await server.stop();
    }
  });
});
