import { UserError } from '../errors/user.error';
import type { RunRecord, RunTimelineEvent } from './run-record';
import { checkRecord, checkRecordId, compareNewestFirst, encodeRunCursor, isAfterCursor, resolveRunQuery, RUN_RECORD_LIMITS } from './run-record-limits';
import type { RunRecordPage, RunRecordQuery, RunRecords, RunView } from './run-records';
import { DEFAULT_RECORD_TIMING, isRecordExpired, recordAsShown, recordCutoffs, type RunRecordTiming } from './run-record-timing';

interface KeptRun {
  /** The record as JSON text (readers get copies, as from a real store). */
  record: string;
  startedAt: number;
  updatedAt: number;
  events: string[];
}

/**
 * Run records in this process's memory (`MemoryRunStore`'s): at most `maxRuns` runs, the oldest
 * started forgotten first. Listing walks the runs newest first from the cursor. @internal
 */
export class MemoryRunRecords implements RunRecords {
  private readonly runs = new Map<string, KeptRun>();
  /** Store run id (`result.runId`) → record id. */
  private readonly aliases = new Map<string, string>();
  /** Record ids, newest first once sorted (sorted lazily). */
  private order: string[] = [];
  private sorted = true;

  constructor(private readonly timing: RunRecordTiming = DEFAULT_RECORD_TIMING, private readonly maxRuns = 100_000) {}

  get recordHeartbeatMs(): number {
    return this.timing.heartbeatMs;
  }

  async recordRun(record: RunRecord): Promise<void> {
    checkRecord(record);
    const existing = this.runs.get(record.id);
    const text = JSON.stringify(record);
    if (existing) {
      existing.record = text;
      existing.updatedAt = record.updatedAt;
    } else {
      this.runs.set(record.id, { record: text, startedAt: record.startedAt, updatedAt: record.updatedAt, events: [] });
      this.order.push(record.id);
      this.sorted = false;
      if (this.runs.size > this.maxRuns) this.evictOldest();
    }
    if (record.runId !== undefined) this.aliases.set(record.runId, record.id);
  }

  async appendEvents(id: string, events: RunTimelineEvent[]): Promise<void> {
    checkRecordId(id, 'store.appendEvents(id, events)');
    if (!Array.isArray(events)) throw new UserError('store.appendEvents(id, events): events must be an array of timeline events.');
    const run = this.runs.get(id);
    if (!run) throw new UserError(`store.appendEvents: there is no run record ${JSON.stringify(id.slice(0, 100))}; record the run first (store.recordRun).`);
    for (const event of events) {
      if (run.events.length >= RUN_RECORD_LIMITS.maxEventsPerRun) break;
      run.events.push(JSON.stringify(event));
    }
  }

  async listRuns(query?: RunRecordQuery): Promise<RunRecordPage> {
    const q = resolveRunQuery(query);
    const cutoffs = recordCutoffs(this.timing);
    this.sort();
    const runs: RunRecord[] = [];
    let i = 0;
    if (q.after) {
      // Binary search for the first run after the cursor (the order is newest first).
      let lo = 0;
      let hi = this.order.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        const r = this.runs.get(this.order[mid]!)!;
        if (isAfterCursor({ startedAt: r.startedAt, id: this.order[mid]! }, q.after)) hi = mid;
        else lo = mid + 1;
      }
      i = lo;
    }
    for (; i < this.order.length && runs.length <= q.limit; i++) {
      const kept = this.runs.get(this.order[i]!)!;
      if (isRecordExpired(kept, cutoffs)) continue;
      const record = recordAsShown(JSON.parse(kept.record) as RunRecord, cutoffs);
      if (q.status !== undefined && record.status !== q.status) continue;
      if (q.agent !== undefined && record.agent !== q.agent) continue;
      runs.push(record);
    }
    const more = runs.length > q.limit;
    if (more) runs.length = q.limit;
    return more ? { runs, nextCursor: encodeRunCursor(runs[runs.length - 1]!) } : { runs };
  }

  async getRunView(id: string, options: { afterSeq?: number } = {}): Promise<RunView | undefined> {
    checkRecordId(id, 'store.getRunView(id)');
    const run = this.runs.get(id) ?? this.runs.get(this.aliases.get(id) ?? '');
    const cutoffs = recordCutoffs(this.timing);
    if (!run || isRecordExpired(run, cutoffs)) return undefined;
    const after = options.afterSeq ?? 0;
    const events: RunTimelineEvent[] = [];
    for (const text of run.events) {
      const event = JSON.parse(text) as RunTimelineEvent;
      if (event.seq > after) events.push(event);
    }
    return { run: recordAsShown(JSON.parse(run.record) as RunRecord, cutoffs), events };
  }

  /** Deletes the records (and timelines) past the record TTL; returns how many. */
  purgeExpired(): number {
    const cutoffs = recordCutoffs(this.timing);
    const gone = new Set<string>();
    for (const [id, run] of this.runs) {
      if (!isRecordExpired(run, cutoffs)) continue;
      gone.add(id);
      this.forget(id, run);
    }
    if (gone.size > 0) this.order = this.order.filter((id) => !gone.has(id));
    return gone.size;
  }

  private sort(): void {
    if (this.sorted) return;
    this.order.sort((a, b) => compareNewestFirst({ id: a, startedAt: this.runs.get(a)!.startedAt }, { id: b, startedAt: this.runs.get(b)!.startedAt }));
    this.sorted = true;
  }

  private evictOldest(): void {
    this.sort();
    const id = this.order.pop();
    if (id === undefined) return;
    const run = this.runs.get(id);
    if (run) this.forget(id, run);
  }

  private forget(id: string, run: KeptRun): void {
    this.runs.delete(id);
    const runId = (JSON.parse(run.record) as RunRecord).runId;
    if (runId !== undefined && this.aliases.get(runId) === id) this.aliases.delete(runId);
  }
}
