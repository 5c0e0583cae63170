import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * A Lua script run by its SHA1 (`EVALSHA`): the server keeps compiled scripts, so the text is
 * sent (and hashed by the server) only when it does not know the script yet, after a restart or
 * a `SCRIPT FLUSH`. The client's own connection is left as it is (no `defineCommand`). @internal
 */
export class CachedScript {
  private readonly sha: string;

  constructor(readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  /** Runs the script on `keys` and `args`; returns its reply. */
  async run(redis: Redis, keys: readonly string[], args: readonly string[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(this.source, keys.length, ...keys, ...args);
    }
  }
}
