import type { RunContext, Tool } from '@toolwright/core';
import { McpToolset, serveMcp } from '@toolwright/mcp';
import { temperatureTool } from '../fixtures/demo-tools';

jest.setTimeout(60_000);

const ctx = { context: undefined, usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 } } as RunContext;

describe('serveMcp and a tool offered only as a provider built-in (native.form "native")', () => {
  it('lists its function stand-in and leaves the built-in-only tool out', async () => {
    const builtInOnly: Tool = { ...temperatureTool(), name: 'shell', native: { type: 'shell', when: 'auto', form: 'native' } };
    const standIn: Tool = { ...temperatureTool(), name: 'exec_command', native: { type: 'shell', when: 'auto', form: 'function' } };
    const server = await serveMcp([standIn, builtInOnly, temperatureTool()], { name: 'demo', version: '1.0.0', transport: { port: 0 } });
    const remote = new McpToolset({ name: 'demo', transport: { url: server.url! } });
    try {
      await remote.connect();
      expect((await remote.tools(ctx)).map((t) => t.name)).toEqual(['exec_command', 'temperature']);
    } finally {
      await remote.close();
      await server.close();
    }
  });
});
