/**
 * Runs `task(0..count-1)` with at most `limit` running at once, starting them in index order.
 * Rejects with the first error (in time) and starts no further task after it; tasks already
 * running are left to finish, their results and errors ignored. @internal
 */
export function runBounded(count: number, limit: number, task: (index: number) => Promise<void>): Promise<void> {
  if (count === 0) return Promise.resolve();
  if (count === 1) return task(0);
  if (limit >= count) {
    const all: Promise<void>[] = new Array(count);
    for (let i = 0; i < count; i++) all[i] = task(i);
    return Promise.all(all).then(noop);
  }
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < count) {
      const index = next++;
      try {
        await task(index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const workers: Promise<void>[] = [];
  for (let i = 0; i < limit; i++) workers.push(worker());
  return Promise.all(workers).then(noop);
}

function noop(): void {}
