import { createServer } from 'node:http';
import path from 'node:path';
import { UserError, type Agent } from '@toolwright/core';
import { createConsole } from '../console/create-console';
import { basicAuth } from './basic-auth';
import { parseCliOptions, USAGE } from './cli-options';
import { openStore } from './open-store';

/** What the CLI writes to and how it stops (tests give their own). */
export interface ConsoleCliIo {
  out(text: string): void;
  err(text: string): void;
  env: NodeJS.ProcessEnv;
  /** Resolves when the server should stop (default: SIGINT or SIGTERM). */
  stopped?: Promise<void>;
}

const processIo = (): ConsoleCliIo => ({ out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t), env: process.env });

/**
 * `toolwright-console --store <url> --secret … --port 4000`: serves the console alone, until
 * SIGINT/SIGTERM. Resolves with the exit code.
 */
export async function runConsoleCli(argv: readonly string[], io: ConsoleCliIo = processIo()): Promise<number> {
  let options;
  try {
    options = parseCliOptions(argv, io.env);
  } catch (error) {
    if (error instanceof UserError) {
      io.err(`toolwright-console: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  if (options.help) {
    io.out(USAGE);
    return 0;
  }
  let opened;
  let agents: Agent<any>[] | undefined;
  try {
    opened = openStore(options.store, options.secret);
    agents = options.agentsModule ? loadAgents(options.agentsModule) : undefined;
  } catch (error) {
    if (error instanceof UserError) {
      io.err(`toolwright-console: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  const c = createConsole({
    store: opened.store,
    ...(agents ? { agents } : {}),
    ...(options.token ? { authorize: basicAuth(options.token) } : {}),
    basePath: options.basePath,
  });
  const server = createServer(c.handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  io.out(`Toolwright console on http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}${c.basePath || '/'}\n`);
  if (c.loopbackOnly) io.out('No --token given: the console listens on loopback only and answers local requests only.\n');
  if (c.readOnly) io.out('No --agents given: read-only (runs are shown, not decided).\n');
  const stopped = io.stopped ?? new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  await stopped;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await c.close();
  await opened.close();
  return 0;
}

function loadAgents(modulePath: string): Agent<any>[] {
  const loaded = require(path.resolve(modulePath)) as { agents?: unknown; default?: { agents?: unknown } };
  const agents = loaded.agents ?? loaded.default?.agents;
  if (!Array.isArray(agents)) throw new UserError(`--agents ${modulePath}: the module must export \`agents\`, an array of Agent objects.`);
  return agents as Agent<any>[];
}
