import { ToolTimeoutError } from '../errors/tool-timeout.error';
import { toToolResult, type ToolResult } from '../result/tool-result';
import type { Tool, ToolContext } from '../tool/tool';
import type { CallRecord } from './call-record';

/**
 * The innermost stage: runs the tool and wraps what it returns. With `timeoutMs`, the call fails
 * with `ToolTimeoutError` when the time is up, whether or not the tool honours its signal; the
 * signal is aborted and a late result or rejection is dropped (it never becomes an unhandled
 * rejection, because this function keeps listening to it). @internal
 */
export function invokeTool(tool: Tool, ctx: ToolContext<any>, args: unknown, record: CallRecord): Promise<ToolResult> {
  let value: unknown;
  try {
    value = tool.invoke(ctx, args);
  } catch (error) {
    return Promise.reject(error);
  }
  if (!isThenable(value)) return Promise.resolve(toToolResult(value));
  const timeoutMs = tool.timeoutMs;
  if (timeoutMs === undefined || timeoutMs <= 0 || !Number.isFinite(timeoutMs)) return Promise.resolve(value).then(toToolResult);
  return new Promise<ToolResult>((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new ToolTimeoutError(tool.name, ctx.callId, timeoutMs);
      record.abort(error);
      reject(error);
    }, timeoutMs);
    value.then(
      (v) => {
        clearTimeout(timer);
        resolve(toToolResult(v));
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Whether `value` has a `then` method (a promise or another thenable). @internal */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
