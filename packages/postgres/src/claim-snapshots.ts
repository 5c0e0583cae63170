/** A row as pg returns it. */
export type Row = Record<string, any>;

/**
 * What a claim read along with winning the run: its stored state and its call ledger, handed to
 * the next `load` and `calls` of that run (each once) instead of reading them again.
 */
export interface ClaimSnapshot {
  /** `performance.now()` past which the snapshot is not used: the claim's lease, counted from before it was asked for. */
  deadline: number;
  run?: Row;
  calls?: Row[];
}

/** Most claim snapshots kept (claims whose run is never loaded); the oldest is dropped first. */
const MAX_SNAPSHOTS = 1_000;

/**
 * The claim snapshots of one store, by run id. Using one is as if the `load` or `calls` had run at
 * the claim: no one else can write the run's state or start a call on it while the lease holds
 * (the deadline), and every write of the store to the run drops the snapshot first, so its own
 * writes are always seen.
 */
export class ClaimSnapshots {
  private readonly byRun = new Map<string, ClaimSnapshot>();

  /** Keeps what a claim of run `id` read, in place of an older snapshot of that run. */
  keep(id: string, snapshot: ClaimSnapshot): void {
    this.byRun.delete(id);
    if (this.byRun.size >= MAX_SNAPSHOTS) this.byRun.delete(this.byRun.keys().next().value!);
    this.byRun.set(id, snapshot);
  }

  /** The claim's read of the run (`run`) or its ledger (`calls`), once, while the claim's lease holds. */
  take<K extends 'run' | 'calls'>(id: string, part: K): ClaimSnapshot[K] | undefined {
    const snapshot = this.byRun.get(id);
    if (!snapshot) return undefined;
    const value = snapshot[part];
    delete snapshot[part];
    if (snapshot.run === undefined && snapshot.calls === undefined) this.byRun.delete(id);
    return performance.now() < snapshot.deadline ? value : undefined;
  }

  /** Drops the snapshot of run `id` (the store writes the run). */
  drop(id: string): void {
    this.byRun.delete(id);
  }

  /** Drops the ledger part of run `id`'s snapshot (the store writes its ledger). */
  dropCalls(id: string): void {
    const snapshot = this.byRun.get(id);
    if (snapshot) delete snapshot.calls;
  }
}
