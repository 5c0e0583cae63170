// Starts the conformance server: the toolkits of conformance-toolkits.ts served by serveMcp over
// streamable HTTP on a free loopback port. Also runnable on its own:
//   npx ts-node packages/mcp/test/conformance/server/conformance-server.ts
import { serveMcp, type McpServerHandle } from '@toolwright/mcp';
import { ConformancePrompts, ConformanceResources, ConformanceTools, jsonSchema2020Tool } from './conformance-toolkits';

export function startConformanceServer(port = 0): Promise<McpServerHandle> {
  return serveMcp([new ConformanceTools(), jsonSchema2020Tool, new ConformanceResources(), new ConformancePrompts()], {
    name: 'toolwright-conformance-server',
    version: '1.0.0',
    // A call running longer than 100 ms lets go of its stream (test_reconnection takes 400 ms).
    transport: { port, pollingAfterMs: 100, retryMs: 500 },
  });
}
