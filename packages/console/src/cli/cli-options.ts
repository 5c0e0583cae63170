import { UserError } from '@toolwright/core';

/** The command line of `toolwright-console`, parsed. */
export interface CliOptions {
  store: string;
  secret?: string;
  port: number;
  host: string;
  basePath: string;
  /** Basic-auth password: any user name with it gets in, as that name. */
  token?: string;
  /** A module exporting `agents` (an array of Agent), to decide and resume runs. */
  agentsModule?: string;
  help: boolean;
}

export const USAGE = `Usage: toolwright-console --store <postgres://… | redis://…> [options]

  --store <url>       the run store: postgres://user:pass@host/db or redis://host:6379
  --secret <secret>   the store's signing secret (or TOOLWRIGHT_STORE_SECRET)
  --port <n>          port to listen on (default 4000)
  --host <address>    address to bind (default 127.0.0.1; others need --token)
  --base-path <path>  serve under this path (default /)
  --token <token>     require HTTP basic auth with this password (or TOOLWRIGHT_CONSOLE_TOKEN);
                      the user name given is the identity decisions record
  --agents <module>   a module exporting \`agents\`: the console can then decide and resume runs
                      (read-only without it)
`;

/** Parses argv (flags as above); a bad flag is a `UserError` naming it. */
export function parseCliOptions(argv: readonly string[], env: NodeJS.ProcessEnv): CliOptions {
  const out: Partial<CliOptions> & { help: boolean } = { help: false };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new UserError(`${flag} needs a value.\n\n${USAGE}`);
      return v;
    };
    switch (flag) {
      case '--help': case '-h': out.help = true; break;
      case '--store': out.store = value(); break;
      case '--secret': out.secret = value(); break;
      case '--port': {
        const port = Number(value());
        if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new UserError('--port must be a port number (0 to 65535).');
        out.port = port;
        break;
      }
      case '--host': out.host = value(); break;
      case '--base-path': out.basePath = value(); break;
      case '--token': out.token = value(); break;
      case '--agents': out.agentsModule = value(); break;
      default: throw new UserError(`Unknown option ${flag}.\n\n${USAGE}`);
    }
  }
  if (out.help) return { store: '', port: 4000, host: '127.0.0.1', basePath: '', help: true };
  if (!out.store) throw new UserError(`--store is required.\n\n${USAGE}`);
  const secret = out.secret ?? env.TOOLWRIGHT_STORE_SECRET;
  const token = out.token ?? env.TOOLWRIGHT_CONSOLE_TOKEN;
  const host = out.host ?? '127.0.0.1';
  if (!token && !isLoopbackHost(host)) throw new UserError(`--host ${host} would serve the console beyond this machine without authorization; give --token (or TOOLWRIGHT_CONSOLE_TOKEN).`);
  return { store: out.store, ...(secret ? { secret } : {}), port: out.port ?? 4000, host, basePath: out.basePath ?? '', ...(token ? { token } : {}), ...(out.agentsModule ? { agentsModule: out.agentsModule } : {}), help: false };
}

function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}
