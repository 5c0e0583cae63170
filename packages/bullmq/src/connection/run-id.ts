import { randomUUID } from 'node:crypto';
import { UserError } from '@toolwright/core';

/** A new run id, or the caller's, checked: it names Redis keys and BullMQ job ids. @internal */
export function runIdOf(runId: string | undefined, where: string): string {
  if (runId === undefined) return randomUUID();
  checkRunId(runId, where);
  return runId;
}

/** @internal */
export function checkRunId(runId: unknown, where: string): asserts runId is string {
  if (typeof runId !== 'string' || !/^[A-Za-z0-9_.-]{1,128}$/.test(runId)) {
    throw new UserError(`${where}: the run id ${JSON.stringify(runId)?.slice(0, 140)} is not valid; use 1 to 128 letters, digits, '_', '.' or '-' (or leave it out for a random one).`);
  }
}
