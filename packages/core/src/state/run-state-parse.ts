import type { Agent } from '../agent/agent';
import type { RecordedDecision } from '../contracts/approval-decision';
import type { CalledToolRecord } from '../duplicates/duplicate-ledger';
import { RunStateError } from '../errors/run-state.error';
import type { BudgetSpent } from '../errors/budget-exceeded.error';
import type { FunctionCallItem, FunctionCallOutputItem, Item } from '../items/item';
import { emptyUsage, type Usage } from '../result/usage';
import type { Tool } from '../contracts/tool';
import { agentRegistry, staticTools } from './agent-registry';
import type { ApprovalRequest } from '../contracts/approval-request';
import type { NestedPause, PendingBatch } from '../contracts/pending-batch';
import type { RunStatus } from './run-state-format';
import { RUN_STATE_FORMAT, type RunStateProgressJson } from './run-state-format';
import { migrateRunState } from './run-state-migrations';
import { parseGuardrailDecisions, type GuardrailDecision } from './guardrail-decisions';
import { parseMetadata, type RunMetadata } from './run-metadata';
import { derivedArguments, sameInterruption } from './interruption-check';
import { echo } from '../limits/bounded-text';

/** A serialised state, checked and with its agents resolved. @internal */
export interface RunStateSnapshot extends RunStateProgressJson {
  currentAgent: Agent<any>;
  pendingBatch?: PendingBatch;
  interruptions: ApprovalRequest[];
  interruptionTools: Map<string, Tool>;
  exactDecisions: Map<string, RecordedDecision>;
  standingDecisions: Map<string, RecordedDecision>;
  calledTools: Map<string, CalledToolRecord>;
  finalOutput: unknown;
  /** The kept slice of the run context (any JSON value), when there is one. */
  context: unknown;
  metadata: RunMetadata;
  guardrailDecisions: GuardrailDecision[];
  budgetSpent?: BudgetSpent;
}

const STATUSES: ReadonlySet<string> = new Set(['running', 'completed', 'interrupted', 'failed', 'stopped']);

/** Most levels of nested paused runs (an agent as a tool, paused inside a call) a state may hold. */
const MAX_NESTED_STATES = 8;

/**
 * Checks a parsed run state (any released version, migrated to the current one) field by field and resolves its agents and the tools of
 * its pending approvals. Every problem is a `RunStateError` naming the field. @internal
 */
