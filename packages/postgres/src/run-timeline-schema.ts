import { runStoreTables } from './run-store-schema';

/** Quoted names of the run records tables of one store: `<table>_records` and `<table>_events`. */
export interface RunTimelineTables {
  records: string;
  events: string;
  base: string;
}

/** The record tables beside a store's runs table. */
export function runTimelineTables(table?: string): RunTimelineTables {
  const t = runStoreTables(table);
  const schema = t.runs.includes('.') ? t.runs.slice(0, t.runs.indexOf('.') + 1) : '';
  return { records: `${schema}"${t.base}_records"`, events: `${schema}"${t.base}_events"`, base: t.base };
}

/**
 * The migration of the run records (runs kept from their start, with their timeline): idempotent.
 * `migrations/002_toolwright_run_timeline.sql` is this text for the default table name. Texts are
 * stored as JSON text (not jsonb), so any output (NUL characters included, escaped) is kept.
 */
export function runTimelineMigration(table?: string): string {
  const t = runTimelineTables(table);
  return `-- Toolwright run records: runs from their start with their event timeline (@toolwright/postgres).
CREATE TABLE IF NOT EXISTS ${t.records} (
  id         text PRIMARY KEY,
  run_id     text,
  agent      text NOT NULL,
  status     text NOT NULL CHECK (status IN ('running', 'paused', 'completed', 'failed', 'stopped')),
  started_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  record     text NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS "${t.base}_records_run_id_idx" ON ${t.records} (run_id) WHERE run_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS "${t.base}_records_newest_idx" ON ${t.records} (started_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS "${t.base}_records_status_idx" ON ${t.records} (status, started_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS "${t.base}_records_agent_idx" ON ${t.records} (agent, started_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS "${t.base}_records_updated_idx" ON ${t.records} (updated_at);
CREATE TABLE IF NOT EXISTS ${t.events} (
  record_id text NOT NULL REFERENCES ${t.records} (id) ON DELETE CASCADE,
  seq       integer NOT NULL,
  event     text NOT NULL,
  PRIMARY KEY (record_id, seq)
);
`;
}
