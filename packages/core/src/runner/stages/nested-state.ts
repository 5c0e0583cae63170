import type { NestedPause } from '../../contracts/pending-batch';
import type { RunState } from '../../state/run-state';

/**
 * The JSON of a nested run paused inside a call, with the decisions made on the parent's state
 * copied in: exact decisions for the nested run's pending calls, and every standing decision
 * (the parent's win). Decisions travel with their rejection messages and edited arguments. @internal
 */
export function nestedStateWithDecisions(parent: RunState<any>, nested: NestedPause): string {
  const json = JSON.parse(JSON.stringify(nested.state)) as {
    interruptions?: Array<{ callId?: unknown }>;
    approvals?: { exact?: Record<string, unknown>; standing?: Record<string, unknown> };
  };
  const approvals = (json.approvals ??= {});
  const exact = (approvals.exact ??= {});
  const standing = (approvals.standing ??= {});
  for (const request of json.interruptions ?? []) {
    if (typeof request.callId !== 'string') continue;
    const decision = parent.approvals.exact.get(request.callId);
    if (decision) exact[request.callId] = { ...decision };
  }
  for (const [toolName, decision] of parent.approvals.standing) standing[toolName] = { ...decision };
  return JSON.stringify(json);
}