export function parseRunState(agents: Agent<any> | ReadonlyArray<Agent<any>>, value: unknown, nesting = 0): RunStateSnapshot {
  if (nesting > MAX_NESTED_STATES) {
    throw new RunStateError(`The run state nests paused runs more than ${MAX_NESTED_STATES} levels deep (agents as tools inside agents as tools); refusing it.`);
  }
  const given = object(value, 'the run state');
  if (given.format !== RUN_STATE_FORMAT) {
    throw new RunStateError(`This is not a Toolwright run state (its "format" is ${JSON.stringify(given.format)}, expected "${RUN_STATE_FORMAT}"). Pass the text written by state.toString().`);
  }
  const root = migrateRunState(given);
  const registry = agentRegistry(agents);
  const agentNamed = (name: unknown, field: string): Agent<any> => {
    if (typeof name !== 'string') throw new RunStateError(`The run state's ${field} must be an agent name, got ${JSON.stringify(name)}.`);
    const agent = registry.get(name);
    if (!agent) {
      throw new RunStateError(
        `The run state names agent "${name}" (${field}), which is not among the agents given (${[...registry.keys()].join(', ')}). ` +
          'Pass every agent of the run: RunState.fromString([agentA, agentB], json).',
      );
    }
    return agent;
  };

  const history = array(root.history, 'history') as Item[];
  history.forEach((item, i) => {
    const it = object(item, `history[${i}]`);
    if (typeof it.type !== 'string') throw new RunStateError(`The run state's history[${i}] has no "type".`);
  });
  const pendingBatch = root.pendingBatch === null || root.pendingBatch === undefined ? undefined : parseBatch(root.pendingBatch);
  if (pendingBatch) checkBatchInHistory(pendingBatch, history);
  const pendingIds = new Set((pendingBatch?.calls ?? []).filter((c) => !pendingBatch!.outputs.has(c.callId)).map((c) => c.callId));

  const interruptionTools = new Map<string, Tool>();
  const interruptions = array(root.interruptions, 'interruptions').map((raw, i): ApprovalRequest => {
    const r = object(raw, `interruptions[${i}]`);
    const callId = string(r.callId, `interruptions[${i}].callId`);
    const toolName = string(r.toolName, `interruptions[${i}].toolName`);
    const agent = agentNamed(r.agent, `interruptions[${i}].agent`);
    const request: ApprovalRequest = { callId, toolName, arguments: r.arguments, agent };
    if (r.parentCallId !== undefined) request.parentCallId = string(r.parentCallId, `interruptions[${i}].parentCallId`);
    const owner = request.parentCallId ?? callId;
    if (!pendingIds.has(owner)) {
      throw new RunStateError(`The run state's interruption for call "${owner}" does not match a pending call of its batch (pending: ${[...pendingIds].join(', ') || 'none'}).`);
    }
    const { tools, hasToolsets } = staticTools(agent);
    const tool = tools.get(toolName);
    if (tool) interruptionTools.set(callId, tool);
    else if (!hasToolsets) {
      throw new RunStateError(
        `The run state waits for approval of tool "${toolName}" (call ${callId}), but agent "${agent.name}" has no tool of that name. ` +
          'Resume with the same tools the run was paused with.',
      );
    }
    // What the approver is shown is derived from the call that will run, and must agree with what was saved.
    if (request.parentCallId === undefined) request.arguments = derivedArguments(request, r.arguments, pendingCall(pendingBatch!, callId), tool);
    return request;
  });

  checkNestedInterruptions(agents, pendingBatch, interruptions, nesting);

  const approvals = object(root.approvals, 'approvals');
  const exactDecisions = decisions(approvals.exact, 'approvals.exact');
  for (const callId of exactDecisions.keys()) {
    const nestedOwner = interruptions.find((r) => r.callId === callId)?.parentCallId;
    if (!pendingIds.has(callId) && (nestedOwner === undefined || !pendingIds.has(nestedOwner))) {
      throw new RunStateError(`The run state holds a decision for call "${callId}", which is not pending (pending: ${[...pendingIds].join(', ') || 'none'}).`);
    }
  }

  const calledTools = new Map<string, CalledToolRecord>();
  array(root.calledTools, 'calledTools').forEach((raw, i) => {
    const r = object(raw, `calledTools[${i}]`);
    calledTools.set(string(r.key, `calledTools[${i}].key`), {
      toolName: string(r.toolName, `calledTools[${i}].toolName`),
      callId: string(r.callId, `calledTools[${i}].callId`),
      output: string(r.output, `calledTools[${i}].output`),
    });
  });

  const status = root.status;
  if (typeof status !== 'string' || !STATUSES.has(status)) throw new RunStateError(`The run state's status ${JSON.stringify(status)} is not one of running, completed, interrupted, stopped, failed.`);
  const maxTurns = root.maxTurns === null ? Infinity : count(root.maxTurns, 'maxTurns');
  return {
    id: string(root.id, 'id'),
    currentAgent: agentNamed(root.currentAgent, 'currentAgent'),
    status: status as RunStatus,
    turn: count(root.turn, 'turn'),
    maxTurns,
    consecutiveFailedTurns: count(root.consecutiveFailedTurns, 'consecutiveFailedTurns'),
    usage: usage(root.usage, 'usage'),
    modelUsage: usage(root.modelUsage, 'modelUsage'),
    toolUsage: usage(root.toolUsage, 'toolUsage'),
    history,
    disclosedTools: strings(root.disclosedTools, 'disclosedTools'),
    agentsThatUsedTools: strings(root.agentsThatUsedTools, 'agentsThatUsedTools'),
    pendingBatch,
    interruptions,
    interruptionTools,
    exactDecisions,
    standingDecisions: decisions(approvals.standing, 'approvals.standing'),
    calledTools,
    finalOutput: root.finalOutput,
    context: root.context,
    metadata: parseMetadata(root.metadata),
    guardrailDecisions: parseGuardrailDecisions(root.guardrailDecisions),
    budgetSpent: root.budgetSpent === undefined ? undefined : budgetSpent(root.budgetSpent),
  };
}

