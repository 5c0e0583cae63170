/**
 * Runs `task(0..count-1)` with at most `limit` running at once, starting them in index order.
 * After the first failure no further task starts; once the tasks already running have settled,
 * the returned promise rejects with the error of the failed task of the lowest index (the first
 * in call order, not the first in time), whatever order they failed in. @internal
 */
export function runBounded(count: number, limit: number, task: (index: number) => Promise<void>): Promise<void> {
  if (count === 0) return Promise.resolve();
  if (count === 1) return task(0);
  if (limit >= count) {
    const all: Promise<void>[] = new Array(count);
    for (let i = 0; i < count; i++) all[i] = task(i);
    // The common path pays for one Promise.all; only a failed batch waits for the rest.
    return Promise.all(all).then(noop, () => firstFailure(all));
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
