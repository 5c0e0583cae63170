import type { ArgumentsHost } from '@nestjs/common';
import { UserError, type ToolContext } from '@toolwright/core';

/** The execution context type of a tool call, as `context.getType()` returns it. */
export type ToolwrightContextType = 'toolwright';

/** `'toolwright'`: what `getType()` returns in a guard, interceptor, pipe or filter run for a tool call. */
export const TOOLWRIGHT_CONTEXT_TYPE: ToolwrightContextType = 'toolwright';

/**
 * Whether a Nest guard, interceptor or filter runs for a tool call rather than an HTTP request
 * (or a GraphQL or RPC handler).
 *
 * @example
 * canActivate(context: ExecutionContext) {
 *   if (isToolCall(context)) return this.mayUseTool(ToolwrightExecutionContext.create(context));
 *   return this.mayUseRoute(context.switchToHttp().getRequest());
 * }
 */
export function isToolCall(host: ArgumentsHost): boolean {
  return host.getType<string>() === TOOLWRIGHT_CONTEXT_TYPE;
}

/**
 * A tool call's view of a Nest `ExecutionContext` / `ArgumentsHost`, as `GqlExecutionContext` is
 * GraphQL's. The context's arguments are `[args, toolContext]`: the validated argument object
 * and the call's `ToolContext` (so `switchToRpc().getData()` / `getContext()` read them too).
 *
 * @example
 * const call = ToolwrightExecutionContext.create(context);
 * const { tenant } = call.getContext<ChatContext>();
 * const amount = call.getArgs<{ amount: number }>().amount;
 */
export class ToolwrightExecutionContext {
  private constructor(private readonly host: ArgumentsHost) {}

  /** Wraps the context of a tool call. @throws UserError for any other kind of context. */
  static create(host: ArgumentsHost): ToolwrightExecutionContext {
    if (!isToolCall(host)) {
      throw new UserError(
        `ToolwrightExecutionContext.create(context): this is a "${host.getType()}" context, not a tool call. ` +
          'Fix: check isToolCall(context) first, and handle HTTP requests (or other handlers) separately.',
      );
    }
    return new ToolwrightExecutionContext(host);
  }

  /** The validated arguments the model sent (optional fields absent, `Date` fields revived). */
  getArgs<T = Record<string, unknown>>(): T {
    return this.host.getArgByIndex<T>(0);
  }

  /** The call's `ToolContext`: tool name, call id, signal, the run context, `emit`. */
  getToolContext<TContext = unknown>(): ToolContext<TContext> {
    return this.host.getArgByIndex<ToolContext<TContext>>(1);
  }

  /** The run context passed to `runner.run(agent, input, { context })` (who asks, for which tenant). */
  getContext<TContext = unknown>(): TContext {
    return this.getToolContext<TContext>().context;
  }

  /** The name of the tool being called. */
  getToolName(): string {
    return this.getToolContext().toolName;
  }

  /** The id of the call, as the model gave it. */
  getCallId(): string {
    return this.getToolContext().callId;
  }
}
