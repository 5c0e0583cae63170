import type { Tool } from '../contracts/tool';
import type { UnfinishedCall } from './unfinished-tool-call.error';

/** Which calls of a resumed run go through the call ledger. */
export type LedgerScope = 'non-idempotent' | 'all' | 'off';

/**
 * What to do, on a resume, with a call that started before a crash and never finished:
 * - `retry`: invoke the tool again;
 * - `approve`: pause the run with the call waiting for a person, who approves (it runs again) or
 *   rejects it;
 * - `report`: do not run it; the model is told its outcome is unknown;
 * - `fail`: do not resume: `runner.resume` throws `UnfinishedToolCallError` and gives the run back.
 */
export type UnfinishedCallAction = 'retry' | 'approve' | 'report' | 'fail';

/** The unfinished-call policy: one action for every call, or a choice per call. */
export type UnfinishedCallPolicy = UnfinishedCallAction | ((call: UnfinishedCall, tool: Tool | undefined) => UnfinishedCallAction);

/** Whether a tool's calls go through the ledger under `scope`: by default those marked `idempotent: false`. @internal */
export function isLedgered(scope: LedgerScope, tool: Tool): boolean {
  if (scope === 'all') return true;
  if (scope === 'off') return false;
  return tool.idempotent === false;
}

/** The action for one unfinished call; without a policy, `retry` for `retrySafe` tools and `fail` for others. @internal */
export function unfinishedCallAction(policy: UnfinishedCallPolicy | undefined, call: UnfinishedCall, tool: Tool | undefined): UnfinishedCallAction {
  if (policy === undefined) return tool?.retrySafe === true ? 'retry' : 'fail';
  return typeof policy === 'function' ? policy(call, tool) : policy;
}

/** The ledger key of a call: the turn that made it and its call id, so a call id a model reuses in a later turn is a new call. @internal */
export function ledgerKey(turn: number, callId: string): string {
  return `${turn}:${callId}`;
}

/** The output a call gets under the `report` action. @internal */
export function unknownOutcomeText(toolName: string): string {
  return (
    `The call to "${toolName}" was interrupted (the process running it stopped) before it reported back, so whether it took effect is unknown. ` +
    'It was not run again. Do not repeat it without checking first.'
  );
}
