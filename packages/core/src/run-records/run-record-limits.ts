import { UserError } from '../errors/user.error';
import { RUN_RECORD_STATUSES, type RunRecord, type RunRecordStatus } from './run-record';
import type { RunRecordQuery } from './run-records';

/** The bounds every store keeps run records within. */
export const RUN_RECORD_LIMITS = Object.freeze({
  /** Timeline events kept per run; later ones are dropped (an `events_dropped` entry says how many). */
  maxEventsPerRun: 2_000,
  /** Characters of text kept per timeline event (head and tail of longer text). */
  maxEventText: 16_384,
  /** Runs per page of `listRuns` when no limit is given, and the most a page may hold. */
  defaultPageSize: 50,
  maxPageSize: 500,
  /** The longest id, agent name or cursor a query may carry. */
  maxIdLength: 512,
});

/** A query of `listRuns`, checked, with its cursor decoded. */
export interface ResolvedRunQuery {
  status?: RunRecordStatus;
  agent?: string;
  /** Runs strictly after this position (newest first): started earlier, or at the same time with a smaller id. */
  after?: { startedAt: number; id: string };
  limit: number;
}

/** Checks a `listRuns` query (a `UserError` naming the bad field) and decodes its cursor. */
export function resolveRunQuery(query: RunRecordQuery | undefined, where = 'store.listRuns(query)'): ResolvedRunQuery {
  const q = (query ?? {}) as Record<string, unknown>;
  if (typeof q !== 'object' || q === null) throw new UserError(`${where}: the query must be an object such as { status: 'paused', limit: 50 }.`);
  const out: ResolvedRunQuery = { limit: RUN_RECORD_LIMITS.defaultPageSize };
  if (q.status !== undefined) {
    if (!RUN_RECORD_STATUSES.includes(q.status as RunRecordStatus)) throw new UserError(`${where}: status must be one of ${RUN_RECORD_STATUSES.join(', ')}.`);
    out.status = q.status as RunRecordStatus;
  }
  if (q.agent !== undefined) {
    if (typeof q.agent !== 'string' || q.agent.length === 0 || q.agent.length > RUN_RECORD_LIMITS.maxIdLength) throw new UserError(`${where}: agent must be an agent's name (1 to ${RUN_RECORD_LIMITS.maxIdLength} characters).`);
    out.agent = q.agent;
  }
  if (q.limit !== undefined) {
    if (!Number.isInteger(q.limit) || (q.limit as number) < 1 || (q.limit as number) > RUN_RECORD_LIMITS.maxPageSize) throw new UserError(`${where}: limit must be an integer from 1 to ${RUN_RECORD_LIMITS.maxPageSize}.`);
    out.limit = q.limit as number;
  }
  if (q.cursor !== undefined) out.after = decodeRunCursor(q.cursor, where);
  return out;
}

/** The cursor of the page after `run` (opaque text). */
export function encodeRunCursor(run: Pick<RunRecord, 'startedAt' | 'id'>): string {
  return Buffer.from(JSON.stringify([run.startedAt, run.id]), 'utf8').toString('base64url');
}

/** Reads a cursor made by {@link encodeRunCursor}; anything else is a `UserError`. */
export function decodeRunCursor(cursor: unknown, where = 'store.listRuns({ cursor })'): { startedAt: number; id: string } {
  const bad = (): never => {
    throw new UserError(`${where}: cursor is not a cursor of this store; pass the nextCursor of the previous page, or none for the first page.`);
  };
  if (typeof cursor !== 'string' || cursor.length === 0 || cursor.length > RUN_RECORD_LIMITS.maxIdLength * 2) return bad();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return bad();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || !Number.isSafeInteger(parsed[0]) || typeof parsed[1] !== 'string' || parsed[1].length > RUN_RECORD_LIMITS.maxIdLength) return bad();
  return { startedAt: parsed[0] as number, id: parsed[1] as string };
}

/** Newest first: later start first, then the larger id. */
export function compareNewestFirst(a: Pick<RunRecord, 'startedAt' | 'id'>, b: Pick<RunRecord, 'startedAt' | 'id'>): number {
  if (a.startedAt !== b.startedAt) return b.startedAt - a.startedAt;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** Whether `run` comes after the cursor position (newest first). */
export function isAfterCursor(run: Pick<RunRecord, 'startedAt' | 'id'>, after: { startedAt: number; id: string } | undefined): boolean {
  return after === undefined || compareNewestFirst(after, run) < 0;
}

/** Checks a record id given to a store (`recordRun`, `appendEvents`, `getRunView`). */
export function checkRecordId(id: unknown, where: string): asserts id is string {
  if (typeof id !== 'string' || id.length === 0 || id.length > RUN_RECORD_LIMITS.maxIdLength) {
    throw new UserError(`${where}: the run id must be a non-empty string of at most ${RUN_RECORD_LIMITS.maxIdLength} characters.`);
  }
}

/** Checks a record before a store writes it. */
export function checkRecord(record: RunRecord, where = 'store.recordRun(record)'): void {
  if (typeof record !== 'object' || record === null) throw new UserError(`${where}: the record must be an object.`);
  checkRecordId(record.id, where);
  if (record.runId !== undefined) checkRecordId(record.runId, `${where} (runId)`);
  if (!RUN_RECORD_STATUSES.includes(record.status)) throw new UserError(`${where}: status must be one of ${RUN_RECORD_STATUSES.join(', ')}.`);
  if (record.status === 'lost') throw new UserError(`${where}: status "lost" is not written; it is how readers show a running run without a recent heartbeat. Record the run as running.`);
  if (typeof record.agent !== 'string' || record.agent.length > RUN_RECORD_LIMITS.maxIdLength) throw new UserError(`${where}: agent must be the agent's name.`);
  if (!Number.isSafeInteger(record.startedAt) || !Number.isSafeInteger(record.updatedAt)) throw new UserError(`${where}: startedAt and updatedAt must be epoch milliseconds.`);
}

/** Cuts text to `max` characters, keeping its head and tail around a marker. */
export function boundText(text: string, max: number = RUN_RECORD_LIMITS.maxEventText): { text: string; fullLength?: number } {
  if (text.length <= max) return { text };
  const head = Math.floor(max * 0.75);
  const tail = max - head;
  return { text: `${text.slice(0, head)}\n… [${text.length - max} characters cut] …\n${text.slice(text.length - tail)}`, fullLength: text.length };
}
