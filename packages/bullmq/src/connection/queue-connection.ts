import { Redis, type RedisOptions } from 'ioredis';
import { UserError } from '@toolwright/core';

/**
 * Where the queue lives: Redis connection options (`{ host, port }`, any ioredis option) or an
 * ioredis client. A client is never closed by the queue or the worker; connections they open from
 * options are theirs to close.
 */
export type QueueConnection = ({ host: string; port: number } & RedisOptions) | Redis;

/** The ioredis options of a connection, as BullMQ wants them for its own connections. @internal */
export function redisOptionsOf(connection: QueueConnection, where: string): RedisOptions {
  if (connection instanceof Redis) return { ...connection.options, maxRetriesPerRequest: null };
  if (typeof connection !== 'object' || connection === null || typeof connection.host !== 'string' || !Number.isInteger(connection.port)) {
    throw new UserError(`${where}: connection must be { host: string, port: number } (and other ioredis options) or an ioredis Redis client, e.g. { host: '127.0.0.1', port: 6379 }.`);
  }
  return { ...connection, maxRetriesPerRequest: null };
}

/** A client of its own for `connection` (a blocking read needs one to itself). @internal */
export function openClient(connection: QueueConnection, where: string): Redis {
  return newClient(redisOptionsOf(connection, where));
}

/**
 * A client on `options`. Its `error` events (a lost connection, which ioredis retries) are
 * listened to, so they never become an unhandled error of the process; the commands that fail
 * meanwhile reject as usual. @internal
 */
export function newClient(options: RedisOptions): Redis {
  const client = new Redis(options);
  client.on('error', () => undefined);
  return client;
}
