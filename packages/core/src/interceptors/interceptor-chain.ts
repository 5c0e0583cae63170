import { markFatalError } from '../errors/fatal-errors';
import { UserError } from '../errors/user.error';
import { toToolResult, type ToolResult } from '../result/tool-result';
import type { ToolInterceptor, ToolInvocation } from '../contracts/tool-interceptor';

/**
 * Runs `invoke` inside the interceptors, outermost first (runner-level, then the tool's): each
 * interceptor's `next()` calls the next one, the last `next()` calls `invoke`. An interceptor may
 * call `next()` again to retry, skip it to short-circuit, or change what it returns.
 */
export function runInterceptors(
  interceptors: readonly ToolInterceptor[],
  invocation: ToolInvocation,
  invoke: () => Promise<ToolResult>,
): Promise<ToolResult> {
  if (interceptors.length === 0) return invoke();
  const dispatch = async (i: number): Promise<ToolResult> => {
    if (i === interceptors.length) return invoke();
    const interceptor = interceptors[i]!;
    const next = (() => dispatch(i + 1)) as (() => Promise<ToolResult>) & { handle?: () => never };
    next.handle = () => nestInterceptorMixUp(interceptor, invocation);
    return toToolResult(await interceptor.intercept(invocation, next));
  };
  return dispatch(0);
}

/**
 * A NestJS interceptor (`intercept(context, next)` calling `next.handle()`) given where a
 * Toolwright `ToolInterceptor` belongs — usually `@UseInterceptors` auto-imported from
 * `@toolwright/core` instead of `@nestjs/common`. Ends the run: the model cannot fix it.
 */
function nestInterceptorMixUp(interceptor: ToolInterceptor, invocation: ToolInvocation): never {
  const name = (interceptor as object).constructor?.name;
  const named = name && name !== 'Object' ? `${name} ` : '';
  throw markFatalError(
    new UserError(
      `The interceptor ${named}of tool "${invocation.tool.name}" called next.handle(): it is a NestJS interceptor, given as a Toolwright ToolInterceptor ` +
        "(@UseInterceptors of '@toolwright/core', a tool's interceptors, or the Runner's). Fix: put NestJS interceptors in @UseInterceptors imported from '@nestjs/common'; " +
        'a ToolInterceptor implements intercept(invocation, next) and calls next() without .handle.',
    ),
  );
}
