/** Where the queued runs live: the Redis of the queue and the run store. */
export interface QueueConfig {
  /** `host` and `port` of REDIS_URL (BullMQ's connection). */
  connection: { host: string; port: number; password?: string; username?: string; db?: number };
  /** REDIS_URL as given (the run store's). */
  url: string;
  /** How long the worker's runs in flight may finish on shutdown (SHUTDOWN_GRACE_MS, default 10 s). */
  graceMs: number;
}

/**
 * The queue's configuration from the environment: REDIS_URL (`redis://[user:password@]host:port[/db]`),
 * or `undefined` without it — the app then runs without queued runs.
 * @throws Error naming the variable when it is not a redis:// URL.
 */
export function queueConfigFrom(env: NodeJS.ProcessEnv = process.env): QueueConfig | undefined {
  const raw = env.REDIS_URL?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`REDIS_URL is not a URL (${raw.slice(0, 100)}); use redis://host:6379, or unset it to run without queued runs.`);
  }
  if (url.protocol !== 'redis:' || url.hostname === '') throw new Error(`REDIS_URL must be a redis://host:port URL, got ${url.protocol}//${url.hostname}; unset it to run without queued runs.`);
  const db = url.pathname.length > 1 ? Number(url.pathname.slice(1)) : undefined;
  if (db !== undefined && !Number.isInteger(db)) throw new Error(`REDIS_URL names database "${url.pathname.slice(1)}"; use a number (redis://host:6379/0).`);
  const grace = Number(env.SHUTDOWN_GRACE_MS ?? 10_000);
  return {
    url: raw,
    graceMs: Number.isFinite(grace) && grace >= 0 ? grace : 10_000,
    connection: {
      host: url.hostname,
      port: url.port ? Number(url.port) : 6379,
      ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
      ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
      ...(db !== undefined ? { db } : {}),
    },
  };
}
