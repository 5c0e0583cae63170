import type { IncomingMessage } from 'node:http';
import type { Agent, RunStore, Runner } from '@toolwright/core';

/** Who is asking, as `authorize` answers: `false` refuses the request. */
export type ConsoleIdentity = { user: string };

/** Decides whether a request may use the console, and as whom. Called on every request. */
export type ConsoleAuthorize = (req: IncomingMessage) => false | ConsoleIdentity | Promise<false | ConsoleIdentity>;

/** Options of {@link createConsole}. */
export interface ConsoleOptions {
  /** The store whose runs the console shows (it must keep run records: memory, Postgres, Redis). */
  store: RunStore;
  /** The agents the console may resume runs of; without them it is read-only. */
  agents?: Agent<any>[];
  /** The runner that resumes decided runs (default: a Runner on each agent's own model). */
  runner?: Runner;
  /**
   * Called on every request: `false` refuses it (403), `{ user }` lets it in as that identity,
   * which decisions record. Without it the console answers loopback requests only, as `local`.
   */
  authorize?: ConsoleAuthorize;
  /** Where the console is mounted, e.g. `/console` (default: the root). */
  basePath?: string;
  /** How often live pages look for new events, in milliseconds (default 500). */
  pollMs?: number;
}
