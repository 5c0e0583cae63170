import { UserError } from '@toolwright/core';
import type { Pool, PoolConfig, QueryResult } from 'pg';
import type { Row } from './claim-snapshots';
import { PipelinedConnections } from './pipelined-connections';
import type { NamedStatement } from './run-store-sql';

/** Pipelined connections a store opens at most, unless `pipeline.connections` says otherwise. */
const DEFAULT_PIPELINED_CONNECTIONS = 2;

/** pg's default `idleTimeoutMillis`, for the pipelined connections of a pool configured without one. */
const DEFAULT_IDLE_TIMEOUT_MS = 10_000;

/** Where a statement goes: the pipelined connections (short statements) or the pool (lists, purges). */
export type Route = 'pipeline' | 'pool';

/** A statement as a store sends it: named (prepared) or plain text. */
type Statement = NamedStatement | string;

/**
 * Where a store's statements go: its short statements over its pipelined connections when it has
 * them, the rest through the pool; with `createTables`, every statement after the migration.
 */
export class StoreQueries {
  /** Whether the tables are known to be there (no `createTables`, or its migration ran), so a query need not wait. */
  private migrated: boolean;
  private ready: Promise<void> | undefined;

  constructor(
    private readonly pool: Pool,
    private readonly pipeline: PipelinedConnections | undefined,
    /** The migration, when the store creates its tables on first use. */
    private readonly migrate: (() => Promise<void>) | undefined,
  ) {
    this.migrated = migrate === undefined;
  }

  query(statement: Statement, values?: unknown[], route: Route = 'pipeline'): Promise<QueryResult> {
    // Sent at once in the common case; pg copies the statement object and adds the values itself.
    if (this.migrated) return this.send(statement, values, route);
    return this.queryAfterMigration(statement, values, route);
  }

  async rows(statement: Statement, values: unknown[], route?: Route): Promise<Row[]> {
    return (await this.query(statement, values, route)).rows as Row[];
  }

  async one(statement: Statement, values: unknown[], route?: Route): Promise<Row | undefined> {
    return (await this.rows(statement, values, route))[0];
  }

  /** Closes the pipelined connections (the pool is the store's to end). */
  async end(): Promise<void> {
    await this.pipeline?.end();
  }

  private send(statement: Statement, values: unknown[] | undefined, route: Route): Promise<QueryResult> {
    return route === 'pipeline' && this.pipeline ? this.pipeline.query(statement, values) : this.pool.query(statement, values);
  }

  private async queryAfterMigration(statement: Statement, values: unknown[] | undefined, route: Route): Promise<QueryResult> {
    // The first query waits for the migration; a failed one is tried again next time.
    await (this.ready ??= this.migrate!().then(
      () => {
        this.migrated = true;
      },
      (error: unknown) => {
        this.ready = undefined;
        throw error;
      },
    ));
    return this.send(statement, values, route);
  }
}

/**
 * A store's pipelined connections, as its `pipeline` option says (on by default only for a pool
 * the store made, `ownsPool`); `poolConfig` and `connectionString` are what it made that pool with.
 */
export function pipelinedConnections(
  setting: boolean | { connections?: number } | undefined,
  pool: Pool,
  made: { ownsPool: boolean; poolConfig?: PoolConfig; connectionString?: string },
): PipelinedConnections | undefined {
  const pipeline = setting ?? made.ownsPool;
  if (pipeline === false) return undefined;
  const connections = pipeline === true ? DEFAULT_PIPELINED_CONNECTIONS : (pipeline.connections ?? DEFAULT_PIPELINED_CONNECTIONS);
  if (!Number.isInteger(connections) || connections < 1) {
    throw new UserError(`new PostgresRunStore({ pipeline: { connections } }): connections must be a whole number of at least 1, not ${String(connections)}.`);
  }
  // The settings the pool opens its connections with (the password is not enumerable in pool.options).
  const config: PoolConfig = made.ownsPool
    ? { ...made.poolConfig, connectionString: made.connectionString }
    : { ...pool.options, password: pool.options.password };
  return new PipelinedConnections(config, { connections, idleTimeoutMs: config.idleTimeoutMillis || DEFAULT_IDLE_TIMEOUT_MS });
}
