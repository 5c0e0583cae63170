import type { Agent } from '../../agent/agent';
import { ToolCallError } from '../../errors/tool-call.error';
import { runInputGuardrails } from '../../calls/tool-guardrails';
import { ToolResult } from '../../result/tool-result';
import type { RunEnvironment } from '../run-environment';
import { openCall } from '../../calls/open-call';
import type { ApprovalRequest } from '../../contracts/approval-request';
import type { PendingBatch } from '../../contracts/pending-batch';
import type { Tool } from '../../contracts/tool';
import { DEFAULT_REJECTION_MESSAGE, type ApprovalDecision, type RecordedDecision } from '../../contracts/approval-decision';
import type { ApprovalPolicyCall } from '../../approvals/approval-policy';
import { editedArgumentsJson, validateEditedArguments } from '../../approvals/edited-arguments';
import { checkToolArguments } from '../../arguments/tool-argument-check';
import { guardedApprovalCheck, toolCallNeedsApproval } from '../../calls/needs-approval';
import { answer, runs, type BatchCall, type CallVerdict, type StageOutcome } from './batch-call';
import type { BatchStage } from './batch-stage';

type RunningCall = BatchCall & { readonly tool: Tool };

/**
 * The approval stage of a batch, before any of its calls runs. For each call still to run, in
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
 * calls are left undecided the batch pauses (the returned pause): nothing runs. Once the batch
 * is answered in full, the exact decisions are spent. @internal
 */
export const approvalStage: BatchStage = {
  name: 'approvals',
  // The common case (no recorded decisions, no policies, no tool that may need approval) is
  // answered synchronously: an awaited stage per turn was a visible share of a one-call turn.
  review: (ctx, calls) => (approvalMayApply(ctx.env, calls) ? reviewBatch(ctx.env, ctx.agent, calls, ctx.batch) : undefined),
  completed: (ctx) => {
    const exact = ctx.env.state.approvals.exact;
    if (exact.size > 0) exact.clear();
  },
};

/** Whether any call of the batch could be gated: a recorded decision, a policy, or a tool's `needsApproval`. */
function approvalMayApply(env: RunEnvironment, calls: readonly BatchCall[]): boolean {
  const approvals = env.state.approvals;
  if (approvals.exact.size > 0 || approvals.standing.size > 0 || env.approvalPolicies.length > 0) return true;
  for (const c of calls) {
    const flag = c.tool?.needsApproval;
    if (flag === true || typeof flag === 'function') return true;
  }
  return false;
}

