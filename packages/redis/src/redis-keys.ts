import { UserError } from '@toolwright/core';

/** The default key prefix. */
export const DEFAULT_REDIS_PREFIX = 'toolwright:';

/** The keys of one run; all share the run's hash tag, so they live on one Cluster slot. */
export interface RunKeys {
  run: string;
  decisions: string;
  calls: string;
  outputs: string;
}

/** Key names for one store (one prefix). */
export class RedisKeys {
  /** The sorted set of run ids by last update, for `list`. */
  readonly index: string;

  constructor(readonly prefix: string = DEFAULT_REDIS_PREFIX) {
    if (typeof prefix !== 'string' || prefix.length > 100 || /[{}\s]/.test(prefix)) {
      throw new UserError(`new RedisRunStore({ prefix }): ${JSON.stringify(prefix)} must be a string of at most 100 characters without braces or spaces, e.g. 'myapp:runs:'.`);
    }
    this.index = `${prefix}runs`;
  }

  /** The keys of run `id`. */
  of(id: string): RunKeys {
    const run = `${this.prefix}{${id}}`;
    return { run, decisions: `${run}:decisions`, calls: `${run}:calls`, outputs: `${run}:outputs` };
  }
}
