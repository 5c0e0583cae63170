import { ToolArgumentsError } from '../../errors/tool-arguments.error';
import { ToolResult } from '../../result/tool-result';
import { parseToolArguments } from '../../arguments/parse-tool-arguments';
import { CONFIRM_DUPLICATE_PARAMETER, splitConfirmFlag } from '../../duplicates/confirm-parameter';
import { checkToolArguments } from '../../arguments/tool-argument-check';
import { capMessage, echo, listSome } from '../../limits/bounded-text';
import type { TurnTools } from '../resolve-tools';
import { answer, type BatchCall, type CallVerdict, type StageOutcome } from './batch-call';
import type { BatchStage } from './batch-stage';

// Names listed when the model calls a tool that does not exist (catalogues can be large).
const MAX_LISTED_TOOLS = 30;

/**
 * The validation stage, first for every batch: a call naming no tool of the turn is answered
 * with the tools it could call; a call's arguments are parsed and validated against the schema
 * (a `confirm` tool's `confirm_duplicate` flag taken out first), then by the tool's own checks
 * (`validateArguments`, e.g. an `@Args` DTO's class-validator constraints). A call that fails is
 * answered with the argument error and goes no further. Synchronous unless a check is. @internal
 */
export const validationStage: BatchStage = {
  name: 'validation',
  review: (ctx, calls) => validate(calls, ctx.tools),
};

function validate(calls: readonly BatchCall[], tools: TurnTools): StageOutcome | Promise<StageOutcome> {
  const verdicts: CallVerdict[] = [];
  let pending: Array<Promise<CallVerdict | undefined>> | undefined;
  for (const c of calls) {
    if (c.answer) continue;
    const verdict = parse(c, tools);
    if (verdict.kind === 'answered' || !c.tool!.validateArguments) {
      verdicts.push(verdict);
      continue;
    }
    const checked = checkToolArguments(c.tool!, verdict.args, c.call.callId);
    if (checked instanceof Promise) (pending ??= []).push(checked.then((error) => (error ? refusal(c, error) : verdict)));
    else verdicts.push(checked ? refusal(c, checked) : verdict);
  }
  if (!pending) return verdicts;
  return Promise.all(pending).then((more) => [...verdicts, ...(more as CallVerdict[])]);
}

/** Finds the call's tool and parses its arguments. */
function parse(c: BatchCall, tools: TurnTools): CallVerdict & { kind: 'run' | 'answered' } {
  const { call, tool, index } = c;
  if (!tool) return answer(index, ToolResult.error(unknownToolMessage(call.name, tools)), true, 'unknown_tool');
  try {
    if (tool.duplicates === 'confirm') {
      const split = splitConfirmFlag(call.arguments);
      if ('problem' in split) throw new ToolArgumentsError(tool.name, [{ path: `/${CONFIRM_DUPLICATE_PARAMETER}`, message: split.problem }], call.callId);
      return { kind: 'run', index, call: { ...call, arguments: split.raw }, args: parseToolArguments(tool, split.raw, call.callId) };
    }
    return { kind: 'run', index, args: parseToolArguments(tool, call.arguments, call.callId) };
  } catch (error) {
    if (error instanceof ToolArgumentsError) return answer(index, ToolResult.error(error.message), true, 'invalid_arguments');
    throw error;
  }
}

function refusal(c: BatchCall, error: ToolArgumentsError): CallVerdict {
  return answer(c.index, ToolResult.error(error.message), true, 'invalid_arguments');
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
