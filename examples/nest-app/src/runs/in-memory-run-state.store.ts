import { Injectable } from '@nestjs/common';
import type { RunRecord } from './run-record';
import type { RunStateStore } from './run-state.store';

/** A {@link RunStateStore} in process memory: runs are lost on restart. For demos and tests. */
@Injectable()
export class InMemoryRunStateStore implements RunStateStore {
  private readonly records = new Map<string, string>();

  async save(record: RunRecord): Promise<void> {
    // Stored as text, like a database column would hold it, so nothing shares live objects.
    this.records.set(record.id, JSON.stringify(record));
  }

  async get(id: string): Promise<RunRecord | undefined> {
    const text = this.records.get(id);
    return text === undefined ? undefined : (JSON.parse(text) as RunRecord);
  }
}
