import { RunAlreadyClaimedError, type Agent, type RunResult, type RunStore, type Runner, type RunEvent } from '@toolwright/core';
import type { ResumeOptions } from '@toolwright/core';

/**
 * Resumes the stored run, streaming its events to `onEvent`. A run still held by a dead worker's
 * lease (BullMQ handed its stalled job over before the lease ran out) is tried again once the
 * lease has expired, for at most `maxWaitMs`. @internal
 */
export async function resumeWhenFree(
  runner: Runner,
  agent: Agent<any>,
  store: RunStore,
  storeRunId: string,
  options: Omit<ResumeOptions<unknown>, 'store'> & { signal: AbortSignal },
  onEvent: (event: RunEvent) => Promise<void>,
  maxWaitMs: number,
): Promise<RunResult> {
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    const stream = runner.resumeStream(agent, storeRunId, { ...options, store });
    let started = false;
    try {
      for await (const event of stream) {
        started = true;
        await onEvent(event);
      }
      return await stream.result;
    } catch (error) {
      stream.result.catch(() => undefined);
      if (!(error instanceof RunAlreadyClaimedError) || started || options.signal.aborted) throw error;
      const info = await store.inspect(storeRunId);
      if (info.status !== 'claimed' || Date.now() >= deadline) throw error;
      const wait = Math.min(Math.max((info.leaseExpiresAt ?? Date.now()) - Date.now() + 50, 50), Math.max(deadline - Date.now(), 50));
      await sleep(wait, options.signal);
    }
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
