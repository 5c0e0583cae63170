import { createHash } from 'node:crypto';
import { escapeLiteral } from 'pg';
import type { RunStoreTables } from './run-store-schema';

/** Epoch milliseconds of a timestamptz column, as a float8 (a JS number). */
const ms = (column: string): string => `floor(extract(epoch from ${column}) * 1000)::float8`;
/** `now()` plus a number of milliseconds given as a parameter. */
const plusMs = (param: string): string => `now() + (${param}::float8 * interval '1 millisecond')`;

/** The columns that say who holds a run, in the shape `ClaimView` reads. */
const VIEW = `status, claim_token AS token, ${ms('claimed_at')} AS "claimedAt", ${ms('lease_expires_at')} AS "leaseExpiresAt", ${ms('completed_at')} AS "completedAt"`;

/** The pairs of `json_build_object` for a ledger entry, in the shape of {@link CALL_COLUMNS}. */
const CALL_JSON = `'callId', call_id, 'toolName', tool_name, 'status', status, 'attempts', attempts, 'startedAt', ${ms('started_at')}, 'finishedAt', ${ms('finished_at')}, 'output', output`;

/** The columns of a ledger entry, in the shape `CallLedgerEntry` reads. */
const CALL_COLUMNS = `call_id AS "callId", tool_name AS "toolName", status, attempts, ${ms('started_at')} AS "startedAt", ${ms('finished_at')} AS "finishedAt", output`;

/**
 * Every statement of the store, for one pair of tables. Times come from the database's clock
 * (`now()`), so replicas with skewed clocks agree on leases and expiry.
 */
