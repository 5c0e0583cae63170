import { ToolArgumentsError } from '../errors/tool-arguments.error';
import type { FunctionCallItem } from '../items/item';
import { ToolResult } from '../result/tool-result';
import { parseToolArguments } from '../arguments/parse-tool-arguments';
import type { Tool } from '../tool/tool';
import type { TurnTools } from './resolve-tools';
import { CONFIRM_DUPLICATE_PARAMETER, splitConfirmFlag } from '../duplicates/confirm-parameter';

/**
 * A call after the stages that run for the whole batch before anything executes: the tool was
 * looked up and the arguments parsed and validated. `answer` is set when the call is already
 * answered (unknown tool, invalid arguments) and must not run. @internal
 */
export interface PreparedCall {
  index: number;
  call: FunctionCallItem;
  tool?: Tool;
  /** The validated arguments (optional fields absent, never `null`). */
  args?: unknown;
  /** The output of a call that will not run; `failed` tells whether it counts as a failure. */
  answer?: ToolResult;
  failed: boolean;
  /** The call set `confirm_duplicate: true` (tools with `duplicates: 'confirm'`). */
  confirmDuplicate?: boolean;
  /** Set when the tool has a duplicate policy and the call will run: its ledger key. */
  duplicateKey?: string;
  /** Refused by its input guardrails in the approval phase (`guardrailsBeforeApproval`). */
  refusedBeforeApproval?: boolean;
}

/** Stage 1–2 of a call's path: find the tool, parse and validate the arguments. */
export function prepareCall(call: FunctionCallItem, index: number, tools: TurnTools): PreparedCall {
  const tool = tools.byName.get(call.name);
  if (!tool) return { index, call, answer: ToolResult.error(unknownToolMessage(call.name, tools)), failed: true };
  try {
    if (tool.duplicates === 'confirm') {
      const split = splitConfirmFlag(call.arguments);
      if ('problem' in split) throw new ToolArgumentsError(tool.name, [{ path: `/${CONFIRM_DUPLICATE_PARAMETER}`, message: split.problem }], call.callId);
      const args = parseToolArguments(tool, split.raw, call.callId);
      return { index, call: { ...call, arguments: split.raw }, tool, args, failed: false, confirmDuplicate: split.confirm };
    }
    return { index, call, tool, args: parseToolArguments(tool, call.arguments, call.callId), failed: false };
  } catch (error) {
    if (error instanceof ToolArgumentsError) return { index, call, tool, answer: ToolResult.error(error.message), failed: true };
    throw error;
  }
}

function unknownToolMessage(name: string, tools: TurnTools): string {
  const available = [...tools.byName.keys()];
  return (
    `Tool "${name}" not found. ` +
    (available.length > 0 ? `Available tools: ${available.join(', ')}. Call one of these instead.` : 'No tools are available in this turn; answer without tools.')
  );
}
