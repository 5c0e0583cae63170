import { ToolArgumentsError } from '../errors/tool-arguments.error';
import type { FunctionCallItem } from '../items/item';
import { ToolResult } from '../result/tool-result';
import { parseToolArguments } from '../arguments/parse-tool-arguments';
import type { Tool } from '../contracts/tool';
import type { TurnTools } from './resolve-tools';
import { CONFIRM_DUPLICATE_PARAMETER, splitConfirmFlag } from '../duplicates/confirm-parameter';
import { checkToolArguments } from '../arguments/tool-argument-check';
import { capMessage, echo, listSome } from '../limits/bounded-text';

// Names listed when the model calls a tool that does not exist (catalogues can be large).
const MAX_LISTED_TOOLS = 30;

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

/**
 * Stage 1–2 of a call's path: find the tool, parse and validate the arguments against the
 * schema. The tool's own checks (`validateArguments`) follow in {@link checkPreparedCalls}.
 */
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

/**
 * The rest of the validation stage, for the whole batch before any later stage: the tools' own
 * argument checks (`validateArguments`, e.g. an `@Args` DTO's class-validator constraints). A
 * call that fails them is answered with the argument error, like a schema violation, and goes
 * no further. Synchronous unless a check is. @internal
 */
export function checkPreparedCalls(prepared: PreparedCall[]): void | Promise<void> {
  let pending: Promise<void>[] | undefined;
  for (const p of prepared) {
    if (!p.tool?.validateArguments || p.answer) continue;
    const verdict = checkToolArguments(p.tool, p.args, p.call.callId);
    if (verdict instanceof Promise) (pending ??= []).push(verdict.then((error) => refuse(p, error)));
    else refuse(p, verdict);
  }
  if (pending) return Promise.all(pending).then(() => undefined);
}

function refuse(p: PreparedCall, error: ToolArgumentsError | undefined): void {
  if (!error) return;
  p.answer = ToolResult.error(error.message);
  p.failed = true;
}

function unknownToolMessage(name: string, tools: TurnTools): string {
  const available = [...tools.byName.keys()];
  return capMessage(
    `Tool "${echo(String(name))}" not found. ` +
      (available.length > 0
        ? `Available tools: ${listSome(available, MAX_LISTED_TOOLS, (n) => n)}. Call one of these instead.`
        : 'No tools are available in this turn; answer without tools.'),
  );
}
