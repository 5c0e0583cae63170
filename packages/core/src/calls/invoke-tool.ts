import { ToolTimeoutError } from '../errors/tool-timeout.error';
import { toToolResult, type ToolResult } from '../result/tool-result';
import type { Tool, ToolContext } from '../contracts/tool';
import type { CallRecord } from './call-record';
import { effectiveTimeLimit } from '../limits/time-limit';
import { isThenable } from '../util/is-thenable';

/**
 * The innermost stage: runs the tool and wraps what it returns. Everything the tool does happens
 * inside the returned promise's error handling: throwing anything, returning a value that cannot
 * be converted (a function, a BigInt, a cycle), rejecting with anything. With a time limit (the
 * tool's `timeoutMs`, else `defaultTimeoutMs`; `Infinity` for none) the call fails with
 * `ToolTimeoutError` when the time is up, whether or not the tool honours its signal; the signal
 * is aborted, and a late result or rejection is dropped without being converted (this function
 * keeps listening to it, so it never becomes an unhandled rejection). @internal
 */
export function invokeTool(tool: Tool, ctx: ToolContext<any>, args: unknown, record: CallRecord, defaultTimeoutMs: number): Promise<ToolResult> {
  let value: unknown;
  try {
    value = tool.invoke(ctx, args);
    if (!isThenable(value)) return Promise.resolve(toToolResult(value));
  } catch (error) {
    return Promise.reject(error);
  }
  return awaitToolValue(tool, ctx, value as PromiseLike<unknown>, record, defaultTimeoutMs);
}

/**
 * The second half of {@link invokeTool}, for a tool that returned a thenable: waits for it under
 * the call's time limit and converts what it settles with. @internal
 */
export function awaitToolValue(tool: Tool, ctx: ToolContext<any>, value: PromiseLike<unknown>, record: CallRecord, defaultTimeoutMs: number): Promise<ToolResult> {
  const timeoutMs = effectiveTimeLimit(tool.timeoutMs, defaultTimeoutMs);
  if (timeoutMs === Infinity) return Promise.resolve(value).then(toToolResult);
  const pending = value;
  return new Promise<ToolResult>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      const error = new ToolTimeoutError(tool.name, ctx.callId, timeoutMs);
      record.abort(error);
      reject(error);
    }, timeoutMs);
    // An aborted call (run cancelled or failed) is abandoned: its timer must not hold the process.
    record.whenAborted((reason) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(reason);
    });
    const settle = (outcome: () => ToolResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      try {
        resolve(outcome());
      } catch (error) {
        reject(error);
      }
    };
    // `then` of a foreign thenable may itself throw, or call back twice: both are absorbed.
    try {
      pending.then(
        (v) => settle(() => toToolResult(v)),
        (error: unknown) =>
          settle(() => {
            throw error;
          }),
      );
    } catch (error) {
      settle(() => {
        throw error;
      });
    }
  });
}
