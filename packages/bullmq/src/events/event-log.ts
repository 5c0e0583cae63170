import type { Redis } from 'ioredis';
import type { RunEvent } from '@toolwright/core';
import type { QueueKeys } from '../connection/queue-name';
import { decodeEvent, encodeEvent, type EndEntry, type QueuedRunEvent } from './event-codec';

/** The field of a stream entry holding the event's JSON. */
const FIELD = 'e';

/**
 * The events of each run as a Redis stream (one per run, bounded with `MAXLEN ~`): appended by
 * the worker that runs the run, read by any process from the start or after a given entry id.
 * @internal
 */
export class EventLog {
  constructor(
    private readonly keys: QueueKeys,
    /** Most events kept per run (older ones are trimmed). */
    readonly maxEvents: number,
  ) {}

  /** Appends an event; returns its id. */
  append(redis: Redis, runId: string, event: RunEvent | EndEntry): Promise<string> {
    return redis.xadd(this.keys.events(runId), 'MAXLEN', '~', String(this.maxEvents), '*', FIELD, encodeEvent(event)) as Promise<string>;
  }

  /**
   * Reads the entries after `afterId` (`0` for the start), waiting up to `blockMs` for new ones
   * (`redis` must be a connection of its own while it waits).
   */
  async read(redis: Redis, runId: string, afterId: string, blockMs: number, count = 500): Promise<Array<QueuedRunEvent | (EndEntry & { eventId: string })>> {
    const reply = (await redis.xread('COUNT', count, 'BLOCK', blockMs, 'STREAMS', this.keys.events(runId), afterId)) as Array<[string, Array<[string, string[]]>]> | null;
    if (!reply) return [];
    const out: Array<QueuedRunEvent | (EndEntry & { eventId: string })> = [];
    for (const [, entries] of reply) {
      for (const [id, fields] of entries) {
        const index = fields.indexOf(FIELD);
        if (index < 0) continue;
        out.push({ ...decodeEvent(id, fields[index + 1] ?? '{}'), eventId: id } as QueuedRunEvent | (EndEntry & { eventId: string }));
      }
    }
    return out;
  }
}
