import { UserError } from '../errors/user.error';
import { DEFAULT_RECORD_HEARTBEAT_MS, DEFAULT_RECORD_LOST_AFTER_MS, DEFAULT_RECORD_TTL_MS, type RunRecordTiming } from '../run-records/run-record-timing';
import { checkStoreSecret, randomId } from './store-signing';

/** Options every run store takes. */
export interface RunStoreOptions {
  /**
   * Signs stored states and decisions (HMAC-SHA256); at least 16 characters, the same on every
   * replica. A state changed in the store, or moved to another run, is refused on load.
   */
  secret: string;
  /** Lifetime of a stored run that is not resumed, in milliseconds (default 7 days). */
  defaultTtlMs?: number;
  /** How long a completed run is remembered, so late claims fail as "completed" (default 1 day). */
  completedTtlMs?: number;
  /** The lease of a claim when `claim` is given none, in milliseconds (default 60,000). */
  defaultLeaseMs?: number;
  /**
   * How often the runner renews the record of a running run (its `updatedAt`), in milliseconds
   * (default 30,000): one write per interval per running run.
   */
  recordHeartbeatMs?: number;
  /**
   * A running run whose record was not renewed for longer than this reads as `lost` (its process
   * most likely died), in milliseconds (default 120,000; at least twice `recordHeartbeatMs`).
   */
  recordLostAfterMs?: number;
  /**
   * How long a run's record and timeline are kept after their last write, in milliseconds
   * (default 30 days): older ones are not shown, and `purgeExpired()` deletes them (Redis expires
   * them itself). Keep it at least `defaultTtlMs`, so a paused run keeps its record.
   */
  recordTtlMs?: number;
}

/** Store options with the defaults applied. */
export interface ResolvedRunStoreOptions {
  secret: string;
  defaultTtlMs: number;
  completedTtlMs: number;
  defaultLeaseMs: number;
  /** The timing of the store's run records. */
  records: RunRecordTiming;
}

/** Default lifetime of a stored run: 7 days. */
export const DEFAULT_RUN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Default memory of a completed run: 1 day. */
export const DEFAULT_COMPLETED_TTL_MS = 24 * 60 * 60 * 1000;
/** Default lease of a claim: 60 seconds. */
export const DEFAULT_LEASE_MS = 60_000;
/** The longest duration a store accepts (about 10 years): larger values are surely a mistake. */
const MAX_DURATION_MS = 10 * 365 * 24 * 60 * 60 * 1000;

/** Checks a store's options and applies defaults; `where` names the constructor. */
export function resolveStoreOptions(options: RunStoreOptions, where: string): ResolvedRunStoreOptions {
  if (typeof options !== 'object' || options === null) throw new UserError(`${where}: options must be an object with at least { secret }.`);
  checkStoreSecret(options.secret, where);
  return {
    secret: options.secret,
    defaultTtlMs: checkDuration(options.defaultTtlMs, DEFAULT_RUN_TTL_MS, `${where} { defaultTtlMs }`),
    completedTtlMs: checkDuration(options.completedTtlMs, DEFAULT_COMPLETED_TTL_MS, `${where} { completedTtlMs }`),
    defaultLeaseMs: checkDuration(options.defaultLeaseMs, DEFAULT_LEASE_MS, `${where} { defaultLeaseMs }`),
    records: resolveRecordTiming(options, where),
  };
}

/** The record options of a store, checked, with defaults. */
function resolveRecordTiming(options: RunStoreOptions, where: string): RunRecordTiming {
  const heartbeatMs = checkDuration(options.recordHeartbeatMs, DEFAULT_RECORD_HEARTBEAT_MS, `${where} { recordHeartbeatMs }`);
  const lostAfterMs = checkDuration(options.recordLostAfterMs, Math.max(DEFAULT_RECORD_LOST_AFTER_MS, heartbeatMs * 4), `${where} { recordLostAfterMs }`);
  if (lostAfterMs < heartbeatMs * 2) {
    throw new UserError(`${where} { recordLostAfterMs }: ${lostAfterMs} ms is less than two heartbeats (recordHeartbeatMs ${heartbeatMs} ms), so live runs would read as lost; make it at least ${heartbeatMs * 2}.`);
  }
  const ttlMs = checkDuration(options.recordTtlMs, DEFAULT_RECORD_TTL_MS, `${where} { recordTtlMs }`);
  return Object.freeze({ heartbeatMs, lostAfterMs, ttlMs });
}

/** A duration option: a whole, positive number of milliseconds, bounded; `fallback` when absent. */
export function checkDuration(value: number | undefined, fallback: number, where: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0 || value > MAX_DURATION_MS) {
    throw new UserError(`${where} must be a whole number of milliseconds between 1 and ${MAX_DURATION_MS}, got ${String(value)}.`);
  }
  return value;
}

/** Throws unless `id` looks like a run id a store could hold (a bounded, printable string). */
export function checkRunId(id: unknown, where: string): asserts id is string {
  if (typeof id !== 'string' || id.length === 0 || id.length > 200 || hasControlCharacter(id)) {
    throw new UserError(`${where}: the run id must be a non-empty string of at most 200 printable characters (the id store.save returned).`);
  }
}

/** A fresh random secret, for an in-process store that nobody else reads. @internal */
export function ephemeralSecret(): string {
  return `${randomId()}${randomId()}`;
}

/** Whether `text` holds a C0 control character (U+0000 to U+001F). */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) < 0x20) return true;
  return false;
}