/** The spending of a run's budget, as stored: four finite, non-negative numbers. */
function budgetSpent(value: unknown): BudgetSpent {
  const spent = object(value, 'budgetSpent');
  const out = {} as BudgetSpent;
  for (const key of ['toolCalls', 'inputTokens', 'outputTokens', 'costUsd'] as const) {
    const n = spent[key];
    if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) throw new RunStateError(`The run state's budgetSpent.${key} must be a non-negative number, got ${JSON.stringify(n)}.`);
    out[key] = n;
  }
  return out;
}

function pendingCall(batch: PendingBatch, callId: string): FunctionCallItem {
  return batch.calls.find((c) => c.callId === callId)!;
}

/**
 * The interruptions of nested runs (with `parentCallId`) must be exactly those of the nested
 * states the batch holds, read and checked like any state: the same calls, tools, agents and
 * arguments. Their arguments are then the nested states' derived ones.
 */
function checkNestedInterruptions(
  agents: Agent<any> | ReadonlyArray<Agent<any>>,
  batch: PendingBatch | undefined,
  interruptions: ApprovalRequest[],
  nesting: number,
): void {
  const listed = interruptions.filter((r) => r.parentCallId !== undefined);
  const owners = new Set([...listed.map((r) => r.parentCallId!), ...(batch?.nested?.keys() ?? [])]);
  for (const owner of owners) {
    const nested = batch?.nested?.get(owner);
    if (!nested) throw new RunStateError(`The run state lists approvals inside call "${echo(owner)}", but holds no nested run for it.`);
    const own = parseRunState(agents, nested.state, nesting + 1).interruptions;
    const mine = listed.filter((r) => r.parentCallId === owner);
    const agree =
      mine.length === own.length &&
      mine.every((r) => {
        const match = own.find((o) => o.callId === r.callId);
        if (!match || !sameInterruption(r, match)) return false;
        r.arguments = match.arguments;
        return true;
      });
    if (!agree) {
      throw new RunStateError(
        `The run state's interruptions inside call "${echo(owner)}" differ from those of the nested run it holds. ` +
          'The state was changed after it was written; refusing it (what an approver is shown must be what runs).',
      );
    }
  }
}

/**
 * The calls of the pending batch are already in the history (the model made them): each must be
 * there as the very same record, or what the model was told it called differs from what runs.
 */
function checkBatchInHistory(batch: PendingBatch, history: Item[]): void {
  const inHistory = new Map<string, FunctionCallItem>();
  for (const item of history) if (item.type === 'function_call') inHistory.set(item.callId, item);
  for (const call of batch.calls) {
    const recorded = inHistory.get(call.callId);
    if (!recorded || recorded.name !== call.name || recorded.arguments !== call.arguments) {
      throw new RunStateError(
        `The run state's pending call "${echo(call.callId)}" is not the call of that id in its history. ` +
          'The state was changed after it was written; refusing it (what an approver is shown must be what runs).',
      );
    }
  }
}

