import { RUN_RECORD_LIMITS, type RunRecord, type RunRecordPage, type RunRecordQuery, type RunRecords, type RunTimelineEvent, type RunView } from '@toolwright/core';
import { runRecordKit, type RunRecordTiming } from '@toolwright/core/extend';
import type { RunTimelineTables } from './run-timeline-schema';

/** How the timeline runs its SQL (the store's query, which waits for its migration). */
export type TimelineQuery = (text: string, values: unknown[]) => Promise<{ rows: Array<Record<string, unknown>>; rowCount: number | null }>;

/**
 * `RunRecords` on PostgreSQL: one row per run (newest-first keyset pagination on
 * `(started_at, id)`, with an index per filter), one row per timeline event. A running record
 * whose `updated_at` is older than the lost bound reads as `lost`; records older than the record
 * TTL are not read, and `purgeExpired` deletes them (their events go with them). Used by
 * `PostgresRunStore`.
 */
export class PostgresRunTimeline implements RunRecords {
  /** `query` runs the writes; `read` the lists, views and purges (the store sends them through its pool). */
  constructor(
    private readonly query: TimelineQuery,
    private readonly t: RunTimelineTables,
    private readonly timing: RunRecordTiming,
    private readonly read: TimelineQuery = query,
  ) {}

  get recordHeartbeatMs(): number {
    return this.timing.heartbeatMs;
  }

  async recordRun(record: RunRecord): Promise<void> {
    runRecordKit.checkRecord(record);
    await this.query(
      `INSERT INTO ${this.t.records} (id, run_id, agent, status, started_at, updated_at, record) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO UPDATE SET run_id = EXCLUDED.run_id, agent = EXCLUDED.agent, status = EXCLUDED.status,
         started_at = EXCLUDED.started_at, updated_at = EXCLUDED.updated_at, record = EXCLUDED.record`,
      [record.id, record.runId ?? null, record.agent, record.status, record.startedAt, record.updatedAt, JSON.stringify(record)],
    );
  }

  async appendEvents(id: string, events: RunTimelineEvent[]): Promise<void> {
    runRecordKit.checkRecordId(id, 'store.appendEvents(id, events)');
    const kept = events.filter((e) => Number.isInteger(e?.seq) && e.seq >= 1 && e.seq <= RUN_RECORD_LIMITS.maxEventsPerRun);
    if (kept.length === 0) return;
    await this.query(
      `INSERT INTO ${this.t.events} (record_id, seq, event) SELECT $1, x.seq, x.event FROM unnest($2::int[], $3::text[]) AS x(seq, event)
       ON CONFLICT (record_id, seq) DO NOTHING`,
      [id, kept.map((e) => e.seq), kept.map((e) => JSON.stringify(e))],
    );
  }

  async listRuns(query?: RunRecordQuery): Promise<RunRecordPage> {
    const q = runRecordKit.resolveRunQuery(query);
    const cutoffs = runRecordKit.recordCutoffs(this.timing);
    const values: unknown[] = [];
    const where: string[] = [`updated_at >= $${values.push(cutoffs.expiredBefore)}`];
    // "lost" is a running record without a recent heartbeat; "running" one with.
    if (q.status === 'lost') where.push(`status = 'running' AND updated_at < $${values.push(cutoffs.lostBefore)}`);
    else if (q.status === 'running') where.push(`status = 'running' AND updated_at >= $${values.push(cutoffs.lostBefore)}`);
    else if (q.status !== undefined) where.push(`status = $${values.push(q.status)}`);
    if (q.agent !== undefined) where.push(`agent = $${values.push(q.agent)}`);
    if (q.after !== undefined) where.push(`(started_at, id) < ($${values.push(q.after.startedAt)}::bigint, $${values.push(q.after.id)}::text)`);
    const sql = `SELECT record FROM ${this.t.records} WHERE ${where.join(' AND ')} ORDER BY started_at DESC, id DESC LIMIT $${values.push(q.limit + 1)}`;
    const { rows } = await this.read(sql, values);
    const runs = rows.slice(0, q.limit).map((r) => runRecordKit.recordAsShown(JSON.parse(r.record as string) as RunRecord, cutoffs));
    return rows.length > q.limit ? { runs, nextCursor: runRecordKit.encodeRunCursor(runs[runs.length - 1]!) } : { runs };
  }

  async getRunView(id: string, options: { afterSeq?: number } = {}): Promise<RunView | undefined> {
    runRecordKit.checkRecordId(id, 'store.getRunView(id)');
    const cutoffs = runRecordKit.recordCutoffs(this.timing);
    const { rows } = await this.read(`SELECT id, record FROM ${this.t.records} WHERE (id = $1 OR run_id = $1) AND updated_at >= $2 ORDER BY (id = $1) DESC LIMIT 1`, [id, cutoffs.expiredBefore]);
    if (rows.length === 0) return undefined;
    const after = Math.max(0, Math.min(Number.MAX_SAFE_INTEGER, Math.floor(options.afterSeq ?? 0)));
    const events = after >= RUN_RECORD_LIMITS.maxEventsPerRun
      ? []
      : (await this.read(`SELECT event FROM ${this.t.events} WHERE record_id = $1 AND seq > $2 ORDER BY seq`, [rows[0]!.id, after])).rows.map((r) => JSON.parse(r.event as string) as RunTimelineEvent);
    return { run: runRecordKit.recordAsShown(JSON.parse(rows[0]!.record as string) as RunRecord, cutoffs), events };
  }

  /** Deletes the records past the record TTL, with their events; returns how many records. */
  async purgeExpired(): Promise<number> {
    const { expiredBefore } = runRecordKit.recordCutoffs(this.timing);
    return (await this.read(`DELETE FROM ${this.t.records} WHERE updated_at < $1`, [expiredBefore])).rowCount ?? 0;
  }
}
