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
    return toToolResult(await interceptors[i]!.intercept(invocation, () => dispatch(i + 1)));
  };
  return dispatch(0);
}