function parseBatch(value: unknown): PendingBatch {
  const b = object(value, 'pendingBatch');
  const calls = array(b.calls, 'pendingBatch.calls').map((raw, i): FunctionCallItem => {
    const c = object(raw, `pendingBatch.calls[${i}]`);
    if (c.type !== 'function_call') throw new RunStateError(`The run state's pendingBatch.calls[${i}] is not a function_call.`);
    string(c.callId, `pendingBatch.calls[${i}].callId`);
    string(c.name, `pendingBatch.calls[${i}].name`);
    string(c.arguments, `pendingBatch.calls[${i}].arguments`);
    return c as unknown as FunctionCallItem;
  });
  const ids = new Set(calls.map((c) => c.callId));
  if (ids.size !== calls.length) throw new RunStateError("The run state's pending batch holds two calls with the same call id.");
  const outputs = new Map<string, FunctionCallOutputItem>();
  array(b.outputs, 'pendingBatch.outputs').forEach((raw, i) => {
    const o = object(raw, `pendingBatch.outputs[${i}]`);
    const callId = string(o.callId, `pendingBatch.outputs[${i}].callId`);
    if (!ids.has(callId)) throw new RunStateError(`The run state's pending batch has an output for call "${callId}", which is not one of its calls.`);
    if (typeof o.output !== 'string' && !Array.isArray(o.output)) throw new RunStateError(`The run state's output of call "${callId}" must be text or content parts.`);
    const output: FunctionCallOutputItem = { type: 'function_call_output', callId, output: o.output as FunctionCallOutputItem['output'] };
    if (o.isError === true) output.isError = true;
    outputs.set(callId, output);
  });
  const batch: PendingBatch = { calls, outputs };
  if (b.incompleteReason !== undefined) batch.incompleteReason = string(b.incompleteReason, 'pendingBatch.incompleteReason');
  if (b.nested !== undefined) {
    const nested = new Map<string, NestedPause>();
    for (const [callId, raw] of Object.entries(object(b.nested, 'pendingBatch.nested'))) {
      if (!ids.has(callId) || outputs.has(callId)) throw new RunStateError(`The run state holds a nested run for call "${callId}", which is not pending.`);
      const entry = object(raw, `pendingBatch.nested.${callId}`);
      object(entry.state, `pendingBatch.nested.${callId}.state`);
      nested.set(callId, { state: entry.state });
    }
    batch.nested = nested;
  }
  return batch;
}

function decisions(value: unknown, field: string): Map<string, RecordedDecision> {
  const out = new Map<string, RecordedDecision>();
  for (const [key, raw] of Object.entries(object(value, field))) {
    const d = object(raw, `${field}.${key}`);
    if (typeof d.approved !== 'boolean') throw new RunStateError(`The run state's ${field}.${key}.approved must be true or false.`);
    const decision: RecordedDecision = { approved: d.approved };
    if (d.message !== undefined) decision.message = string(d.message, `${field}.${key}.message`);
    if (d.arguments !== undefined) decision.arguments = object(d.arguments, `${field}.${key}.arguments`);
    out.set(key, decision);
  }
  return out;
}

function object(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RunStateError(`The run state's ${field} must be an object, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}.`);
  }
  return value as Record<string, unknown>;
}

function array(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value)) throw new RunStateError(`The run state's ${field} must be an array.`);
  return value;
}

function string(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new RunStateError(`The run state's ${field} must be a string, got ${JSON.stringify(value)}.`);
  return value;
}

function strings(value: unknown, field: string): string[] {
  return array(value, field).map((v, i) => string(v, `${field}[${i}]`));
}

function count(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new RunStateError(`The run state's ${field} must be a non-negative integer, got ${JSON.stringify(value)}.`);
  return value;
}

function usage(value: unknown, field: string): Usage {
  const u = object(value, field);
  const out = emptyUsage();
  for (const key of Object.keys(out) as Array<keyof Usage>) {
    if (u[key] !== undefined) out[key] = count(u[key], `${field}.${key}`);
  }
  return out;
}
