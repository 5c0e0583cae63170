import { loadOptionalPeer, } from '@toolwright/core/extend';
import { UserError, type RunStore } from '@toolwright/core';

/** A store and how to close it. */
export interface OpenedStore {
  store: RunStore;
  close(): Promise<void>;
}

/** The run store a `--store` URL names: PostgreSQL (`postgres://`) or Redis (`redis://`, `rediss://`). */
export function openStore(url: string, secret: string | undefined): OpenedStore {
  if (!secret) throw new UserError('The store needs its signing secret: --secret or TOOLWRIGHT_STORE_SECRET (the one your application gives the store).');
  let scheme: string;
  try {
    scheme = new URL(url).protocol;
  } catch {
    throw new UserError('--store must be a URL such as postgres://user:pass@host/db or redis://host:6379.');
  }
  if (scheme === 'postgres:' || scheme === 'postgresql:') {
    const { PostgresRunStore } = loadOptionalPeer('@toolwright/postgres', 'toolwright-console --store postgres://…', '@toolwright/console', () => require('@toolwright/postgres') as typeof import('@toolwright/postgres'));
    const store = new PostgresRunStore({ connectionString: url, secret });
    return { store, close: () => store.close() };
  }
  if (scheme === 'redis:' || scheme === 'rediss:') {
    const { RedisRunStore } = loadOptionalPeer('@toolwright/redis', 'toolwright-console --store redis://…', '@toolwright/console', () => require('@toolwright/redis') as typeof import('@toolwright/redis'));
    const store = new RedisRunStore({ url, secret });
    return { store, close: () => store.close() };
  }
  throw new UserError(`--store ${scheme}// is not a store the console knows; use postgres://… or redis://….`);
}
