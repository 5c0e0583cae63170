import type { Agent } from '../../agent/agent';
import type { Item } from '../../items/item';
import { ToolResult } from '../../result/tool-result';
import type { CallOutcome } from '../call-outcome';
import { answer, type BatchCall, type CallVerdict, type StageOutcome } from './batch-call';
import type { BatchStage } from './batch-stage';
import type { JsonSchema } from '../../contracts/json-schema';
import { emitEvent, type RunEnvironment } from '../run-environment';
import { UserError } from '../../errors/user.error';
import { ToolArgumentsError } from '../../errors/tool-arguments.error';
import { parseToolArguments } from '../../arguments/parse-tool-arguments';
import { handoffBindingOf } from '../../handoffs/handoff-tool';

/**
 * The handoff stage. Z-102: a handoff's input must be a JSON object; `""` and `null` read as
 * `{}`, refused with `Handoff function expected non-null input, but got None` when the schema has
 * root-level `required` keys. Input the schema refuses **fails the run** (`ToolArgumentsError`)
 * instead of being fed back; a handoff without a schema takes any arguments, unchecked. Then,
 * when a response holds several handoff calls, the first valid one (in call order) is the one
 * performed; every later handoff call is answered, without running, with a note saying it was
 * ignored, so no call is left without an output. Other calls of the batch are untouched. @internal
 */
export const handoffStage: BatchStage = {
  name: 'handoffs',
  review: (_ctx, calls) => reviewHandoffs(calls),
};

function reviewHandoffs(calls: readonly BatchCall[]): StageOutcome {
  let verdicts: CallVerdict[] | undefined;
  let winner: BatchCall | undefined;
  for (const c of calls) {
    const binding = handoffBindingOf(c.tool);
    if (!binding) continue;
    let runs = c.answer === undefined;
    if (c.answer?.why === 'invalid_arguments') {
      checkHandoffInput(c, binding.handoff.inputSchema);
      (verdicts ??= []).push({ kind: 'run', index: c.index, args: {} });
      runs = true;
    }
    if (!runs) continue;
    if (!winner) {
      winner = c;
      continue;
    }
    const chosen = handoffBindingOf(winner.tool)!.handoff.agent.name;
    const text =
      `Ignored: this response already hands the conversation to agent "${chosen}" (call ${winner.call.callId}); ` +
      `only the first handoff of a response is performed, so the transfer to agent "${binding.handoff.agent.name}" did not happen.`;
    (verdicts ??= []).push(answer(c.index, ToolResult.text(text), false, 'ignored_handoff'));
  }
  return verdicts;
}

/** A handoff call whose input validation refused: fails the run, or reads as `{}` (Z-102). */
function checkHandoffInput(c: BatchCall, schema: JsonSchema | undefined): void {
  const tool = c.tool!;
  const raw = c.call.arguments.trim();
  if (schema && raw !== '' && raw !== 'null') {
    parseToolArguments(tool, c.call.arguments, c.call.callId);
    throw new ToolArgumentsError(tool.name, [{ path: '', message: c.answer?.result.text ?? 'invalid handoff input' }], c.call.callId);
  }
  if (schema && Array.isArray(schema.required) && schema.required.length > 0) {
    throw new ToolArgumentsError(tool.name, [{ path: '', message: 'Handoff function expected non-null input, but got None' }], c.call.callId);
  }
}

/** The handoff a batch performed: the agent now current, and the handoff's input. @internal */
export interface PerformedHandoff {
  to: Agent<any>;
  input?: unknown;
}

/**
 * After a batch: if a handoff call of it ran its transfer, or a call returned
 * `ToolResult.handoff(agent, output)`, the run continues with that agent (the first such call in
 * call order). A handoff's `inputFilter` (if any) rewrites the history, and `agent_changed` is
 * emitted. Returns the handoff performed, if any. @internal
 */
export function performHandoff(env: RunEnvironment, from: Agent<any>, outcomes: CallOutcome[]): PerformedHandoff | undefined {
  for (const outcome of outcomes) {
    const binding = handoffBindingOf(outcome.tool);
    if (binding) {
      const callId = outcome.call.callId;
      const input = binding.transferred.get(callId);
      if (!binding.transferred.delete(callId) || outcome.failed) continue;
      const { handoff } = binding;
      if (handoff.inputFilter) replaceHistory(env, handoff.inputFilter, handoff.agent.name);
      return switchTo(env, from, handoff.agent, input);
    }
    const requested = outcome.result.handoffTo;
    if (requested && !outcome.failed) return switchTo(env, from, requested, outcome.result.text);
  }
  return undefined;
}

function switchTo(env: RunEnvironment, from: Agent<any>, to: Agent<any>, input: unknown): PerformedHandoff {
  env.state.currentAgent = to;
  emitEvent(env, { type: 'agent_changed', agent: from, from, to });
  return input === undefined ? { to } : { to, input };
}

/**
 * Runs the filter on a copy of the history and makes its result the history. Items the filter
 * kept from before this run still count as earlier input; the rest are this run's new items.
 */
function replaceHistory(env: RunEnvironment, filter: (items: Item[]) => Item[], target: string): void {
  const state = env.state;
  const before = new Set<Item>(state.history.slice(0, state.runStartIndex));
  const filtered = filter(state.history.slice());
  if (!Array.isArray(filtered)) {
    throw new UserError(`The inputFilter of the handoff to agent "${target}" returned ${typeof filtered}; it must return an array of items.`);
  }
  let kept = 0;
  while (kept < filtered.length && before.has(filtered[kept]!)) kept++;
  // A new array, never an in-place rewrite: requests already sent (and recorded, e.g. by
  // ScriptedModel) keep the history they were given; from here on the run appends to this one.
  (state as { history: Item[] }).history = filtered.slice();
  state.runStartIndex = kept;
}
