import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ToolTimeoutError, type ToolContext, type ToolResult } from '@toolwright/core';
import { McpCallError } from '../errors/mcp-call.error';
import { boundedText } from '../shared/bounded-text';
import { outputSchemaProblem } from '../shared/output-validation';
import type { McpConnection } from './mcp-connection';
import type { McpToolInfo } from './mcp-toolset-options';
import { progressResult, toolResultFromMcp } from './result-mapping';
import { sdkTimeout } from './sdk-timeout';

/** What one call needs from its toolset. @internal */
export interface CallSite {
  server: string;
  connection: McpConnection;
  timeoutMs: number;
  /** The client to call on: connected, and with the tools re-listed if the connection was renewed. */
  clientFor(info: McpToolInfo): Promise<Client>;
}

/**
 * Sends one `tools/call` (by the server's own name) and maps the answer. Progress notifications
 * become `tool_progress`; the run's cancellation (the call's signal) sends
 * `notifications/cancelled`. A failure is reported, never retried: a timeout is a
 * `ToolTimeoutError`, anything else an `McpCallError` saying whether the call may have taken
 * effect. @internal
 */
export async function callMcpTool(site: CallSite, info: McpToolInfo, exposedName: string, args: Record<string, unknown>, ctx: ToolContext<any>): Promise<ToolResult> {
  const signal: AbortSignal | undefined = ctx?.signal;
  let client = await site.clientFor(info);
  const progress = site.connection.progressToken((update) => ctx?.emit?.(progressResult(update)));
  const send = (on: Client) =>
    on.callTool({ name: info.name, arguments: args, _meta: { progressToken: progress.token } }, undefined, { timeout: sdkTimeout(site.timeoutMs), signal });
  let answer;
  try {
    try {
      answer = await send(client);
    } catch (error) {
      // 404: the HTTP session is gone and the request was not processed (MCP's streamable HTTP
      // rules), so this is not a repeat: start a new session and send the call there, once.
      if (!(error instanceof StreamableHTTPError && error.code === 404) || signal?.aborted) throw error;
      await site.connection.drop(client, 'the HTTP session expired (404)');
      client = await site.clientFor(info);
      answer = await send(client);
    }
  } catch (error) {
    if (signal?.aborted) throw signal.reason ?? error;
    throw await callFailure(site, client, info, exposedName, ctx?.callId ?? '', error);
  } finally {
    // Notifications read with the answer are handled a microtask before this continuation.
    progress.release();
  }
  // A server on protocol 2024-10-07 or older answers with `toolResult` instead of content blocks.
  const result: CallToolResult = Array.isArray(answer.content)
    ? (answer as CallToolResult)
    : { content: [{ type: 'text', text: JSON.stringify(answer.toolResult) ?? '' }] };
  if (info.outputSchema && !result.isError) {
    const structured = result.structuredContent;
    const problem =
      structured === undefined ? 'it declares an output schema but the result has no structuredContent' : outputSchemaProblem(info.outputSchema, structured);
    if (problem) {
      throw new McpCallError(
        `The MCP server "${site.server}" answered the call to "${info.name}" with output that does not match the tool's output schema: ${boundedText(problem, 1000)}.`,
        site.server,
        info.name,
      );
    }
  }
  return toolResultFromMcp(result, { server: site.server, tool: info.name, hasOutputSchema: info.outputSchema !== undefined });
}

async function callFailure(site: CallSite, client: Client, info: McpToolInfo, exposedName: string, callId: string, error: unknown): Promise<Error> {
  if (error instanceof McpError) {
    if (error.code === ErrorCode.RequestTimeout) return new ToolTimeoutError(exposedName, callId, sdkTimeout(site.timeoutMs));
    if (error.code === ErrorCode.ConnectionClosed) {
      return new McpCallError(
        `The MCP server "${site.server}" closed the connection during the call to "${info.name}". The call may or may not have taken effect; it was not repeated. ` +
          `The server is reconnected on the next call or turn. ${site.connection.diagnostics()}`.trim(),
        site.server,
        info.name,
        error.code,
        error,
      );
    }
    if (error.message.includes('does not match the tool') || error.message.includes('did not return structured content')) {
      return new McpCallError(`The MCP server "${site.server}" answered the call to "${info.name}" with output that does not match the tool's output schema: ${boundedText(error.message, 1000)}.`, site.server, info.name, error.code, error);
    }
    return new McpCallError(`The MCP server "${site.server}" refused the call to "${info.name}": ${boundedText(mcpMessage(error), 2000)}`, site.server, info.name, error.code, error);
  }
  // The request did not get through (an HTTP server gone, its session expired): the connection
  // is renewed on next use, and this call is reported as failed.
  const message = (error as { message?: unknown } | null)?.message;
  const reason = typeof message === 'string' ? message : String(error);
  await site.connection.drop(client, reason);
  return new McpCallError(
    `The call to "${info.name}" on the MCP server "${site.server}" failed in transport: ${boundedText(reason, 500)}. It may or may not have reached the server; it was not repeated.`,
    site.server,
    info.name,
    undefined,
    error,
  );
}

/** An McpError's message, with the "MCP error -32602: " prefix once (an SDK server sends it already prefixed). */
function mcpMessage(error: McpError): string {
  return error.message.replace(/^(MCP error -?\d+: )\1/, '$1');
}
