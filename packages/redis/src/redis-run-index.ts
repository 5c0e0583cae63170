import type { RunListFilter, StoredRunStatus, StoredRunSummary } from '@toolwright/core';
import type { Redis } from 'ioredis';
import type { RedisKeys } from './redis-keys';

/** Ids read per round trip. */
const PAGE = 200;

/**
 * `store.list`: pages through the sorted set of run ids by last update (oldest first, up to
 * `olderThanMs` before the server's time), reads each run's status, and drops from the index the
 * ids of runs that expired.
 */
export async function listRuns(client: Redis, keys: RedisKeys, filter: RunListFilter): Promise<StoredRunSummary[]> {
  const limit = filter.limit ?? 1_000;
  const [seconds, micros] = await client.time();
  const now = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  const max = filter.olderThanMs !== undefined ? String(now - filter.olderThanMs) : '+inf';
  const out: StoredRunSummary[] = [];
  for (let offset = 0; out.length < limit; offset += PAGE) {
    const ids = await client.zrangebyscore(keys.index, '-inf', max, 'LIMIT', offset, PAGE);
    if (ids.length === 0) break;
    const pipeline = client.pipeline();
    for (const id of ids) pipeline.hmget(keys.of(id).run, 'status', 'updatedAt');
    const rows = (await pipeline.exec()) as Array<[unknown, Array<string | null>]>;
    const gone: string[] = [];
    ids.forEach((id, i) => {
      const [status, updatedAt] = rows[i]![1];
      if (status === null) return void gone.push(id);
      if (filter.status !== undefined && status !== filter.status) return;
      if (out.length < limit) out.push({ id, status: status as StoredRunStatus, updatedAt: Number(updatedAt) });
    });
    // Runs that expired leave their id in the index: drop them (the next page shifts back by as many).
    if (gone.length > 0) {
      await client.zrem(keys.index, ...gone);
      offset -= gone.length;
    }
  }
  return out.sort((a, b) => a.updatedAt - b.updatedAt || (a.id < b.id ? -1 : 1));
}

/** `store.purgeExpired`: removes from the index the ids of runs that expired; returns how many. */
export async function sweepIndex(client: Redis, keys: RedisKeys): Promise<number> {
  let removed = 0;
  for (let cursor = '0'; ; ) {
    const [next, members] = await client.zscan(keys.index, cursor, 'COUNT', PAGE);
    const ids = members.filter((_, i) => i % 2 === 0);
    if (ids.length > 0) {
      const pipeline = client.pipeline();
      for (const id of ids) pipeline.exists(keys.of(id).run);
      const exists = (await pipeline.exec()) as Array<[unknown, number]>;
      const gone = ids.filter((_, i) => exists[i]![1] === 0);
      if (gone.length > 0) removed += await client.zrem(keys.index, ...gone);
    }
    if (next === '0') return removed;
    cursor = next;
  }
}
