import { RunAlreadyClaimedError, RunStoreError, ToolwrightError } from '@toolwright/core';

/**
 * Whether a job's error is the infrastructure's (retried by BullMQ with backoff: the store or
 * Redis unreachable, the run held elsewhere) rather than the run's own (a failed run: max turns,
 * a fatal tool error, an unfinished call the policy refuses — never retried). @internal
 */
export function isInfrastructureFailure(error: unknown): boolean {
  if (error instanceof RunStoreError || error instanceof RunAlreadyClaimedError) return true;
  return !(error instanceof ToolwrightError);
}

/** An error as `{ name, message }` for the run's record and events. @internal */
export function errorJson(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message.slice(0, 4000) };
  return { name: 'Error', message: String(error).slice(0, 4000) };
}
