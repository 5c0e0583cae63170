import type { RunRecord } from './run-record';

/** Injection token of the {@link RunStateStore}. */
export const RUN_STATE_STORE = Symbol('RUN_STATE_STORE');

/**
 * Where paused runs wait for approval. The app ships an in-memory store; a database-backed one
 * implements the same two methods and replaces it in `RunsModule`'s providers.
 */
export interface RunStateStore {
  save(record: RunRecord): Promise<void>;
  get(id: string): Promise<RunRecord | undefined>;
}
