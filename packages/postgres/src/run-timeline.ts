import { RUN_RECORD_LIMITS, type RunRecord, type RunRecordPage, type RunRecordQuery, type RunRecords, type RunTimelineEvent, type RunView } from '@toolwright/core';
import { runRecordKit } from '@toolwright/core/extend';
import type { RunTimelineTables } from './run-timeline-schema';

/** How the timeline runs its SQL (the store's query, which waits for its migration). */
export type TimelineQuery = (text: string, values: unknown[]) => Promise<{ rows: Array<Record<string, unknown>>; rowCount: number | null }>;

/**
 * `RunRecords` on PostgreSQL: one row per run (newest-first keyset pagination on
 * `(started_at, id)`, with an index per filter), one row per timeline event. Used by
 * `PostgresRunStore`.
 */
export class PostgresRunTimeline implements RunRecords {
  constructor(private readonly query: TimelineQuery, private readonly t: RunTimelineTables) {}

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
    const where: string[] = [];
    const values: unknown[] = [];
    if (q.status !== undefined) where.push(`status = $${values.push(q.status)}`);
    if (q.agent !== undefined) where.push(`agent = $${values.push(q.agent)}`);
    if (q.after !== undefined) where.push(`(started_at, id) < ($${values.push(q.after.startedAt)}::bigint, $${values.push(q.after.id)}::text)`);
    const sql = `SELECT record FROM ${this.t.records}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY started_at DESC, id DESC LIMIT $${values.push(q.limit + 1)}`;
    const { rows } = await this.query(sql, values);
    const runs = rows.slice(0, q.limit).map((r) => JSON.parse(r.record as string) as RunRecord);
    return rows.length > q.limit ? { runs, nextCursor: runRecordKit.encodeRunCursor(runs[runs.length - 1]!) } : { runs };
  }

  async getRunView(id: string, options: { afterSeq?: number } = {}): Promise<RunView | undefined> {
    runRecordKit.checkRecordId(id, 'store.getRunView(id)');
    const { rows } = await this.query(`SELECT id, record FROM ${this.t.records} WHERE id = $1 OR run_id = $1 ORDER BY (id = $1) DESC LIMIT 1`, [id]);
    if (rows.length === 0) return undefined;
    const after = Math.max(0, Math.min(Number.MAX_SAFE_INTEGER, Math.floor(options.afterSeq ?? 0)));
    const events = after >= RUN_RECORD_LIMITS.maxEventsPerRun
      ? []
      : (await this.query(`SELECT event FROM ${this.t.events} WHERE record_id = $1 AND seq > $2 ORDER BY seq`, [rows[0]!.id, after])).rows.map((r) => JSON.parse(r.event as string) as RunTimelineEvent);
    return { run: JSON.parse(rows[0]!.record as string) as RunRecord, events };
  }
}
