import type { AdapterId } from '../adapters/adapter';

/** What one adapter produced in one scenario: samples per metric, or the error that stopped it. */
export interface AdapterResult {
  samples: Record<string, number[]>;
  error?: string;
  notes: string[];
}

/** Results of one scenario, per adapter. */
export type SessionResult = Partial<Record<AdapterId, AdapterResult>>;

/** The result slot of `id`, created on first use. */
export function slot(results: SessionResult, id: AdapterId): AdapterResult {
  let r = results[id];
  if (!r) {
    r = { samples: {}, notes: [] };
    results[id] = r;
  }
  return r;
}

/** Appends `value` to metric `metric` of adapter `id`. */
export function record(results: SessionResult, id: AdapterId, metric: string, value: number): void {
  const r = slot(results, id);
  (r.samples[metric] ??= []).push(value);
}

/** Records `error` against adapter `id` (the first error wins; later samples are dropped). */
export function fail(results: SessionResult, id: AdapterId, error: unknown): void {
  const r = slot(results, id);
  if (r.error === undefined) r.error = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Whether adapter `id` has already failed in this session (so it is skipped from then on). */
export function failed(results: SessionResult, id: AdapterId): boolean {
  return results[id]?.error !== undefined;
}

/** Throws when `condition` is false; the message names the adapter and what was wrong. */
export function check(condition: boolean, id: AdapterId, message: string): asserts condition {
  if (!condition) throw new Error(`${id}: ${message}`);
}
