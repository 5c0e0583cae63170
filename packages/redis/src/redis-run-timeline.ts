import { RUN_RECORD_LIMITS, type RunRecord, type RunRecordPage, type RunRecordQuery, type RunRecords, type RunTimelineEvent, type RunView } from '@toolwright/core';
import { runRecordKit, type RunRecordTiming } from '@toolwright/core/extend';
import type { Redis } from 'ioredis';

/** The client with the store's scripts, which `RedisRunStore` defines on it (redis-scripts.ts). */
interface AppendScript {
  toolwrightEventsAppend(key: string, ...args: Array<string | number>): Promise<number>;
}

/**
 * `RunRecords` on Redis: a run's record (`<prefix>rec:{id}`) and timeline list (`<prefix>rec:{id}:events`)
 * share the record's hash tag; a store-run-id alias points at the record; sorted sets by start
 * time (all runs, per status, per agent) give newest-first keyset pages, ties by id. A record,
 * its timeline and its alias expire natively at `updatedAt + recordTtlMs` (renewed by every
 * write); their ids are dropped from the indexes as reads meet them, and by `purgeExpired`. A
 * running record without a recent heartbeat reads as `lost`. Used by `RedisRunStore`.
 */
export class RedisRunTimeline implements RunRecords {
  constructor(private readonly client: Redis, private readonly prefix: string, private readonly timing: RunRecordTiming) {}

  get recordHeartbeatMs(): number {
    return this.timing.heartbeatMs;
  }

  private recordKey(id: string): string {
    return `${this.prefix}rec:{${id}}`;
  }
  private eventsKey(id: string): string {
    return `${this.recordKey(id)}:events`;
  }
  private aliasKey(runId: string): string {
    return `${this.prefix}rec-alias:{${runId}}`;
  }
  private indexKey(filter?: { status?: string; agent?: string }): string {
    if (filter?.status !== undefined) return `${this.prefix}recs:status:${filter.status}`;
    if (filter?.agent !== undefined) return `${this.prefix}recs:agent:${Buffer.from(filter.agent).toString('base64url')}`;
    return `${this.prefix}recs`;
  }
  /** The set of agent indexes (so a purge finds them once their records are gone). */
  private agentIndexesKey(): string {
    return `${this.prefix}recs:agents`;
  }

  async recordRun(record: RunRecord): Promise<void> {
    runRecordKit.checkRecord(record);
    // The record, its timeline and its alias live until updatedAt + recordTtlMs (a heartbeat renews them).
    const expiresAt = record.updatedAt + this.timing.ttlMs;
    // Written and the previous one read in one step (SET … GET), for the indexes it leaves.
    const previous = await this.client.set(this.recordKey(record.id), JSON.stringify(record), 'PXAT', expiresAt, 'GET');
    const before = previous ? (JSON.parse(previous) as RunRecord) : undefined;
    const agentIndex = this.indexKey({ agent: record.agent });
    const writes: Array<Promise<unknown>> = [
      this.client.zadd(this.indexKey(), record.startedAt, record.id),
      this.client.zadd(this.indexKey({ status: record.status }), record.startedAt, record.id),
      this.client.zadd(agentIndex, record.startedAt, record.id),
      this.client.pexpireat(this.eventsKey(record.id), expiresAt),
    ];
    if (!before || before.agent !== record.agent) writes.push(this.client.sadd(this.agentIndexesKey(), agentIndex));
    if (before && before.status !== record.status) writes.push(this.client.zrem(this.indexKey({ status: before.status }), record.id));
    if (before && before.agent !== record.agent) writes.push(this.client.zrem(this.indexKey({ agent: before.agent }), record.id));
    if (record.runId !== undefined) writes.push(this.client.set(this.aliasKey(record.runId), record.id, 'PXAT', expiresAt));
    await Promise.all(writes);
  }

  async appendEvents(id: string, events: RunTimelineEvent[]): Promise<void> {
    runRecordKit.checkRecordId(id, 'store.appendEvents(id, events)');
    if (events.length === 0) return;
    // One round trip: what fits under the cap, with the TTL (see redis-scripts.ts). Events past
    // the cap are never sent, not even when a whole batch is over it.
    const sent = events.slice(0, RUN_RECORD_LIMITS.maxEventsPerRun).map((e) => JSON.stringify(e));
    await (this.client as unknown as AppendScript).toolwrightEventsAppend(this.eventsKey(id), RUN_RECORD_LIMITS.maxEventsPerRun, this.timing.ttlMs, ...sent);
  }

