import { errorMessage } from '../errors/error-message';
import { capMessage, echo, prefixOf } from '../limits/bounded-text';
import { TOOLWRIGHT_LIMITS } from '../limits/limits';
import { ToolCallError } from '../errors/tool-call.error';
import { ToolResult } from '../result/tool-result';
import type { FailureErrorFunction, Tool, ToolContext } from '../contracts/tool';

/** The text the model sees when a tool without a custom `failureError` throws. */
export function defaultToolErrorText(toolName: string, error: unknown): string {
  return capMessage(`An error occurred while running the tool "${echo(toolName)}". Please try again. Error: ${prefixOf(errorMessage(error), TOOLWRIGHT_LIMITS.maxMessageLength)}`);
}

/** Where the failure policy of a call came from, for messages. @internal */
export type FailurePolicySource = 'tool' | 'agent' | 'runner';

/**
 * Turns a tool's error into the call's output through the first `failureError` that is set — the
 * tool's, else its agent's, else the host's (the Runner's) — as the default text, a custom
 * function's text, or, with `null`, a fatal `ToolCallError`. @internal
 */
export function failureResult(tool: Tool, error: unknown, ctx: ToolContext<any>, hostPolicy?: FailureErrorFunction | null): ToolResult {
  const agentPolicy = (ctx.agent as { failureError?: FailureErrorFunction | null } | undefined)?.failureError;
  const [policy, source]: [FailureErrorFunction | null | undefined, FailurePolicySource] =
    tool.failureError !== undefined ? [tool.failureError, 'tool'] : agentPolicy !== undefined ? [agentPolicy, 'agent'] : [hostPolicy, 'runner'];
  if (policy === null) {
    throw new ToolCallError(
      `Tool "${tool.name}" (call ${ctx.callId}) failed: ${sentence(errorMessage(error))} ${fatalReason(source, ctx)}`,
      tool.name,
      ctx.callId,
      error,
    );
  }
  if (!policy) return ToolResult.error(defaultToolErrorText(tool.name, error));
  let text: string;
  try {
    text = String(policy(error, ctx));
  } catch (failure) {
    throw new ToolCallError(
      `The failureError function of ${source === 'tool' ? `tool "${tool.name}"` : source === 'agent' ? `agent "${ctx.agent.name}"` : 'the Runner'} threw while handling an error of call ${ctx.callId} (tool "${tool.name}"): ${sentence(errorMessage(failure))} ` +
        'A failureError function must return the text for the model.',
      tool.name,
      ctx.callId,
      failure,
    );
  }
  return ToolResult.error(text);
}

/** Why an error ended the run, naming where `failureError: null` was set. */
function fatalReason(source: FailurePolicySource, ctx: ToolContext<any>): string {
  switch (source) {
    case 'tool':
      return 'The tool ends the run on its errors (failureError: null on the tool).';
    case 'agent':
      return `Agent "${ctx.agent.name}" ends the run on tool errors (its failureError: null); give it a failureError function, or leave it unset, to report errors to the model instead.`;
    case 'runner':
      return 'The Runner ends the run on tool errors (its failureError: null); give it a failureError function, or leave it unset, to report errors to the model instead.';
  }
}

/** `text` as a sentence: one full stop at its end, never two. */
function sentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