async function reviewBatch(env: RunEnvironment, agent: Agent<any>, calls: readonly BatchCall[], batch: PendingBatch): Promise<StageOutcome> {
  const state = env.state;
  const hasDecisions = state.approvals.exact.size > 0 || state.approvals.standing.size > 0;
  const hasPolicies = env.approvalPolicies.length > 0;
  const candidates = calls.filter((c): c is RunningCall => runs(c) && !batch.outputs.has(c.call.callId) && !batch.nested?.has(c.call.callId));
  const batchInfo: ApprovalPolicyCall[] = hasPolicies ? candidates.map((c) => ({ tool: c.tool, toolName: c.tool.name, callId: c.call.callId, args: c.args })) : [];
  const verdicts: CallVerdict[] = [];
  const refusedByGuardrails: BatchCall[] = [];
  const gated: RunningCall[] = [];
  for (const c of candidates) {
    const recorded = hasDecisions ? state.approvals.lookup(c.tool.name, c.call.callId) : undefined;
    if (recorded) {
      const verdict = await decided(c, recorded);
      if (verdict) verdicts.push(verdict);
      continue;
    }
    // The common case (no predicate, no flag, no policies) stays synchronous.
    if (c.tool.needsApproval === false && !hasPolicies) continue;
    const needed = await toolCallNeedsApproval({ tool: c.tool, args: c.args, callId: c.call.callId, agent, runContext: env.runContext, policies: env.approvalPolicies, batch: batchInfo });
    if (!needed) continue;
    if (env.guardrailsBeforeApproval) {
      const refused = await refusalByGuardrails(env, agent, c);
      if (refused) {
        verdicts.push(answer(c.index, refused, false, 'refused_by_guardrail'));
        refusedByGuardrails.push({ ...c, answer: { result: refused, failed: false, why: 'refused_by_guardrail' } });
        continue;
      }
    }
    gated.push(c);
  }
  const undecided: RunningCall[] = [];
  for (const c of gated) {
    const decision = env.approvalHandler ? await askHandler(env, agent, c) : undefined;
    if (!decision) {
      undecided.push(c);
      continue;
    }
    const recorded: RecordedDecision = decision.approved
      ? { approved: true, ...(decision.arguments !== undefined ? { arguments: editedArgumentsJson(c.tool.name, decision.arguments, c.call.callId) } : {}) }
      : { approved: false, message: decision.message ?? DEFAULT_REJECTION_MESSAGE };
    state.approvals.record(c.tool.name, c.call.callId, recorded, decision.always === true);
    const verdict = await decided(c, recorded);
    if (verdict) verdicts.push(verdict);
  }
  if (undecided.length === 0) return verdicts;
  // Refusals by guardrails are final answers: kept so that the resumed run does not check again.
  const tools = new Map<string, Tool>(undecided.map((c) => [c.call.callId, c.tool]));
  return { kind: 'paused', interruptions: undecided.map((c) => requestOf(agent, c)), tools, answered: refusedByGuardrails };
}

/**
 * The verdict of a decision: a rejection answers the call with its message; an approval with
 * edited arguments runs it with them, once they passed the whole validation stage (the schema,
 * then the tool's own checks); a plain approval changes nothing.
 *
 * @throws ToolArgumentsError when edited arguments do not pass validation.
 */
async function decided(c: RunningCall, decision: RecordedDecision): Promise<CallVerdict | undefined> {
  if (!decision.approved) return answer(c.index, ToolResult.text(decision.message ?? DEFAULT_REJECTION_MESSAGE), false, 'rejected');
  if (decision.arguments === undefined) return undefined;
  const { args, text } = validateEditedArguments(c.tool, decision.arguments, c.call.callId);
  const error = await checkToolArguments(c.tool, args, c.call.callId);
  if (error) throw error;
  return { kind: 'run', index: c.index, args, call: { ...c.call, arguments: text } };
}

async function refusalByGuardrails(env: RunEnvironment, agent: Agent<any>, c: RunningCall): Promise<ToolResult | undefined> {
  const guardrails = env.enhancers.of(c.tool).inputGuardrails;
  if (guardrails.length === 0) return undefined;
  const { record, ctx, onDecision } = openCall(env.calls, agent, c.call, c.tool);
  try {
    return await runInputGuardrails(guardrails, c.tool, c.args, ctx, onDecision, env.lifecycle?.tracer);
  } finally {
    record.done = true;
  }
}

async function askHandler(env: RunEnvironment, agent: Agent<any>, c: RunningCall): Promise<ApprovalDecision | undefined> {
  const handler = env.approvalHandler!;
  const decision = await guardedApprovalCheck(c.tool, c.call.callId, 'the approvalHandler', () => handler(requestOf(agent, c), env.runContext));
  if (decision === undefined || decision === null) return undefined;
  if (typeof decision !== 'object' || typeof (decision as { approved?: unknown }).approved !== 'boolean') {
    throw new ToolCallError(
      `The approvalHandler returned ${JSON.stringify(decision)} for tool "${c.tool.name}" (call ${c.call.callId}); ` +
        'return { approved: true }, { approved: false, message }, or undefined to leave the call to a person (the run then pauses).',
      c.tool.name,
      c.call.callId,
    );
  }
  return decision;
}

function requestOf(agent: Agent<any>, c: RunningCall): ApprovalRequest {
  return { callId: c.call.callId, toolName: c.tool.name, arguments: c.args, agent };
}
