import type { Agent } from '../agent/agent';
import type { Item } from '../items/item';
import { ToolResult } from '../result/tool-result';
import type { CallOutcome } from '../runner/call-outcome';
import type { PreparedCall } from '../runner/call-preparation';
import { emitEvent, type RunEnvironment } from '../runner/run-environment';
import { UserError } from '../errors/user.error';
import { handoffBindingOf } from './handoff-tool';

/**
 * When a response holds several handoff calls, the first valid one (in call order) is the one
 * performed; every later handoff call is answered, without running, with a note saying it was
 * ignored, so no call is left without an output. Other calls of the batch are untouched. @internal
 */
export function answerIgnoredHandoffs(prepared: PreparedCall[]): void {
  let winner: PreparedCall | undefined;
  for (const p of prepared) {
    const binding = handoffBindingOf(p.tool);
    if (!binding || p.answer) continue;
    if (!winner) {
      winner = p;
      continue;
    }
    const chosen = handoffBindingOf(winner.tool)!.handoff.agent.name;
    p.answer = ToolResult.text(
      `Ignored: this response already hands the conversation to agent "${chosen}" (call ${winner.call.callId}); ` +
        `only the first handoff of a response is performed, so the transfer to agent "${binding.handoff.agent.name}" did not happen.`,
    );
    p.failed = false;
  }
}

/**
 * After a batch: if a handoff call of it ran its transfer, the run continues with the target
 * agent. Its `inputFilter` (if any) rewrites the history, and `agent_changed` is emitted.
 * Returns the agent now current when a handoff happened. @internal
 */
export function performHandoff(env: RunEnvironment, from: Agent<any>, outcomes: CallOutcome[]): Agent<any> | undefined {
  for (const outcome of outcomes) {
    const binding = handoffBindingOf(outcome.tool);
    if (!binding || !binding.transferred.delete(outcome.call.callId) || outcome.failed) continue;
    const { handoff } = binding;
    const state = env.state;
    if (handoff.inputFilter) replaceHistory(env, handoff.inputFilter, handoff.agent.name);
    state.currentAgent = handoff.agent;
    emitEvent(env, { type: 'agent_changed', agent: from, from, to: handoff.agent });
    return handoff.agent;
  }
  return undefined;
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
