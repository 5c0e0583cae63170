import { UserError, type Item, type Session, type SessionOptions } from '@toolwright/core';
import { sessionKit, type ItemCodecScope, type ResolvedSessionOptions } from '@toolwright/core/extend';
import type { Redis, RedisOptions } from 'ioredis';
import { OwnedClient } from './owned-client';
import { DEFAULT_REDIS_PREFIX } from './redis-keys';
import { SESSION_SCRIPTS, type SessionScriptName } from './session-scripts';

/** Options of `new RedisSession(...)`. */
export interface RedisSessionOptions extends SessionOptions {
  /** A client of your own (the session never disconnects it); the session adds its scripts to it. */
  client?: Redis;
  /** Otherwise a URL (`redis://host:6379/0`); the session makes a client and `close()` ends it. */
  url?: string;
  /** Further settings of the client the session makes. */
  redisOptions?: RedisOptions;
  /** The session's id (the conversation it names). */
  id: string;
  /** Prepended to the session's keys (default `toolwright:`). */
  prefix?: string;
  /** The session expires this long after its last write (default: never). */
  ttlMs?: number;
  /**
   * Signs every item (HMAC-SHA256, bound to the session id) with this secret of at least 16
   * characters, shared by every replica: an item changed in Redis, or moved from another
   * session, is then refused. Without it items are stored unsigned.
   */
  secret?: string;
}

type Scripted = Record<SessionScriptName, (...args: Array<string | number>) => Promise<unknown>>;

/** How often `compact` is tried again when other writes changed the session meanwhile, before plain trimming. */
const COMPACT_ATTEMPTS = 5;
const MAX_TTL_MS = 10 * 365 * 24 * 60 * 60 * 1000;

/**
 * A `Session` on Redis, shared by every replica: a list of items and a version counter under
 * `<prefix>session:{<id>}` (one hash tag, so Redis Cluster works). Every write is one Lua script,
 * so the items of one `addItems` are pushed together, in order, and never interleave with
 * another replica's; trimming to `maxItems` happens in the same script. `getItems(limit)` is one
 * `LRANGE` of the latest `limit`. With `ttlMs` the session expires that long after its last write.
 * `compact` runs in this process and replaces the items only if no write came in between (tried
 * again up to 5 times, then the session is trimmed instead).
 *
 * @example
 * const session = new RedisSession({ client: redis, id: `chat:${conversationId}`, ttlMs: 24 * 3600_000, secret: process.env.SESSION_SECRET });
 * const result = await runner.run(agent, 'And tomorrow?', { session });
 */
export class RedisSession implements Session {
  readonly id: string;
  /** The client the session talks through. */
  readonly client: Redis;
  private readonly options: ResolvedSessionOptions;
  private readonly scope: ItemCodecScope;
  private readonly list: string;
  private readonly version: string;
  private readonly ttlMs: number;
  private readonly owned: OwnedClient | undefined;

  constructor(options: RedisSessionOptions) {
    if (typeof options !== 'object' || options === null) throw new UserError('new RedisSession({ client | url, id }) needs its options.');
    sessionKit.checkSessionId(options.id, 'new RedisSession({ id })');
    this.id = options.id;
    this.options = sessionKit.resolveSessionOptions(options, 'new RedisSession()');
    if (options.secret !== undefined) sessionKit.checkSecret(options.secret, 'new RedisSession({ secret })');
    this.scope = { sessionId: options.id, secret: options.secret, maxItemLength: this.options.maxItemLength };
    const prefix = options.prefix ?? DEFAULT_REDIS_PREFIX;
    if (typeof prefix !== 'string' || prefix.length > 100 || /[{}\s]/.test(prefix)) {
      throw new UserError(`new RedisSession({ prefix }): ${JSON.stringify(prefix)} must be a string of at most 100 characters without braces or spaces, e.g. 'myapp:'.`);
    }
    this.list = `${prefix}session:{${options.id}}`;
    this.version = `${this.list}:v`;
    const ttl = options.ttlMs ?? 0;
    if (options.ttlMs !== undefined && (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl < 1 || ttl > MAX_TTL_MS)) {
      throw new UserError(`new RedisSession({ ttlMs }): a whole number of milliseconds from 1 to ${MAX_TTL_MS}, got ${String(ttl)}.`);
    }
    this.ttlMs = ttl;
    if (options.client !== undefined) {
      this.client = options.client;
    } else if (typeof options.url === 'string' && options.url !== '') {
      this.owned = new OwnedClient(options.url, options.redisOptions);
      this.client = this.owned.client;
    } else {
      throw new UserError('new RedisSession(): pass an ioredis client ({ client }) or a URL ({ url: "redis://localhost:6379" }).');
    }
    for (const [name, script] of Object.entries(SESSION_SCRIPTS)) {
      if (typeof (this.client as unknown as Record<string, unknown>)[name] !== 'function') this.client.defineCommand(name, script);
    }
  }

  /** Disconnects the client if the session made it. */
  async close(): Promise<void> {
    await this.owned?.close();
  }

  async getItems(limit?: number): Promise<Item[]> {
    const n = sessionKit.checkLimit(limit);
    if (n === 0) return [];
    await this.owned?.ready();
    const entries = await this.client.lrange(this.list, n === undefined ? 0 : -n, -1);
    return entries.map((entry) => this.decode(entry));
  }

  async addItems(items: Item[]): Promise<void> {
    sessionKit.checkItemList(items, sessionKit.limits.maxItemsPerAdd);
    const entries = items.map((item, i) => this.encode(item, i));
    if (entries.length === 0) return;
    await this.owned?.ready();
    const compact = this.options.compact !== undefined;
    const [length] = (await this.script.toolwrightSessionAdd(this.list, this.version, this.options.maxItems, this.ttlMs, compact ? 'keep' : 'trim', ...entries)) as [number, number];
    if (compact && length > this.options.maxItems) await this.compact();
  }

  async popItem(): Promise<Item | undefined> {
    await this.owned?.ready();
    const last = (await this.script.toolwrightSessionPop(this.list, this.version, this.ttlMs)) as string | null;
    return last === null ? undefined : this.decode(last);
  }

  async clear(): Promise<void> {
    await this.owned?.ready();
    await this.client.del(this.list, this.version);
  }

  /** Replaces the items with what `compact` keeps, unless another write came in between; then tries again. */
  private async compact(): Promise<void> {
    for (let attempt = 0; attempt < COMPACT_ATTEMPTS; attempt++) {
      const [version, ...entries] = (await this.script.toolwrightSessionRead(this.list, this.version)) as string[];
      if (entries.length <= this.options.maxItems) return;
      const kept: Item[] = await sessionKit.compactedItems(entries.map((e) => this.decode(e)), this.options, this.id);
      const encoded = kept.map((item, i) => this.encode(item, i));
      const replaced = await this.script.toolwrightSessionReplace(this.list, this.version, version!, this.options.maxItems, this.ttlMs, ...encoded);
      if (replaced === 1) return;
    }
    await this.script.toolwrightSessionTrim(this.list, this.version, this.options.maxItems, this.ttlMs);
  }

  private encode(item: Item, index: number): string {
    const stored = sessionKit.encodeItem(item, index, this.scope);
    return `${item.type === 'function_call_output' ? 'o' : 'i'}${stored}`;
  }

  private decode(entry: string): Item {
    return sessionKit.decodeItem(entry.slice(1), this.scope);
  }

  private get script(): Scripted {
    return this.client as unknown as Scripted;
  }
}
