import { randomUUID } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** The requested schema `ask_name` sends: two fields with defaults and one without. */
export const NAME_FORM = {
  type: 'object' as const,
  properties: {
    name: { type: 'string' as const, default: 'Ada' },
    age: { type: 'integer' as const, default: 36 },
    nickname: { type: 'string' as const },
  },
};

/**
 * An MCP server (the SDK's low-level `Server`, streamable HTTP with sessions, in this process)
 * whose tools talk back to the client: `ask_name` elicits a form, `summarize` asks the client's
 * model (sampling), `list_roots` asks for roots, `client_capabilities` shows what the client
 * declared. Each answers with what the client answered, as JSON text.
 */
export class TalkingServer {
  private http?: HttpServer;
  private readonly sessions = new Map<string, StreamableHTTPServerTransport>();
  url = '';

  async start(): Promise<void> {
    const app = express();
    app.use(express.json());
    app.all('/mcp', async (req, res) => {
      const id = req.headers['mcp-session-id'];
      let transport = typeof id === 'string' ? this.sessions.get(id) : undefined;
      if (!transport) {
        const created: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (sessionId) => void this.sessions.set(sessionId, created),
        });
        transport = created;
        await this.mcpServer().connect(created);
      }
      await transport.handleRequest(req, res, req.body);
    });
    this.http = await new Promise<HttpServer>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    this.url = `http://127.0.0.1:${(this.http.address() as AddressInfo).port}/mcp`;
  }

  async stop(): Promise<void> {
    for (const transport of this.sessions.values()) await transport.close();
    const http = this.http;
    if (!http) return;
    await new Promise<void>((resolve) => {
      http.close(() => resolve());
      http.closeAllConnections();
    });
  }

  private mcpServer(): Server {
    const server = new Server({ name: 'talking', version: '1.0.0' }, { capabilities: { tools: {} } });
    const noArgs = { type: 'object' as const, properties: {} };
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: ['ask_name', 'summarize', 'list_roots', 'client_capabilities'].map((name) => ({ name, description: name, inputSchema: noArgs })),
    }));
    server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
      const answer = async (): Promise<unknown> => {
        switch (request.params.name) {
          case 'ask_name':
            return server.elicitInput({ message: 'Who are you?', requestedSchema: NAME_FORM });
          case 'summarize':
            return server.createMessage({
              messages: [{ role: 'user', content: { type: 'text', text: 'Summarize: the cat sat on the mat.' } }],
              systemPrompt: 'Answer in five words.',
              maxTokens: 20,
            });
          case 'list_roots':
            return server.listRoots();
          default:
            return server.getClientCapabilities() ?? {};
        }
      };
      try {
        return { content: [{ type: 'text', text: JSON.stringify(await answer()) }] };
      } catch (error) {
        return { content: [{ type: 'text', text: `failed: ${error instanceof Error ? error.message : String(error)}` }], isError: true };
      }
    });
    return server;
  }
}
