import type { CallOutcome } from '../call-outcome';
import type { PreparedCall } from '../call-preparation';
import { ToolResult } from '../../result/tool-result';
import type { PendingBatch } from '../../contracts/pending-batch';
import type { RunState } from '../../state/run-state';
import { CONFIRM_DUPLICATE_PARAMETER } from '../../duplicates/confirm-parameter';
import { duplicateKey, rememberedOutput } from '../../duplicates/duplicate-ledger';
import { echo } from '../../limits/bounded-text';

/**
 * The duplicate-call stage, before approvals: a call of a `reject` or `confirm` tool whose
 * arguments equal (as canonical JSON) those of a call that already ran in this run, or of an
 * earlier call of the same batch, does not run. `reject`: the model is told it already ran and
 * what it returned. `confirm`: the same, plus how to confirm; a repeat with
 * `confirm_duplicate: true` runs. Calls that will run get their ledger key. @internal
 */
export function applyDuplicatePolicies(state: RunState<any>, prepared: PreparedCall[], batch: PendingBatch): void {
  let inBatch: Map<string, string> | undefined;
  for (const p of prepared) {
    const tool = p.tool;
    if (!tool || p.answer || tool.duplicates === 'allow' || batch.outputs.has(p.call.callId)) continue;
    inBatch ??= new Map();
    const key = duplicateKey(tool.name, p.args);
    const earlier = state.calledTools.get(key);
    const earlierInBatch = inBatch.get(key);
    if ((!earlier && earlierInBatch === undefined) || (tool.duplicates === 'confirm' && p.confirmDuplicate)) {
      if (earlierInBatch === undefined) inBatch.set(key, p.call.callId);
      p.duplicateKey = key;
      continue;
    }
    const how =
      tool.duplicates === 'confirm'
        ? `If running it again is really intended (for example the user asked for it twice), call "${tool.name}" again with the same arguments and "${CONFIRM_DUPLICATE_PARAMETER}": true.`
        : 'Use that result instead of calling the tool again.';
    const text = earlier
      ? `Not run: tool "${tool.name}" was already called with these same arguments in this run (call ${echo(earlier.callId)}). It returned:\n${earlier.output}\n${how}`
      : `Not run: this call repeats call ${echo(earlierInBatch ?? '')} of the same batch (tool "${tool.name}", same arguments), which runs once. ${how}`;
    p.answer = ToolResult.text(text);
    p.failed = false;
  }
}

/** Remembers a call that ran and succeeded, so that a later identical call counts as a duplicate. @internal */
export function recordCalledTool(state: RunState<any>, p: PreparedCall, outcome: CallOutcome): void {
  if (p.duplicateKey === undefined || !outcome.invoked || outcome.failed) return;
  // The key computed before the call: the tool may have changed its argument object since.
  state.calledTools.set(p.duplicateKey, { toolName: p.call.name, callId: p.call.callId, output: rememberedOutput(outcome.result.text) });
}
