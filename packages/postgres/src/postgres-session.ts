import { SessionBusyError, UserError, type Item, type Session, type SessionOptions } from '@toolwright/core';
import { sessionKit, type ItemCodecScope, type ResolvedSessionOptions } from '@toolwright/core/extend';
import { Pool, type PoolClient, type PoolConfig } from 'pg';
import { runLockedMigration } from './locked-migration';
import { DEFAULT_SESSIONS_TABLE, sessionMigration, sessionTables, type SessionTables } from './session-schema';
import { sessionSql, type SessionSql } from './session-sql';

/** Options of `new PostgresSession(...)`. */
export interface PostgresSessionOptions extends SessionOptions {
  /** A pool of your own, shared by every session of the application (the session never ends it). */
  pool?: Pool;
  /** Otherwise a connection string; the session makes a pool and `close()` ends it. */
  connectionString?: string;
  /** Further settings of the pool the session makes. */
  poolConfig?: PoolConfig;
  /** The session's id (the conversation it names). */
  id: string;
  /** The sessions table (default `toolwright_sessions`; items are in `<table>_items`), optionally `schema.table`. */
  table?: string;
  /**
   * Create the tables on first use when they are missing (the SQL of `sessionMigration`, under an
   * advisory lock, once per pool and table). Default true; pass false when your migrations do it.
   */
  createTables?: boolean;
  /**
   * Signs every item (HMAC-SHA256, bound to the session id) with this secret of at least 16
   * characters, shared by every replica: an item changed in the database, or moved from another
   * session, is then refused. Without it items are stored unsigned.
   */
  secret?: string;
  /** How long a write waits for another write to the same session before `SessionBusyError` (default 10,000 ms). */
  lockTimeoutMs?: number;
}

const DEFAULT_LOCK_TIMEOUT_MS = 10_000;
/** The migration each pool ran (or is running), by table: run once per process. */
const migrations = new WeakMap<Pool, Map<string, Promise<void>>>();

/**
 * A `Session` on PostgreSQL, shared by every replica. One row per item, numbered in order; every
 * write locks the session's row, so concurrent `addItems` (two requests, two replicas) are applied
 * one after the other and each call's items stay together and in order. `getItems(limit)` reads
 * only the latest `limit` rows. Trimming to `maxItems` (or `compact`) happens in the same
 * transaction as the append.
 *
 * @example
 * const pool = new Pool({ connectionString: process.env.DATABASE_URL });
 * const session = new PostgresSession({ pool, id: `chat:${userId}:${conversationId}`, secret: process.env.SESSION_SECRET });
 * const result = await runner.run(agent, 'And tomorrow?', { session });
 */
export class PostgresSession implements Session {
  readonly id: string;
  /** The pool the session queries through. */
  readonly pool: Pool;
  private readonly options: ResolvedSessionOptions;
  private readonly scope: ItemCodecScope;
  private readonly table: string;
  private readonly tables: SessionTables;
  private readonly sql: SessionSql;
  private readonly ownsPool: boolean;
  private readonly createTables: boolean;
  private readonly lockTimeoutMs: number;

  constructor(options: PostgresSessionOptions) {
    if (typeof options !== 'object' || options === null) throw new UserError('new PostgresSession({ pool | connectionString, id }) needs its options.');
    sessionKit.checkSessionId(options.id, 'new PostgresSession({ id })');
    this.id = options.id;
    this.options = sessionKit.resolveSessionOptions(options, 'new PostgresSession()');
    if (options.secret !== undefined) sessionKit.checkSecret(options.secret, 'new PostgresSession({ secret })');
    this.scope = { sessionId: options.id, secret: options.secret, maxItemLength: this.options.maxItemLength };
    this.table = options.table ?? DEFAULT_SESSIONS_TABLE;
    this.tables = sessionTables(this.table);
    this.sql = sessionSql(this.tables);
    this.createTables = options.createTables !== false;
    const lock = options.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS;
    if (typeof lock !== 'number' || !Number.isInteger(lock) || lock < 1 || lock > 600_000) {
      throw new UserError(`new PostgresSession({ lockTimeoutMs }): a whole number of milliseconds from 1 to 600000, got ${String(lock)}.`);
    }
    this.lockTimeoutMs = lock;
    if (options.pool !== undefined) {
      this.pool = options.pool;
      this.ownsPool = false;
    } else if (typeof options.connectionString === 'string' && options.connectionString !== '') {
      this.pool = new Pool({ ...options.poolConfig, connectionString: options.connectionString });
      // An idle connection the server drops is replaced on the next query; unheard, it would crash the process.
      this.pool.on('error', () => undefined);
      this.ownsPool = true;
    } else {
      throw new UserError('new PostgresSession(): pass a pg Pool ({ pool }) or a connection string ({ connectionString: "postgres://..." }).');
    }
  }

