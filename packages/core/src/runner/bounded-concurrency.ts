import { isThenable } from '../util/is-thenable';

/**
 * Runs `task(0..count-1)` with at most `limit` running at once, starting them in index order.
 * After the first failure no further task starts; once the tasks already running have settled,
 * the returned promise rejects with the error of the failed task of the lowest index (the first
 * in call order, not the first in time), whatever order they failed in. A task may finish
 * synchronously (return nothing, or throw): when every task did so without failing, nothing is
 * returned, and no promise was made. @internal
 */
export function runBounded(count: number, limit: number, task: (index: number) => void | Promise<void>): Promise<void> | undefined {
  if (count === 0) return undefined;
  if (limit >= count || count === 1) {
    let all: Array<Promise<void> | undefined> | undefined;
    for (let i = 0; i < count; i++) {
      let pending: void | Promise<void>;
      try {
        pending = task(i);
      } catch (error) {
        pending = Promise.reject(error);
      }
      if (isThenable(pending)) (all ??= new Array(count))[i] = pending;
    }
    if (all === undefined) return undefined;
    const started = all.filter((p): p is Promise<void> => p !== undefined);
    // The common path pays for one Promise.all; only a failed batch waits for the rest.
    return Promise.all(started).then(noop, () => firstFailure(started));
  }
  let next = 0;
  const failed: { first?: { index: number; error: unknown } } = {};
  const worker = async (): Promise<void> => {
    while (failed.first === undefined && next < count) {
      const index = next++;
      try {
        await task(index);
      } catch (error) {
        // Read again: another worker may have failed while this task ran.
        const first = failed.first as { index: number; error: unknown } | undefined;
        if (first === undefined || index < first.index) failed.first = { index, error };
        return;
      }
    }
  };
  const workers: Promise<void>[] = [];
  for (let i = 0; i < limit; i++) workers.push(worker());
  return Promise.all(workers).then(() => {
    if (failed.first !== undefined) throw failed.first.error;
  });
}

/** Waits for every task, then throws the error of the failed one of the lowest index. */
async function firstFailure(all: readonly Promise<void>[]): Promise<never> {
  const settled = await Promise.allSettled(all);
  for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason;
  // Unreachable: Promise.all rejected, so one of them did.
  throw new Error('runBounded: a task failed but none was found rejected');
}

function noop(): void {}