export function runStoreSql(t: RunStoreTables) {
  const live = 'expires_at > now()';
  return {
    insert: `INSERT INTO ${t.runs} (id, status, revision, state, pending_call_ids, interruptions, expires_at)
      VALUES ($1, 'paused', $2, $3, $4, $5, ${plusMs('$6')})`,

    saveClaimed: `UPDATE ${t.runs} SET revision = $3, state = $4, pending_call_ids = $5, interruptions = $6, decisions = '{}'::jsonb,
        status = $7,
        claim_token = CASE WHEN $7 = 'paused' THEN NULL ELSE claim_token END,
        claimed_at = CASE WHEN $7 = 'paused' THEN NULL ELSE claimed_at END,
        lease_expires_at = CASE WHEN $7 = 'paused' THEN NULL ELSE lease_expires_at END,
        updated_at = now(), expires_at = ${plusMs('$8')}
      WHERE id = $1 AND status = 'claimed' AND claim_token = $2 AND ${live}`,

    load: `SELECT revision, state, decisions, status, ${ms('completed_at')} AS "completedAt", ${ms('updated_at')} AS "updatedAt"
      FROM ${t.runs} WHERE id = $1 AND ${live}`,


    view: `SELECT ${VIEW} FROM ${t.runs} WHERE id = $1 AND ${live}`,

    // The common claim in one prepared statement: a paused run, claimed together with a read of its
    // state and ledger. The ledger read shares the statement's snapshot, which is safe only when
    // the row claimed is the very version that snapshot saw (`xmin` unchanged, re-checked after
    // any lock wait): every call of a previous holder was committed before that version (its
    // `beginCall` locks the claimed row, so the pause that made this version waited for it), and
    // a call started since would need a claim, which makes a newer version. Anything else — a
    // takeover of an expired lease, a run changed while the claim waited, a refusal — returns no
    // row, and the claim falls back to `claimBatch`. Always one row: when the claim is not won, the
    // run as the snapshot saw it (`held*`, all NULL when there is none), so that a claim refused
    // for good (a completed run, a live lease, no such run) is explained without asking again.
    // A won claim skips that read: `NOT EXISTS (SELECT 1 FROM won)` is a one-time filter ahead of
    // the scan (`OFFSET 0` keeps the subquery from being flattened into a join filter, which
    // would scan the run and then drop the row).
    claimPaused: `WITH seen AS (SELECT xmin AS version FROM ${t.runs} WHERE id = $1),
      won AS (
        UPDATE ${t.runs} SET status = 'claimed', claim_token = $2, claimed_at = now(), lease_expires_at = ${plusMs('$3')},
          attempts = attempts + 1, updated_at = now()
        WHERE id = $1 AND ${live} AND status = 'paused' AND xmin = (SELECT version FROM seen)
        RETURNING ${ms('claimed_at')} AS "claimedAt", ${ms('lease_expires_at')} AS "leaseExpiresAt", attempts, revision, state, decisions)
      SELECT won.*,
        CASE WHEN won.attempts IS NOT NULL THEN (SELECT coalesce(json_agg(json_build_object(${CALL_JSON}) ORDER BY started_at, call_id), '[]'::json)
          FROM ${t.calls} WHERE run_id = $1) END AS calls,
        held.status AS "heldStatus", held."claimedAt" AS "heldClaimedAt", held."leaseExpiresAt" AS "heldLeaseExpiresAt", held."completedAt" AS "heldCompletedAt"
      FROM (SELECT 1) AS one
        LEFT JOIN won ON true
        LEFT JOIN (SELECT ${VIEW} FROM ${t.runs} WHERE NOT EXISTS (SELECT 1 FROM won) AND id = $1 AND ${live} OFFSET 0) AS held ON true`,

    renew: `UPDATE ${t.runs} SET lease_expires_at = ${plusMs('$3')}, updated_at = now()
      WHERE id = $1 AND status = 'claimed' AND claim_token = $2 AND ${live}
      RETURNING ${ms('lease_expires_at')} AS "leaseExpiresAt"`,

    // One statement: the run is marked completed and its ledger dropped together. $2 is the
    // claim's token, or NULL to complete whatever holds the run.
    complete: `WITH done AS (
        UPDATE ${t.runs} SET status = 'completed', completed_at = now(), state = NULL, interruptions = NULL, pending_call_ids = '{}',
          decisions = '{}'::jsonb, claim_token = NULL, claimed_at = NULL, lease_expires_at = NULL, updated_at = now(), expires_at = ${plusMs('$3')}
        WHERE id = $1 AND ${live} AND status <> 'completed' AND ($2::text IS NULL OR (status = 'claimed' AND claim_token = $2))
        RETURNING id),
      gone AS (DELETE FROM ${t.calls} WHERE run_id IN (SELECT id FROM done))
      SELECT count(*)::int AS n FROM done`,

    release: `UPDATE ${t.runs} SET status = 'paused', claim_token = NULL, claimed_at = NULL, lease_expires_at = NULL, updated_at = now()
      WHERE id = $1 AND ${live} AND status = 'claimed' AND ($2::text IS NULL OR claim_token = $2)`,

    list: `SELECT id, status, ${ms('updated_at')} AS "updatedAt" FROM ${t.runs}
      WHERE ${live} AND ($1::text IS NULL OR status = $1) AND ($2::float8 IS NULL OR updated_at <= now() - ($2::float8 * interval '1 millisecond'))
      ORDER BY updated_at, id LIMIT $3`,

    inspect: `SELECT id, status, revision, interruptions, decisions, attempts, ${ms('created_at')} AS "createdAt", ${ms('updated_at')} AS "updatedAt",
        ${ms('expires_at')} AS "expiresAt", ${ms('claimed_at')} AS "claimedAt", ${ms('lease_expires_at')} AS "leaseExpiresAt",
        ${ms('completed_at')} AS "completedAt", claim_token AS token
      FROM ${t.runs} WHERE id = $1 AND ${live}`,

    decisionTarget: `SELECT revision, pending_call_ids AS "pendingCallIds", ${VIEW} FROM ${t.runs} WHERE id = $1 AND ${live}`,

    decide: `UPDATE ${t.runs} SET decisions = decisions || jsonb_build_object($2::text, $3::text), updated_at = now()
      WHERE id = $1 AND ${live} AND status = 'paused' AND revision = $4 AND $2 = ANY (pending_call_ids)`,

    purge: `DELETE FROM ${t.runs} WHERE expires_at <= now()`,

    // The insert happens only while the claim holds, and the run's row is locked against a
    // takeover meanwhile (FOR SHARE), so a lost claim can never start a call.
    beginCall: `WITH owner AS (SELECT id FROM ${t.runs} WHERE id = $1 AND status = 'claimed' AND claim_token = $2 AND ${live} FOR SHARE),
      ins AS (INSERT INTO ${t.calls} (run_id, call_id, tool_name, status) SELECT id, $3, $4, 'started' FROM owner
              ON CONFLICT (run_id, call_id) DO NOTHING RETURNING call_id)
      SELECT (SELECT count(*) FROM owner)::int AS owned, (SELECT count(*) FROM ins)::int AS inserted`,

    restartCall: `UPDATE ${t.calls} c SET status = 'started', attempts = c.attempts + 1, started_at = now(), finished_at = NULL, output = NULL
      FROM ${t.runs} r WHERE c.run_id = $1 AND c.call_id = $3 AND r.id = c.run_id AND r.status = 'claimed' AND r.claim_token = $2`,

    finishCall: `UPDATE ${t.calls} SET status = 'finished', finished_at = now(), output = $3::jsonb WHERE run_id = $1 AND call_id = $2`,

    forgetCall: `DELETE FROM ${t.calls} WHERE run_id = $1 AND call_id = $2`,

    calls: `SELECT ${CALL_COLUMNS} FROM ${t.calls} WHERE run_id = $1 ORDER BY started_at, call_id`,

    call: `SELECT ${CALL_COLUMNS} FROM ${t.calls} WHERE run_id = $1 AND call_id = $2`,
  };
}

