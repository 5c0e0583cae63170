import type { Adapter } from '../adapters/adapter';
import { collectGarbage, rotate } from '../harness/stats';
import { fail, failed, record, slot, type SessionResult } from './session-result';

/** Progress updates per streamed run. */
export const UPDATES = 50;

/** Streaming: time from a tool's emit to the stream's consumer receiving the progress event. */
export async function streamingSession(adapters: Adapter[], reps: number): Promise<SessionResult> {
  const results: SessionResult = {};
  const able: Adapter[] = [];
  for (const adapter of adapters) {
    if (!adapter.streamProgress) {
      slot(results, adapter.id).notes.push(adapter.streamingNote ?? 'no progress channel');
      continue;
    }
    try {
      await adapter.streamProgress(UPDATES);
      able.push(adapter);
    } catch (error) {
      fail(results, adapter.id, error);
    }
  }
  for (let r = 0; r < reps; r++) {
    for (const adapter of rotate(able, r)) {
      if (failed(results, adapter.id)) continue;
      try {
        collectGarbage();
        const latencies = await adapter.streamProgress!(UPDATES);
        for (const ms of latencies) record(results, adapter.id, 'stream_us', ms * 1000);
      } catch (error) {
        fail(results, adapter.id, error);
      }
    }
  }
  return results;
}
