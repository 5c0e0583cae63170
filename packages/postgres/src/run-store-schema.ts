import { UserError } from '@toolwright/core';

/** The default name of the runs table (the ledger table is `<table>_calls`). */
export const DEFAULT_RUNS_TABLE = 'toolwright_runs';

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,50}$/;

/** Quoted table names for one store: `runs` and its ledger, `calls`, optionally schema-qualified. */
export interface RunStoreTables {
  runs: string;
  calls: string;
  /** The bare name, for index and lock names. */
  base: string;
}

/**
 * Checks a table name (`toolwright_runs` or `schema.toolwright_runs`: lower-case letters, digits
 * and `_`) and returns the quoted names of both tables.
 */
export function runStoreTables(table: string = DEFAULT_RUNS_TABLE): RunStoreTables {
  const parts = typeof table === 'string' ? table.split('.') : [];
  if (parts.length < 1 || parts.length > 2 || !parts.every((p) => IDENTIFIER.test(p))) {
    throw new UserError(
      `new PostgresRunStore({ table }): ${JSON.stringify(table)} is not a valid table name. ` +
        "Use lower-case letters, digits and underscores, optionally with a schema: 'toolwright_runs' or 'app.toolwright_runs'.",
    );
  }
  const base = parts[parts.length - 1]!;
  const schema = parts.length === 2 ? `"${parts[0]}".` : '';
  return { runs: `${schema}"${base}"`, calls: `${schema}"${base}_calls"`, base };
}

/**
 * The migration that creates the store's two tables and their indexes (idempotent: `IF NOT
 * EXISTS`). Run it with your migration tool, or let the store run it on first use with
 * `createTables: true`. `migrations/001_toolwright_run_store.sql` is this text for the default
 * table name.
 */
export function runStoreMigration(table: string = DEFAULT_RUNS_TABLE): string {
  const t = runStoreTables(table);
  return `-- Toolwright run store: paused runs and the call ledger (@toolwright/postgres).
CREATE TABLE IF NOT EXISTS ${t.runs} (
  id               text PRIMARY KEY,
  status           text NOT NULL CHECK (status IN ('paused', 'claimed', 'completed')),
  revision         text,
  state            text,
  pending_call_ids text[] NOT NULL DEFAULT '{}',
  interruptions    text,
  decisions        jsonb NOT NULL DEFAULT '{}'::jsonb,
  claim_token      text,
  claimed_at       timestamptz,
  lease_expires_at timestamptz,
  completed_at     timestamptz,
  attempts         integer NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS "${t.base}_status_updated_idx" ON ${t.runs} (status, updated_at);
CREATE INDEX IF NOT EXISTS "${t.base}_expires_idx" ON ${t.runs} (expires_at);
CREATE TABLE IF NOT EXISTS ${t.calls} (
  run_id      text NOT NULL REFERENCES ${t.runs} (id) ON DELETE CASCADE,
  call_id     text NOT NULL,
  tool_name   text NOT NULL,
  status      text NOT NULL CHECK (status IN ('started', 'finished')),
  attempts    integer NOT NULL DEFAULT 1,
  started_at  timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  output      jsonb,
  PRIMARY KEY (run_id, call_id)
);
`;
}
