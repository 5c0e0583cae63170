import type { Agent } from '../../agent/agent';
import { ToolCallError } from '../../errors/tool-call.error';
import { runInputGuardrails } from '../../calls/tool-guardrails';
import { ToolResult, toModelOutput } from '../../result/tool-result';
import type { PreparedCall } from '../call-preparation';
import { emitEvent, type RunEnvironment } from '../run-environment';
import { openCall } from '../../calls/open-call';
import type { ApprovalRequest } from '../../contracts/approval-request';
import type { PendingBatch } from '../../contracts/pending-batch';
import { DEFAULT_REJECTION_MESSAGE, type ApprovalDecision, type RecordedDecision } from '../../contracts/approval-decision';
import type { ApprovalPolicyCall } from '../../approvals/approval-policy';
import { editedArgumentsJson, validateEditedArguments } from '../../approvals/edited-arguments';
import { checkToolArguments } from '../../arguments/tool-argument-check';
import { guardedApprovalCheck, toolCallNeedsApproval } from '../../calls/needs-approval';

/**
 * The approval phase of a batch, before any of its calls runs. For each call still to run, in
 * call order, the first of these that applies decides:
 *
 * 1. a decision recorded on the state (an exact one for the call, else a standing one for the tool);
 * 2. the tool's per-call predicate (`needsApproval: (ctx, args, callId) => boolean`);
 * 3. the tool's static flag (`needsApproval: true`);
 * 4. the runner's approval policies (any of them answering `true`).
 *
 * With `guardrailsBeforeApproval`, a call needing approval first goes through its input
 * guardrails; one they refuse is answered without asking anyone. The `approvalHandler`, if any,
 * is asked about the remaining calls one by one; its decisions are recorded on the state. When
 * calls are left undecided the batch pauses: `state.status` becomes `interrupted`, nothing runs,
 * and `approval_required` is emitted. Returns whether the batch paused. @internal
 */
export function reviewApprovals(env: RunEnvironment, agent: Agent<any>, prepared: PreparedCall[], batch: PendingBatch): boolean | Promise<boolean> {
  // The common case (no recorded decisions, no policies, no tool that may need approval) is
  // answered synchronously: an awaited phase per turn was a visible share of a one-call turn.
  if (!approvalMayApply(env, prepared)) return false;
  return reviewBatch(env, agent, prepared, batch);
}

/** Whether any call of the batch could be gated: a recorded decision, a policy, or a tool's `needsApproval`. */
function approvalMayApply(env: RunEnvironment, prepared: readonly PreparedCall[]): boolean {
  const approvals = env.state.approvals;
  if (approvals.exact.size > 0 || approvals.standing.size > 0 || env.approvalPolicies.length > 0) return true;
  for (const p of prepared) {
    const flag = p.tool?.needsApproval;
    if (flag === true || typeof flag === 'function') return true;
  }
  return false;
}

async function reviewBatch(env: RunEnvironment, agent: Agent<any>, prepared: PreparedCall[], batch: PendingBatch): Promise<boolean> {
  const state = env.state;
  const hasDecisions = state.approvals.exact.size > 0 || state.approvals.standing.size > 0;
  const hasPolicies = env.approvalPolicies.length > 0;
  const candidates = prepared.filter((p) => p.tool && !p.answer && !batch.outputs.has(p.call.callId) && !batch.nested?.has(p.call.callId));
  const batchInfo: ApprovalPolicyCall[] = hasPolicies ? candidates.map((p) => ({ tool: p.tool!, toolName: p.tool!.name, callId: p.call.callId, args: p.args })) : [];
  const gated: PreparedCall[] = [];
  for (const p of candidates) {
    const tool = p.tool!;
    const recorded = hasDecisions ? state.approvals.lookup(tool.name, p.call.callId) : undefined;
    if (recorded) {
      await applyDecision(p, recorded);
      continue;
    }
    // The common case (no predicate, no flag, no policies) stays synchronous.
    if (tool.needsApproval === false && !hasPolicies) continue;
    if (!(await needsApproval(env, agent, p, batchInfo))) continue;
    if (env.guardrailsBeforeApproval && (await refusedByGuardrails(env, agent, p))) continue;
    gated.push(p);
  }
  const undecided: PreparedCall[] = [];
  for (const p of gated) {
    const decision = env.approvalHandler ? await askHandler(env, agent, p) : undefined;
    if (!decision) {
      undecided.push(p);
      continue;
    }
    const recorded: RecordedDecision = decision.approved
      ? { approved: true, ...(decision.arguments !== undefined ? { arguments: editedArgumentsJson(p.tool!.name, decision.arguments, p.call.callId) } : {}) }
      : { approved: false, message: decision.message ?? DEFAULT_REJECTION_MESSAGE };
    state.approvals.record(p.tool!.name, p.call.callId, recorded, decision.always === true);
    await applyDecision(p, recorded);
  }
  if (undecided.length === 0) return false;
  // Refusals by guardrails are final answers: kept so that the resumed run does not check again.
  for (const p of prepared) {
    if (!p.refusedBeforeApproval) continue;
    batch.outputs.set(p.call.callId, { type: 'function_call_output', callId: p.call.callId, output: toModelOutput(p.answer!), isError: true });
    emitEvent(env, { type: 'tool_output', agent, toolName: p.call.name, callId: p.call.callId, result: p.answer!, durationMs: 0 });
  }
  state.status = 'interrupted';
  state.interruptions = undecided.map((p) => requestOf(agent, p));
  state.interruptionTools.clear();
  for (const p of undecided) state.interruptionTools.set(p.call.callId, p.tool!);
  emitEvent(env, { type: 'approval_required', agent, interruptions: state.interruptions.slice() });
  return true;
}