  async listRuns(query?: RunRecordQuery): Promise<RunRecordPage> {
    const q = runRecordKit.resolveRunQuery(query);
    const cutoffs = runRecordKit.recordCutoffs(this.timing);
    // The narrowest index: the status's or the agent's; the other filter is applied to the records
    // read. Lost runs are running records without a recent heartbeat.
    const status = q.status === 'lost' ? 'running' : q.status;
    const index = this.indexKey(status !== undefined ? { status } : q.agent !== undefined ? { agent: q.agent } : undefined);
    const runs: RunRecord[] = [];
    let after = q.after;
    // Read a batch at a time until the page is full (and one more, to know whether more follow).
    for (let rounds = 0; runs.length <= q.limit && rounds < 1_000; rounds++) {
      const ids = await this.idsAfter(index, after, q.limit + 1);
      if (ids.length === 0) break;
      const texts = await this.client.mget(ids.map((id) => this.recordKey(id)));
      const gone: string[] = [];
      texts.forEach((text, i) => {
        if (!text) return void gone.push(ids[i]!);
        const record = runRecordKit.recordAsShown(JSON.parse(text) as RunRecord, cutoffs);
        if (q.status !== undefined && record.status !== q.status) return;
        if (q.agent !== undefined && record.agent !== q.agent) return;
        runs.push(record);
      });
      const last = ids[ids.length - 1]!;
      const score = await this.client.zscore(index, last);
      after = { startedAt: Number(score), id: last };
      // Expired records leave their ids in the indexes: drop the ones met (pages go by score, so nothing shifts).
      if (gone.length > 0) await this.client.zrem(index, ...gone);
      if (ids.length < q.limit + 1) break;
    }
    const more = runs.length > q.limit;
    if (more) runs.length = q.limit;
    return more ? { runs, nextCursor: runRecordKit.encodeRunCursor(runs[runs.length - 1]!) } : { runs };
  }

  /** Up to `count` ids after the cursor, newest first (ties by id, larger first). */
  private async idsAfter(index: string, after: { startedAt: number; id: string } | undefined, count: number): Promise<string[]> {
    if (after === undefined) return this.client.zrevrangebyscore(index, '+inf', '-inf', 'LIMIT', 0, count);
    // Ties of the cursor's start time with a smaller id come first, then earlier starts.
    const ties = (await this.client.zrangebyscore(index, after.startedAt, after.startedAt)).filter((id) => id < after.id).reverse();
    if (ties.length >= count) return ties.slice(0, count);
    const older = await this.client.zrevrangebyscore(index, `(${after.startedAt}`, '-inf', 'LIMIT', 0, count - ties.length);
    return [...ties, ...older];
  }

  async getRunView(id: string, options: { afterSeq?: number } = {}): Promise<RunView | undefined> {
    runRecordKit.checkRecordId(id, 'store.getRunView(id)');
    let text = await this.client.get(this.recordKey(id));
    let recordId = id;
    if (!text) {
      const alias = await this.client.get(this.aliasKey(id));
      if (!alias) return undefined;
      recordId = alias;
      text = await this.client.get(this.recordKey(alias));
      if (!text) return undefined;
    }
    const after = Math.max(0, Math.floor(options.afterSeq ?? 0));
    const events = after >= RUN_RECORD_LIMITS.maxEventsPerRun
      ? []
      : (await this.client.lrange(this.eventsKey(recordId), 0, -1)).map((e) => JSON.parse(e) as RunTimelineEvent).filter((e) => e.seq > after);
    return { run: runRecordKit.recordAsShown(JSON.parse(text) as RunRecord, runRecordKit.recordCutoffs(this.timing)), events };
  }

  /** Drops from every index the ids of records that expired; returns how many ids. */
  async purgeExpired(): Promise<number> {
    const statuses = ['running', 'paused', 'completed', 'failed', 'stopped'];
    const agentIndexes = await this.client.smembers(this.agentIndexesKey());
    let removed = 0;
    for (const index of [this.indexKey(), ...statuses.map((status) => this.indexKey({ status })), ...agentIndexes]) {
      removed += await this.sweep(index);
      if (agentIndexes.includes(index) && (await this.client.zcard(index)) === 0) await this.client.srem(this.agentIndexesKey(), index);
    }
    return removed;
  }

  private async sweep(index: string): Promise<number> {
    let removed = 0;
    for (let cursor = '0'; ; ) {
      const [next, members] = await this.client.zscan(index, cursor, 'COUNT', 200);
      const ids = members.filter((_, i) => i % 2 === 0);
      if (ids.length > 0) {
        const pipeline = this.client.pipeline();
        for (const id of ids) pipeline.exists(this.recordKey(id));
        const exists = (await pipeline.exec()) as Array<[unknown, number]>;
        const gone = ids.filter((_, i) => exists[i]![1] === 0);
        if (gone.length > 0) removed += await this.client.zrem(index, ...gone);
      }
      if (next === '0') return removed;
      cursor = next;
    }
  }
}
