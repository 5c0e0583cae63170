import { UserError } from '@toolwright/core';

/** The default name of the sessions table (its items are in `<table>_items`). */
export const DEFAULT_SESSIONS_TABLE = 'toolwright_sessions';

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,50}$/;

/** Quoted table names of one session table: `sessions` and its `items`, optionally schema-qualified. */
export interface SessionTables {
  sessions: string;
  items: string;
  /** The bare name, for index and lock names. */
  base: string;
}

/**
 * Checks a table name (`toolwright_sessions` or `schema.toolwright_sessions`: lower-case letters,
 * digits and `_`) and returns the quoted names of both tables.
 */
export function sessionTables(table: string = DEFAULT_SESSIONS_TABLE): SessionTables {
  const parts = typeof table === 'string' ? table.split('.') : [];
  if (parts.length < 1 || parts.length > 2 || !parts.every((p) => IDENTIFIER.test(p))) {
    throw new UserError(
      `new PostgresSession({ table }): ${JSON.stringify(table)} is not a valid table name. ` +
        "Use lower-case letters, digits and underscores, optionally with a schema: 'toolwright_sessions' or 'app.toolwright_sessions'.",
    );
  }
  const base = parts[parts.length - 1]!;
  const schema = parts.length === 2 ? `"${parts[0]}".` : '';
  return { sessions: `${schema}"${base}"`, items: `${schema}"${base}_items"`, base };
}

/**
 * The migration that creates the session tables (idempotent: `IF NOT EXISTS`): one row per
 * session (its next item number, the row every write locks) and one row per item, numbered in
 * order. `PostgresSession` runs it on first use unless `createTables: false`;
 * `migrations/002_toolwright_sessions.sql` is this text for the default table name.
 */
export function sessionMigration(table: string = DEFAULT_SESSIONS_TABLE): string {
  const t = sessionTables(table);
  return `-- Toolwright sessions: conversations kept across runs (@toolwright/postgres).
CREATE TABLE IF NOT EXISTS ${t.sessions} (
  id         text PRIMARY KEY,
  next_seq   bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS ${t.items} (
  session_id text NOT NULL REFERENCES ${t.sessions} (id) ON DELETE CASCADE,
  seq        bigint NOT NULL,
  item_type  text NOT NULL,
  item       text NOT NULL,
  PRIMARY KEY (session_id, seq)
);
CREATE INDEX IF NOT EXISTS "${t.base}_updated_idx" ON ${t.sessions} (updated_at);
`;
}
