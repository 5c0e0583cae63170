import { errorMessage } from '../errors/error-message';
import { capMessage, echo, prefixOf } from '../limits/bounded-text';
import { TOOLWRIGHT_LIMITS } from '../limits/limits';
import { ToolCallError } from '../errors/tool-call.error';
import { ToolResult } from '../result/tool-result';
import type { Tool, ToolContext } from '../contracts/tool';

/** The text the model sees when a tool without a custom `failureError` throws. */
export function defaultToolErrorText(toolName: string, error: unknown): string {
  return capMessage(`An error occurred while running the tool "${echo(toolName)}". Please try again. Error: ${prefixOf(errorMessage(error), TOOLWRIGHT_LIMITS.maxMessageLength)}`);
}

/**
 * Turns a tool's error into the call's output through `failureError` (default text, custom
 * function), or, with `failureError: null`, into a fatal `ToolCallError`. @internal
 */
export function failureResult(tool: Tool, error: unknown, ctx: ToolContext<any>): ToolResult {
  if (tool.failureError === null) {
    throw new ToolCallError(
      `Tool "${tool.name}" (call ${ctx.callId}) failed: ${errorMessage(error)}. ` +
        'The tool has `failureError: null`, so its errors end the run; give it a failureError function (or leave it unset) to report errors to the model instead.',
      tool.name,
      ctx.callId,
      error,
    );
  }
  if (!tool.failureError) return ToolResult.error(defaultToolErrorText(tool.name, error));
  let text: string;
  try {
    text = String(tool.failureError(error, ctx));
  } catch (failure) {
    throw new ToolCallError(
      `The failureError function of tool "${tool.name}" threw while handling an error of call ${ctx.callId}: ${errorMessage(failure)}. ` +
        'A failureError function must return the text for the model.',
      tool.name,
      ctx.callId,
      failure,
    );
  }
  return ToolResult.error(text);
}

