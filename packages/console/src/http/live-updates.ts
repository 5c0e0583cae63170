import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RunRecords } from '@toolwright/core';
import type { SafeHtml } from '../pages/html';
import { timelineItem } from '../pages/timeline';

/** What the live stream sends besides new timeline entries: the run's facts and pending calls, rendered. */
export type LiveRender = (runKey: string) => Promise<{ version: string; facts: SafeHtml; pending: SafeHtml } | undefined>;

/** A stream is closed after this long; the browser's EventSource reconnects on its own. */
const MAX_STREAM_MS = 5 * 60_000;

/**
 * Server-sent events of a run's page: new timeline entries (`timeline`, rendered and escaped on
 * the server) and, when the run changes, its facts and pending calls (`run`). The store is polled,
 * so a run executed by any process or replica shows up.
 */
export function streamRun(req: IncomingMessage, res: ServerResponse, store: RunRecords, runKey: string, after: number, initialVersion: string, render: LiveRender, pollMs: number): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Connection', 'keep-alive');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  res.write('retry: 1000\n\n');
  let seq = after;
  let version = initialVersion;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const started = Date.now();
  const stop = (): void => {
    closed = true;
    if (timer) clearTimeout(timer);
    if (!res.writableEnded) res.end();
  };
  res.on('close', stop);
  res.on('error', stop);
  const tick = async (): Promise<void> => {
    if (closed) return;
    try {
      const view = await store.getRunView(runKey, { afterSeq: seq });
      if (closed) return;
      if (!view) return stop();
      const longest = Number(req.headers['x-longest'] ?? 0) || 0;
      for (const event of view.events) {
        seq = Math.max(seq, event.seq);
        res.write(`id: ${event.seq}\nevent: timeline\ndata: ${JSON.stringify({ html: timelineItem(event, longest).value, durationMs: event.durationMs ?? null })}\n\n`);
      }
      const current = await render(runKey);
      if (closed) return;
      if (current && current.version !== version) {
        version = current.version;
        res.write(`event: run\ndata: ${JSON.stringify({ facts: current.facts.value, pending: current.pending.value })}\n\n`);
      }
    } catch {
      // A store hiccup: try again at the next tick.
    }
    if (Date.now() - started > MAX_STREAM_MS) return stop();
    timer = setTimeout(() => void tick(), pollMs);
    timer.unref?.();
  };
  void tick();
}