  /** Creates the tables if missing (what happens on first use unless `createTables: false`). */
  async migrate(): Promise<void> {
    await runLockedMigration(this.pool, `toolwright-sessions:${this.tables.sessions}`, sessionMigration(this.table));
  }

  /** Ends the pool if the session made it. */
  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }

  async getItems(limit?: number): Promise<Item[]> {
    const n = sessionKit.checkLimit(limit);
    if (n === 0) return [];
    await this.ready();
    const { rows } = n === undefined ? await this.pool.query(this.sql.all, [this.id]) : await this.pool.query(this.sql.latest, [this.id, n]);
    return rows.map((row: { item: string }) => sessionKit.decodeItem(row.item, this.scope));
  }

  async addItems(items: Item[]): Promise<void> {
    sessionKit.checkItemList(items, sessionKit.limits.maxItemsPerAdd);
    const encoded = items.map((item, i) => sessionKit.encodeItem(item, i, this.scope));
    if (encoded.length === 0) return;
    await this.ready();
    await this.transaction('addItems', async (client) => {
      const first = await this.bump(client, encoded.length);
      await client.query(this.sql.insertItems, [this.id, encoded.map((_, i) => String(first + BigInt(i))), items.map((item) => item.type), encoded]);
      const { rows } = await client.query(this.sql.count, [this.id]);
      const count = rows[0].n as number;
      if (count > this.options.maxItems) await this.shrink(client, count);
    });
  }

  async popItem(): Promise<Item | undefined> {
    await this.ready();
    const row = await this.transaction('popItem', async (client) => {
      await client.query(this.sql.lockSession, [this.id]);
      const { rows } = await client.query(this.sql.popLatest, [this.id]);
      return rows[0] as { item: string } | undefined;
    });
    return row === undefined ? undefined : sessionKit.decodeItem(row.item, this.scope);
  }

  async clear(): Promise<void> {
    await this.ready();
    await this.transaction('clear', (client) => client.query(this.sql.deleteSession, [this.id]));
  }

  /** Numbers `n` new items on the session's row (creating it), locking it; returns the first number. */
  private async bump(client: PoolClient, n: number): Promise<bigint> {
    const { rows } = await client.query(this.sql.bump, [this.id, n]);
    return BigInt(rows[0].next_seq as string) - BigInt(n);
  }

  /** Brings the session back to `maxItems`: through `compact` when there is one, else by dropping the oldest. */
  private async shrink(client: PoolClient, count: number): Promise<void> {
    if (this.options.compact) {
      const { rows } = await client.query(this.sql.all, [this.id]);
      const all = rows.map((row: { item: string }) => sessionKit.decodeItem(row.item, this.scope));
      const kept: Item[] = await sessionKit.compactedItems(all, this.options, this.id);
      const encoded = kept.map((item, i) => sessionKit.encodeItem(item, i, this.scope));
      await client.query(this.sql.dropAll, [this.id]);
      if (encoded.length === 0) return;
      const first = await this.bump(client, encoded.length);
      await client.query(this.sql.insertItems, [this.id, encoded.map((_, i) => String(first + BigInt(i))), kept.map((item) => item.type), encoded]);
      return;
    }
    await client.query(this.sql.dropOldest, [this.id, count - this.options.maxItems]);
    // Outputs whose calls were dropped go too: a provider refuses an output without its call.
    for (;;) {
      const { rows } = await client.query(this.sql.head, [this.id, 100]);
      const orphans = sessionKit.orphanedHead(rows.map((r: { item_type: string }) => ({ type: r.item_type as Item['type'] })));
      if (orphans === 0) return;
      await client.query(this.sql.dropThrough, [this.id, rows[orphans - 1].seq]);
      if (orphans < rows.length) return;
    }
  }

  private async transaction<T>(operation: string, work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SET LOCAL lock_timeout = '${this.lockTimeoutMs}ms'`);
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      if ((error as { code?: unknown }).code === '55P03') {
        throw new SessionBusyError(this.id, operation, `waited more than ${this.lockTimeoutMs} ms (lockTimeoutMs) for another write to the session`);
      }
      throw error;
    } finally {
      client.release();
    }
  }

  private ready(): Promise<void> {
    if (!this.createTables) return Promise.resolve();
    let byTable = migrations.get(this.pool);
    if (!byTable) migrations.set(this.pool, (byTable = new Map()));
    let done = byTable.get(this.table);
    if (!done) {
      done = this.migrate();
      byTable.set(this.table, done);
      // A failed migration is tried again by the next call.
      done.catch(() => byTable!.delete(this.table));
    }
    return done;
  }
}
