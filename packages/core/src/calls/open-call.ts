import type { Agent } from '../agent/agent';
import type { Tool } from '../contracts/tool';
import type { FunctionCallItem } from '../items/item';
import { CallRecord } from './call-record';
import type { CallHost } from './call-host';
import type { OnGuardrailDecision } from './tool-guardrails';
import { CallToolContext } from './tool-context';

/** A call's record and `ToolContext`, and the reporter its guardrails call when one refuses or trips. @internal */
export interface OpenCall<TContext> {
  readonly record: CallRecord;
  readonly ctx: CallToolContext<TContext>;
  readonly onDecision: OnGuardrailDecision;
}

/**
 * Sets up what a call's guardrails (and the call itself) run with: its record, its context and
 * a decision reporter that records refusals and tripwires with the host and emits
 * `guardrail_tripped`. The one set-up of the approval stage (input
 * guardrails before approval) and of the call's execution. The caller sets `record.done`. @internal
 */
export function openCall<TContext>(host: CallHost<TContext>, agent: Agent<any>, call: FunctionCallItem, tool: Tool): OpenCall<TContext> {
  const record = new CallRecord(tool.cancellable !== false);
  const ctx = new CallToolContext(host, agent, call, record);
  return { record, ctx, onDecision: guardrailDecisionReporter(host, agent, call, tool) };
}

/**
 * The reporter a call's guardrails call when one refuses or trips: records the decision with the
 * host and emits `guardrail_tripped`. Made only for a call that has guardrails. @internal
 */
export function guardrailDecisionReporter(host: CallHost<any>, agent: Agent<any>, call: FunctionCallItem, tool: Tool): OnGuardrailDecision {
  return (guardrail, stage, outcome, message) => {
    host.recordGuardrail?.({ guardrail, stage, outcome, agent: agent.name, toolName: tool.name, callId: call.callId, message });
    if (outcome === 'tripwire') host.emit?.({ type: 'guardrail_tripped', agent, guardrail, toolName: tool.name, callId: call.callId });
  };
}
