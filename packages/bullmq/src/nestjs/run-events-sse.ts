import type { Observable } from 'rxjs';
import { loadOptionalPeer } from '@toolwright/core/extend';
import type { RunQueue } from '../queue/run-queue';

/** One server-sent event as Nest's `@Sse()` sends it. */
export interface RunSseMessage {
  /** The event's id (`eventId`): a browser that reconnects sends it back as `Last-Event-ID`. */
  id: string;
  /** The event's `type` (`tool_output`, `run_completed`, ...), the SSE event name. */
  type: string;
  data: object;
}

/**
 * A run's events as server-sent events for a Nest `@Sse()` route: each event with its `eventId`
 * as the SSE id and its type as the event name. Pass the request's `Last-Event-ID` header as
 * `fromEventId` so a browser that reconnects continues where it stopped. The stream completes
 * with the run; a failed or cancelled run ends it with an `error` event.
 *
 * @example
 * @Sse('runs/:id/events')
 * events(@Param('id') id: string, @Headers('last-event-id') last?: string) {
 *   return runEventsSse(this.queue, id, { fromEventId: last });
 * }
 */
export function runEventsSse(queue: RunQueue, runId: string, options: { fromEventId?: string | undefined } = {}): Observable<RunSseMessage> {
  const { Observable: ObservableClass } = loadOptionalPeer('rxjs', 'runEventsSse', '@toolwright/bullmq', () => require('rxjs') as typeof import('rxjs'));
  return new ObservableClass<RunSseMessage>((subscriber) => {
    let stopped = false;
    const iterator = queue.events(runId, options.fromEventId ? { fromEventId: options.fromEventId } : {});
    void (async () => {
      try {
        for await (const event of iterator) {
          if (stopped) break;
          subscriber.next({ id: event.eventId, type: event.type, data: JSON.parse(JSON.stringify(event, (_k, v: unknown) => (isAgentLike(v) ? { name: v.name } : v))) as object });
        }
        subscriber.complete();
      } catch (error) {
        if (!stopped) subscriber.next({ id: '', type: 'error', data: { name: (error as Error).name, message: (error as Error).message } });
        subscriber.complete();
      }
    })();
    return () => {
      stopped = true;
      void iterator.return(undefined).catch(() => undefined);
    };
  });
}

function isAgentLike(value: unknown): value is { name: string } {
  return typeof value === 'object' && value !== null && value.constructor?.name === 'Agent' && typeof (value as { name?: unknown }).name === 'string';
}