/**
 * Applies a decision to a prepared call: edited arguments (through the whole validation stage:
 * the schema, then the tool's own checks), or the rejection as its output.
 *
 * @throws ToolArgumentsError when edited arguments do not pass validation.
 */
function applyDecision(p: PreparedCall, decision: RecordedDecision): void | Promise<void> {
  if (!decision.approved) {
    p.answer = ToolResult.text(decision.message ?? DEFAULT_REJECTION_MESSAGE);
    p.failed = false;
    return;
  }
  if (decision.arguments === undefined) return;
  const { args, text } = validateEditedArguments(p.tool!, decision.arguments, p.call.callId);
  p.args = args;
  p.call = { ...p.call, arguments: text };
  const verdict = checkToolArguments(p.tool!, args, p.call.callId);
  if (verdict instanceof Promise) {
    return verdict.then((error) => {
      if (error) throw error;
    });
  }
  if (verdict) throw verdict;
}

function needsApproval(env: RunEnvironment, agent: Agent<any>, p: PreparedCall, batch: readonly ApprovalPolicyCall[]): Promise<boolean> {
  return toolCallNeedsApproval({ tool: p.tool!, args: p.args, callId: p.call.callId, agent, runContext: env.runContext, policies: env.approvalPolicies, batch });
}

async function refusedByGuardrails(env: RunEnvironment, agent: Agent<any>, p: PreparedCall): Promise<boolean> {
  const tool = p.tool!;
  const guardrails = env.enhancers.of(tool).inputGuardrails;
  if (guardrails.length === 0) return false;
  const { record, ctx, onTripwire } = openCall(env.calls, agent, p.call, tool);
  try {
    const refused = await runInputGuardrails(guardrails, tool, p.args, ctx, onTripwire, env.lifecycle?.tracer);
    if (!refused) return false;
    p.answer = refused;
    p.failed = false;
    p.refusedBeforeApproval = true;
    return true;
  } finally {
    record.done = true;
  }
}

async function askHandler(env: RunEnvironment, agent: Agent<any>, p: PreparedCall): Promise<ApprovalDecision | undefined> {
  const tool = p.tool!;
  const handler = env.approvalHandler!;
  const decision = await guardedApprovalCheck(tool, p.call.callId, 'the approvalHandler', () => handler(requestOf(agent, p), env.runContext));
  if (decision === undefined || decision === null) return undefined;
  if (typeof decision !== 'object' || typeof (decision as { approved?: unknown }).approved !== 'boolean') {
    throw new ToolCallError(
      `The approvalHandler returned ${JSON.stringify(decision)} for tool "${tool.name}" (call ${p.call.callId}); ` +
        'return { approved: true }, { approved: false, message }, or undefined to leave the call to a person (the run then pauses).',
      tool.name,
      p.call.callId,
    );
  }
  return decision;
}

function requestOf(agent: Agent<any>, p: PreparedCall): ApprovalRequest {
  return { callId: p.call.callId, toolName: p.tool!.name, arguments: p.args, agent };
}