/** The statements of one store. */
export type RunStoreSql = ReturnType<typeof runStoreSql>;

/** A statement sent as a named prepared statement: parsed and planned once per connection. */
export interface NamedStatement {
  name: string;
  text: string;
}

/**
 * The store's statements as named prepared statements. The name is a digest of the text, so two
 * stores on one pool with different tables never share a name for different texts.
 */
export function namedStatements(sql: RunStoreSql): { [K in keyof RunStoreSql]: NamedStatement } {
  const out = {} as { [K in keyof RunStoreSql]: NamedStatement };
  for (const key of Object.keys(sql) as Array<keyof RunStoreSql>) {
    const text = sql[key];
    out[key] = { name: `tw_${key}_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`, text };
  }
  return out;
}

/**
 * A claim in one round trip: three statements sent together (PostgreSQL's simple query protocol
 * takes no parameters, so the values are quoted with pg's `escapeLiteral`). They run as one
 * implicit transaction, but under READ COMMITTED each statement reads a snapshot of its own:
 * 1. the claim, a conditional `UPDATE` returning the stored state and its decisions (the row it
 *    returns is the newest version, re-checked after any lock wait, so it is what `load` would read);
 * 2. the call ledger, read after the claim holds the row: a `beginCall` of the previous holder
 *    locks the row (FOR SHARE) until it commits, so every call it started is visible here, and
 *    none can start after (its token no longer matches). One statement would not do: its snapshot
 *    would predate the lock wait and could miss such a call;
 * 3. who holds the run, to explain a refused claim without another round trip.
 */
export function claimBatch(t: RunStoreTables, id: string, token: string, leaseMs: number): string {
  const live = 'expires_at > now()';
  const runId = escapeLiteral(id);
  const lease = `now() + (${escapeLiteral(String(leaseMs))}::float8 * interval '1 millisecond')`;
  return `UPDATE ${t.runs} SET status = 'claimed', claim_token = ${escapeLiteral(token)}, claimed_at = now(), lease_expires_at = ${lease},
    attempts = attempts + 1, updated_at = now()
  WHERE id = ${runId} AND ${live} AND (status = 'paused' OR (status = 'claimed' AND lease_expires_at <= now()))
  RETURNING ${ms('claimed_at')} AS "claimedAt", ${ms('lease_expires_at')} AS "leaseExpiresAt", attempts, revision, state, decisions;
SELECT ${CALL_COLUMNS} FROM ${t.calls}
  WHERE run_id = ${runId} AND EXISTS (SELECT 1 FROM ${t.runs} WHERE id = ${runId} AND claim_token = ${escapeLiteral(token)})
  ORDER BY started_at, call_id;
SELECT ${VIEW} FROM ${t.runs} WHERE id = ${runId} AND ${live}`;
}
