import type { Pool } from 'pg';

/**
 * Runs `sql` (a migration: `CREATE TABLE IF NOT EXISTS ...`) in one transaction holding the
 * advisory lock named `lock`, so replicas starting together do not race to create the same
 * objects. Rolls back and rethrows on failure; the connection always goes back to the pool.
 * @internal
 */
export async function runLockedMigration(pool: Pool, lock: string, sql: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [lock]);
    await client.query(sql);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
