import { UserError } from '@toolwright/core';
import { Redis, type RedisOptions } from 'ioredis';
import { RedisConnectionError } from './redis-connection.error';

/** How often a client that has never connected tries again before the store reports it. */
const FIRST_CONNECT_RETRIES = 2;

/**
 * The client a store makes from `url` (`new RedisRunStore({ url })`). A URL that reaches no
 * server is one clear {@link RedisConnectionError} for the call that needed it, instead of the
 * client's default (reconnecting forever, printing "[ioredis] Unhandled error event" for every
 * attempt, and failing each queued command after 20 retries). Once connected, the client
 * reconnects as ioredis always does.
 */
export class OwnedClient {
  /** The client, connecting on first use. */
  readonly client: Redis;
  private readonly where: string;
  private everReady = false;
  private lastError: unknown;
  private connecting: Promise<void> | undefined;

  constructor(url: string, redisOptions: RedisOptions = {}) {
    this.where = redactedUrl(url);
    checkUrl(url, this.where);
    this.client = new Redis(url, {
      lazyConnect: true,
      retryStrategy: (times) => (this.everReady ? Math.min(times * 100, 2_000) : times <= FIRST_CONNECT_RETRIES ? times * 200 : null),
      ...redisOptions,
    });
    this.client.on('ready', () => {
      this.everReady = true;
    });
    // Kept for the error the caller gets; without a listener ioredis prints every attempt's error.
    this.client.on('error', (error: unknown) => {
      this.lastError = error;
    });
  }

  /**
   * Resolves once the client has connected (at once after its first connection: ioredis queues
   * commands while it reconnects).
   *
   * @throws RedisConnectionError naming the URL when the client cannot connect; the next call tries again.
   */
  ready(): Promise<void> {
    if (this.everReady) return Promise.resolve();
    this.connecting ??= this.client.connect().then(
      () => undefined,
      (error: unknown) => {
        this.connecting = undefined;
        const cause = this.lastError ?? error;
        this.lastError = undefined;
        // Not `instanceof Error`: the socket's errors may come from another realm (jest's sandbox).
        const message = typeof cause === 'object' && cause !== null ? (cause as { message?: unknown }).message : undefined;
        const reason = typeof message === 'string' ? message : String(cause);
        throw new RedisConnectionError(
          `RedisRunStore could not connect to Redis at ${this.where} (${reason}). `
          + 'Check the url option (redis://[user:password@]host:port[/db], rediss:// for TLS) and that Redis is running and reachable there.',
          { cause },
        );
      },
    );
    return this.connecting;
  }

  /** Ends the client: at once when it is not connected (no retry is left pending), else after its commands (QUIT). */
  async close(): Promise<void> {
    const { status } = this.client;
    if (status === 'end' || status === 'wait') return;
    if (status !== 'ready') {
      // Connecting or waiting to retry: cancels the retry and drops any socket (no 'end' to wait for).
      this.client.disconnect();
      return;
    }
    const ended = new Promise<void>((resolve) => this.client.once('end', () => resolve()));
    await this.client.quit();
    await ended;
  }
}

/** Refuses a URL ioredis would misread (it falls back to localhost for what it cannot parse). */
function checkUrl(url: string, shown: string): void {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (parsed === undefined || (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') || parsed.hostname === '') {
    throw new UserError(`new RedisRunStore({ url }): ${JSON.stringify(shown)} is not a Redis URL; write redis://[user:password@]host:port[/db] (rediss:// for TLS), e.g. redis://localhost:6379.`);
  }
}

/** `url` with its password replaced by `***`, for messages. */
function redactedUrl(url: string): string {
  if (!URL.canParse(url)) return url.replace(/:[^:@/]*@/, ':***@');
  const parsed = new URL(url);
  if (parsed.password !== '') parsed.password = '***';
  return parsed.toString();
}
