import type { EventStore } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { UserError } from '@toolwright/core';

/** Options of {@link MemoryEventStore}. */
export interface MemoryEventStoreOptions {
  /** Most events kept per stream (default 1,000); older ones are dropped first. */
  maxEventsPerStream?: number;
  /** Most streams kept (default 10,000); the least recently written is dropped first. */
  maxStreams?: number;
  /** An event older than this is dropped (default 10 minutes). */
  ttlMs?: number;
}

interface StoredStream {
  /** Events in order: [sequence, message]. */
  events: Array<{ seq: number; message: JSONRPCMessage; at: number }>;
  next: number;
}

/**
 * Keeps the events of `serveMcp`'s SSE streams in this process's memory, so that a client whose
 * stream broke resumes it with `Last-Event-ID` (MCP resumability; the SDK's `EventStore`
 * interface). Bounded in streams, events per stream and age. Event ids are
 * `<streamId>_<sequence>`; an unknown or expired id replays nothing. For several server
 * processes behind one endpoint, pass an `EventStore` on a shared store instead.
 */
export class MemoryEventStore implements EventStore {
  private readonly streams = new Map<string, StoredStream>();
  private readonly maxEvents: number;
  private readonly maxStreams: number;
  private readonly ttlMs: number;

  constructor(options: MemoryEventStoreOptions = {}) {
    const positive = (name: keyof MemoryEventStoreOptions, fallback: number): number => {
      const value = options[name];
      if (value === undefined) return fallback;
      if (typeof value !== 'number' || !(value > 0) || !Number.isFinite(value)) throw new UserError(`MemoryEventStore: ${name} must be a positive number (got ${String(value)}).`);
      return value;
    };
    this.maxEvents = positive('maxEventsPerStream', 1000);
    this.maxStreams = positive('maxStreams', 10_000);
    this.ttlMs = positive('ttlMs', 10 * 60 * 1000);
  }

  async storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    let stream = this.streams.get(streamId);
    if (stream) this.streams.delete(streamId);
    else stream = { events: [], next: 1 };
    // Most recently written last, so the first entry is the one to drop.
    this.streams.set(streamId, stream);
    while (this.streams.size > this.maxStreams) this.streams.delete(this.streams.keys().next().value!);
    const seq = stream.next++;
    stream.events.push({ seq, message, at: Date.now() });
    this.prune(stream);
    return `${streamId}_${seq}`;
  }

  async getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    const parsed = parseEventId(eventId);
    return parsed && this.streams.has(parsed.streamId) ? parsed.streamId : undefined;
  }

  async replayEventsAfter(lastEventId: string, { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> }): Promise<string> {
    const parsed = parseEventId(lastEventId);
    if (!parsed) return '';
    const stream = this.streams.get(parsed.streamId);
    if (!stream) return parsed.streamId;
    this.prune(stream);
    for (const event of [...stream.events]) {
      // The priming event (an empty message) only carries an id.
      if (event.seq > parsed.seq && Object.keys(event.message).length > 0) await send(`${parsed.streamId}_${event.seq}`, event.message);
    }
    return parsed.streamId;
  }

  private prune(stream: StoredStream): void {
    const oldest = Date.now() - this.ttlMs;
    let drop = 0;
    while (drop < stream.events.length && (stream.events.length - drop > this.maxEvents || stream.events[drop]!.at < oldest)) drop++;
    if (drop) stream.events.splice(0, drop);
  }
}

function parseEventId(eventId: string): { streamId: string; seq: number } | undefined {
  if (typeof eventId !== 'string' || eventId.length > 512) return undefined;
  const cut = eventId.lastIndexOf('_');
  if (cut <= 0) return undefined;
  const seq = Number(eventId.slice(cut + 1));
  return Number.isSafeInteger(seq) && seq > 0 ? { streamId: eventId.slice(0, cut), seq } : undefined;
}

