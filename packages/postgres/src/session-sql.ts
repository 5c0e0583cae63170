import type { SessionTables } from './session-schema';

/** The statements of `PostgresSession`, for one pair of tables. @internal */
export interface SessionSql {
  /** Creates the session row or numbers `$2` more items on it; locks it until the transaction ends. */
  bump: string;
  insertItems: string;
  count: string;
  latest: string;
  all: string;
  head: string;
  dropOldest: string;
  dropThrough: string;
  dropAll: string;
  lockSession: string;
  popLatest: string;
  deleteSession: string;
}

/** @internal */
export function sessionSql(t: SessionTables): SessionSql {
  return {
    bump: `INSERT INTO ${t.sessions} AS s (id, next_seq) VALUES ($1, $2)
      ON CONFLICT (id) DO UPDATE SET next_seq = s.next_seq + EXCLUDED.next_seq, updated_at = now()
      RETURNING next_seq::text AS next_seq`,
    insertItems: `INSERT INTO ${t.items} (session_id, seq, item_type, item)
      SELECT $1, s, ty, it FROM unnest($2::bigint[], $3::text[], $4::text[]) AS u(s, ty, it)`,
    count: `SELECT count(*)::int AS n FROM ${t.items} WHERE session_id = $1`,
    latest: `SELECT item FROM (SELECT seq, item FROM ${t.items} WHERE session_id = $1 ORDER BY seq DESC LIMIT $2) AS l ORDER BY seq ASC`,
    all: `SELECT item FROM ${t.items} WHERE session_id = $1 ORDER BY seq ASC`,
    head: `SELECT seq::text AS seq, item_type FROM ${t.items} WHERE session_id = $1 ORDER BY seq ASC LIMIT $2`,
    dropOldest: `DELETE FROM ${t.items} WHERE session_id = $1 AND seq IN (SELECT seq FROM ${t.items} WHERE session_id = $1 ORDER BY seq ASC LIMIT $2)`,
    dropThrough: `DELETE FROM ${t.items} WHERE session_id = $1 AND seq <= $2::bigint`,
    dropAll: `DELETE FROM ${t.items} WHERE session_id = $1`,
    lockSession: `SELECT 1 FROM ${t.sessions} WHERE id = $1 FOR UPDATE`,
    popLatest: `DELETE FROM ${t.items} WHERE session_id = $1 AND seq = (SELECT max(seq) FROM ${t.items} WHERE session_id = $1) RETURNING item`,
    deleteSession: `DELETE FROM ${t.sessions} WHERE id = $1`,
  };
}
