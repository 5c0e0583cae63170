import { UserError, type RateLimiterBackend } from '@toolwright/core';
import { flexibleRateLimiter } from '@toolwright/core/extend';
import { Pool, type PoolConfig } from 'pg';
import { runLockedMigration } from './locked-migration';

/** The default table of rate limit counters. */
export const DEFAULT_RATE_LIMIT_TABLE = 'toolwright_rate_limits';

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,50}$/;

/** Options of `postgresRateLimiter(...)`: the pool options `PostgresRunStore` takes. */
export interface PostgresRateLimiterOptions {
  /** A pool of your own (never ended by the limiter). */
  pool?: Pool;
  /** Otherwise a connection string; the limiter makes a pool (end it with `close()`). */
  connectionString?: string;
  /** Further settings of the pool the limiter makes. */
  poolConfig?: PoolConfig;
  /** The counters' table (default `toolwright_rate_limits`), optionally `schema.table`; created on first use when missing. */
  table?: string;
}

/** A PostgreSQL backend, and how to end the pool it made. */
export type PostgresRateLimiter = RateLimiterBackend & { close(): Promise<void> };

/**
 * Rate limits counted in PostgreSQL (rate-limiter-flexible's `RateLimiterPostgres`: one atomic
 * upsert per call), shared by every replica using the same database. The table is created on
 * first use when missing (under an advisory lock, so replicas starting together do not collide).
 *
 * @example
 * const runner = new Runner({ model, rateLimiter: postgresRateLimiter({ pool }),
 *   rateLimits: [rateLimit({ openWorld: true }, { points: 100, durationMs: 3_600_000 })] });
 */
export function postgresRateLimiter(options: PostgresRateLimiterOptions): PostgresRateLimiter {
  if (typeof options !== 'object' || options === null) throw new UserError('postgresRateLimiter({ pool }) needs a pg Pool ({ pool }) or a connection string ({ connectionString }).');
  const { schema, table } = tableOf(options.table ?? DEFAULT_RATE_LIMIT_TABLE);
  let pool: Pool;
  let ownsPool = false;
  if (options.pool !== undefined) {
    pool = options.pool;
  } else if (typeof options.connectionString === 'string' && options.connectionString !== '') {
    pool = new Pool({ ...options.poolConfig, connectionString: options.connectionString });
    // An idle connection the server drops is replaced on the next query; without a listener it would crash the process.
    pool.on('error', () => undefined);
    ownsPool = true;
  } else {
    throw new UserError('postgresRateLimiter(): pass a pg Pool ({ pool }) or a connection string ({ connectionString: "postgres://..." }).');
  }
  const { RateLimiterPostgres } = require('rate-limiter-flexible') as typeof import('rate-limiter-flexible');
  const backend = flexibleRateLimiter('postgres', (o) =>
    new RateLimiterPostgres({ storeClient: pool, storeType: 'pool', tableName: table, ...(schema ? { schemaName: schema } : {}), tableCreated: true, ...o }),
  );
  let ready: Promise<void> | undefined;
  const createTable = (): Promise<void> => {
    ready ??= createTableOnce(pool, schema, table).catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };
  return {
    kind: backend.kind,
    consume: async (bucket, key) => {
      await createTable();
      return backend.consume(bucket, key);
    },
    refund: async (bucket, key) => {
      await createTable();
      return backend.refund(bucket, key);
    },
    close: async () => {
      if (ownsPool) await pool.end();
    },
  };
}

function tableOf(name: string): { schema?: string; table: string } {
  const parts = typeof name === 'string' ? name.split('.') : [];
  if (parts.length < 1 || parts.length > 2 || !parts.every((p) => IDENTIFIER.test(p))) {
    throw new UserError(
      `postgresRateLimiter({ table }): ${JSON.stringify(name)} is not a valid table name. ` +
        "Use lower-case letters, digits and underscores, optionally with a schema: 'toolwright_rate_limits' or 'app.toolwright_rate_limits'.",
    );
  }
  return parts.length === 2 ? { schema: parts[0]!, table: parts[1]! } : { table: parts[0]! };
}

/** The table rate-limiter-flexible reads and writes (its own schema), created once under an advisory lock. */
async function createTableOnce(pool: Pool, schema: string | undefined, table: string): Promise<void> {
  const qualified = schema ? `"${schema}"."${table}"` : `"${table}"`;
  const sql = `CREATE TABLE IF NOT EXISTS ${qualified} (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`;
  await runLockedMigration(pool, `toolwright-rate-limits:${qualified}`, sql);
}
