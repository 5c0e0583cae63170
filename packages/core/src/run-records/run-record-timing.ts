import type { RunRecord } from './run-record';

/** How a store's run records age: the heartbeat of running runs, when they read as lost, when they expire. */
export interface RunRecordTiming {
  /** How often the runner renews a running run's record (`updatedAt`), in milliseconds. */
  heartbeatMs: number;
  /** A `running` record not renewed for longer than this reads as `lost`, in milliseconds. */
  lostAfterMs: number;
  /** A record (with its timeline) not written for longer than this has expired: readers skip it, `purgeExpired` deletes it. */
  ttlMs: number;
}

/** Default heartbeat of a running run's record: 30 seconds. */
export const DEFAULT_RECORD_HEARTBEAT_MS = 30_000;
/** Default silence after which a running run reads as lost: 2 minutes (four missed heartbeats). */
export const DEFAULT_RECORD_LOST_AFTER_MS = 120_000;
/** Default lifetime of a run record after its last write: 30 days. */
export const DEFAULT_RECORD_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The timing of a store given none. */
export const DEFAULT_RECORD_TIMING: RunRecordTiming = Object.freeze({
  heartbeatMs: DEFAULT_RECORD_HEARTBEAT_MS,
  lostAfterMs: DEFAULT_RECORD_LOST_AFTER_MS,
  ttlMs: DEFAULT_RECORD_TTL_MS,
});

/** The bounds of a read at `now`: records updated before `lostBefore` while running are lost; before `expiredBefore`, expired. */
export interface RecordCutoffs {
  lostBefore: number;
  expiredBefore: number;
}

/** The cutoffs of a read at `now` (epoch milliseconds). */
export function recordCutoffs(timing: RunRecordTiming, now: number = Date.now()): RecordCutoffs {
  return { lostBefore: now - timing.lostAfterMs, expiredBefore: now - timing.ttlMs };
}

/** A record as readers show it: `running` without a heartbeat since `lostBefore` is `lost`. */
export function recordAsShown(record: RunRecord, cutoffs: RecordCutoffs): RunRecord {
  return record.status === 'running' && record.updatedAt < cutoffs.lostBefore ? { ...record, status: 'lost' } : record;
}

/** Whether a record has expired (its last write is older than the store's record TTL). */
export function isRecordExpired(record: Pick<RunRecord, 'updatedAt'>, cutoffs: RecordCutoffs): boolean {
  return record.updatedAt < cutoffs.expiredBefore;
}
