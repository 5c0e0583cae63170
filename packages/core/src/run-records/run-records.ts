import type { RunRecord, RunRecordStatus, RunTimelineEvent } from './run-record';

/** A page query of `store.listRuns(...)`: newest run first. */
export interface RunRecordQuery {
  status?: RunRecordStatus;
  /** Only runs started by this agent (its name). */
  agent?: string;
  /** `nextCursor` of the previous page. */
  cursor?: string;
  /** Runs per page (default 50, at most 500). */
  limit?: number;
}

/** One page of runs, newest first; `nextCursor` is set when more follow. */
export interface RunRecordPage {
  runs: RunRecord[];
  nextCursor?: string;
}

/** A run with its timeline (or the part after `afterSeq`). */
export interface RunView {
  run: RunRecord;
  events: RunTimelineEvent[];
}

/**
 * The optional extension of the `RunStore` contract that keeps runs from their start with their
 * event timeline, so that any replica's console shows any run. `MemoryRunStore`,
 * `PostgresRunStore` and `RedisRunStore` implement it; runs started with `{ store }` on such a
 * store are recorded by the runner.
 */
export interface RunRecords {
  /**
   * How often the runner renews a running run's record, in milliseconds (the store's
   * `recordHeartbeatMs`; 30,000 when absent). Readers show a running record not renewed for the
   * store's `recordLostAfterMs` as `lost`.
   */
  readonly recordHeartbeatMs?: number;
  /** Creates or replaces the record of a run (by `record.id`). */
  recordRun(record: RunRecord): Promise<void>;
  /**
   * Appends events to a run's timeline (their `seq` continue the timeline's). Past the store's
   * bound of events per run, later events are dropped (the run's last status events are always
   * kept by the recorder).
   */
  appendEvents(id: string, events: RunTimelineEvent[]): Promise<void>;
  /**
   * Runs newest first, filtered, one page at a time (keyset pagination). A running record
   * without a recent heartbeat is listed as `lost` (and `status: 'lost'` finds those); records
   * past the store's record TTL are not listed.
   */
  listRuns(query?: RunRecordQuery): Promise<RunRecordPage>;
  /**
   * A run and its timeline by its record id or by its store run id (`result.runId`);
   * `afterSeq` returns only later events. `undefined` when there is no such run (or its record
   * expired). Its status is `lost` as in `listRuns`.
   */
  getRunView(id: string, options?: { afterSeq?: number }): Promise<RunView | undefined>;
}

/** Whether a store keeps runs with their timeline (implements {@link RunRecords}). */
export function hasRunRecords<T extends object>(store: T): store is T & RunRecords {
  const s = store as Partial<RunRecords>;
  return typeof s.recordRun === 'function' && typeof s.appendEvents === 'function' && typeof s.listRuns === 'function' && typeof s.getRunView === 'function';
}
