import { ToolResult } from '../../result/tool-result';
import type { PendingBatch } from '../../contracts/pending-batch';
import type { RunState } from '../../state/run-state';
import { CONFIRM_DUPLICATE_PARAMETER, splitConfirmFlag } from '../../duplicates/confirm-parameter';
import { duplicateKey, rememberedOutput } from '../../duplicates/duplicate-ledger';
import { echo } from '../../limits/bounded-text';
import { answer, runs, type BatchCall, type CallVerdict } from './batch-call';
import type { BatchStage } from './batch-stage';

/**
 * The duplicate-call stage, before approvals: a call of a `reject` or `confirm` tool whose
 * arguments equal (as canonical JSON) those of a call that already ran in this run, or of an
 * earlier call of the same batch, does not run. `reject`: the model is told it already ran and
 * what it returned. `confirm`: the same, plus how to confirm; a repeat with
 * `confirm_duplicate: true` runs. A call that runs and succeeds is remembered under the key
 * computed before it ran (the tool may change its argument object). @internal
 */
export const duplicateStage: BatchStage = {
  name: 'duplicates',
  review: (ctx, calls) => review(ctx.env.state, ctx.batch, calls),
  afterCall: (ctx, c, outcome) => {
    const key = ledgerKeys.get(c);
    if (key === undefined || !outcome.invoked || outcome.failed) return;
    ctx.env.state.calledTools.set(key, { toolName: c.call.name, callId: c.call.callId, output: rememberedOutput(outcome.result.text) });
  },
};

// The ledger key of each call this stage let through, computed before it ran: the tool may change
// its argument object while it runs. By the call's record, which lives as long as its batch.
const ledgerKeys = new WeakMap<BatchCall, string>();

function review(state: RunState<any>, batch: PendingBatch, calls: readonly BatchCall[]): CallVerdict[] | undefined {
  let verdicts: CallVerdict[] | undefined;
  let inBatch: Map<string, string> | undefined;
  for (const c of calls) {
    if (!runs(c) || c.tool.duplicates === 'allow' || batch.outputs.has(c.call.callId)) continue;
    const tool = c.tool;
    inBatch ??= new Map();
    const key = duplicateKey(tool.name, c.args);
    const earlier = state.calledTools.get(key);
    const earlierInBatch = inBatch.get(key);
    if ((!earlier && earlierInBatch === undefined) || (tool.duplicates === 'confirm' && confirmed(batch, c))) {
      if (earlierInBatch === undefined) inBatch.set(key, c.call.callId);
      ledgerKeys.set(c, key);
      continue;
    }
    const how =
      tool.duplicates === 'confirm'
        ? `If running it again is really intended (for example the user asked for it twice), call "${tool.name}" again with the same arguments and "${CONFIRM_DUPLICATE_PARAMETER}": true.`
        : 'Use that result instead of calling the tool again.';
    const text = earlier
      ? `Not run: tool "${tool.name}" was already called with these same arguments in this run (call ${echo(earlier.callId)}). It returned:\n${earlier.output}\n${how}`
      : `Not run: this call repeats call ${echo(earlierInBatch ?? '')} of the same batch (tool "${tool.name}", same arguments), which runs once. ${how}`;
    (verdicts ??= []).push(answer(c.index, ToolResult.text(text), false, 'duplicate'));
  }
  return verdicts;
}

/** Whether the model sent `confirm_duplicate: true` with the call (as it made it, before validation took the flag out). */
function confirmed(batch: PendingBatch, c: BatchCall): boolean {
  const split = splitConfirmFlag(batch.calls[c.index]!.arguments);
  return !('problem' in split) && split.confirm === true;
}
