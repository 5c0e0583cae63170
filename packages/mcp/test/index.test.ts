import * as api from '../src';
import * as nest from '../src/nestjs';

describe('@toolwright/mcp public surface', () => {
  it('exports exactly these runtime names', () => {
    expect(Object.keys(api).sort()).toEqual(
      [
        // Client
        'McpToolset',
        // OAuth
        'McpOAuthProvider',
        // Server
        'serveMcp', 'createMcpHttpHandler', 'McpApprovals', 'MemoryEventStore',
        // Resources and prompts on toolkit classes
        'Resource', 'ResourceTemplate', 'Prompt',
        // Tool proxy
        'ToolProxyToolset', 'keywordSearch',
        // Annotations and output schemas
        'toolAnnotationsFromMcp', 'mcpAnnotationsForTool', 'destructiveByAnnotations', 'outputSchemaOf',
        // Errors
        'McpConnectionError', 'McpCallError', 'McpAuthorizationError',
      ].sort(),
    );
  });

  it('exports the Nest mount from the nestjs entry point', () => {
    expect(Object.keys(nest).sort()).toEqual(['MCP_MODULE_OPTIONS', 'McpEndpoint', 'McpModule']);
  });
});
