import { All, Controller, Inject, Req, Res, type Type } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { McpEndpoint } from './mcp-endpoint.service';

/** What Express and Fastify hand a route: the Node request/response, or wrappers holding them in `raw`. */
type NodeRequest = IncomingMessage & { body?: unknown; raw?: IncomingMessage };
type NodeResponse = ServerResponse & { raw?: ServerResponse; hijack?: () => void };

/** A controller serving the MCP endpoint on `path` (GET, POST and DELETE). @internal */
export function mcpController(path: string): Type<unknown> {
  @Controller(path)
  class McpController {
    constructor(@Inject(McpEndpoint) private readonly endpoint: McpEndpoint) {}

    @All()
    async handle(@Req() req: NodeRequest, @Res() res: NodeResponse): Promise<void> {
      // Fastify: take over the raw response so that Fastify does not answer as well.
      res.hijack?.();
      const request = Object.assign(req.raw ?? req, { body: req.body });
      await this.endpoint.handle(request, res.raw ?? res);
    }
  }
  return McpController;
}
