import type { ApprovalRequest } from '../contracts/approval-request';
import type { PublicApprovalRequest } from '../contracts/run-result';

/** A pending approval as plain JSON: the agent by name. What stored states and public views hold. @internal */
export function approvalRequestJson(r: ApprovalRequest): PublicApprovalRequest {
  return {
    callId: r.callId,
    toolName: r.toolName,
    arguments: r.arguments,
    agent: r.agent.name,
    ...(r.parentCallId !== undefined ? { parentCallId: r.parentCallId } : {}),
  };
}
