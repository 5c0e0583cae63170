import type { ToolContext } from './tool-context';
import type { ToolRef as Tool, ToolResultRef as ToolResult } from './class-refs';

/** The call an interceptor wraps. */
export interface ToolInvocation<TArgs = any> {
  tool: Tool;
  args: TArgs;
  ctx: ToolContext<any>;
}

/**
 * Wraps a tool call, as NestJS interceptors wrap handlers: call `next()` to proceed (possibly
 * more than once, to retry), transform its result, or return a result without calling it.
 */
export interface ToolInterceptor {
  intercept(invocation: ToolInvocation, next: () => Promise<ToolResult>): Promise<ToolResult>;
}
