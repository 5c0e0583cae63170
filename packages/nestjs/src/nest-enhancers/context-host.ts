import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { TOOLWRIGHT_CONTEXT_TYPE } from './toolwright-execution-context';

/**
 * The `ExecutionContext` of a tool call: arguments `[input, toolContext]`, the toolkit class,
 * the method, and the type `'toolwright'`. @internal
 */
export function toolCallContext(input: unknown, ctx: unknown, cls: Function, handler: Function): ExecutionContextHost {
  const host = new ExecutionContextHost([input, ctx], cls as never, handler as never);
  host.setType(TOOLWRIGHT_CONTEXT_TYPE);
  return host;
}
