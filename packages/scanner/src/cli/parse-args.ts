/** A parsed command line. */
export interface CliArgs {
  command: string | undefined;
  project: string | undefined;
  out: string | undefined;
  check: boolean;
  help: boolean;
  version: boolean;
}

/** Parses `toolwright <command> [-p tsconfig] [--out file] [--check]`; throws on unknown flags. */
export function parseArgs(argv: string[]): CliArgs {
  const args: CliArgs = { command: undefined, project: undefined, out: undefined, check: false, help: false, version: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = (): string => {
      const next = argv[++i];
      if (next === undefined || next.startsWith('-')) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '-p' || arg === '--project') args.project = value();
    else if (arg.startsWith('--project=')) args.project = arg.slice('--project='.length);
    else if (arg === '--out' || arg === '-o') args.out = value();
    else if (arg.startsWith('--out=')) args.out = arg.slice('--out='.length);
    else if (arg === '--check') args.check = true;
    else if (arg === '-h' || arg === '--help') args.help = true;
    else if (arg === '-v' || arg === '--version') args.version = true;
    else if (!arg.startsWith('-') && args.command === undefined) args.command = arg;
    else throw new Error(`unknown argument "${arg}"`);
  }
  return args;
}

/** The CLI's help text. */
export const USAGE = `Usage:
  toolwright scan -p <tsconfig> [--out <file>] [--check]
      Scan the program for @Tool methods and write their schemas to a manifest
      (default: toolwright.schemas.json next to the tsconfig). With --check, write
      nothing and exit 1 when the manifest is stale, misses tools or has orphans.
  toolwright build -p <tsconfig>
      Compile the project like tsc, embedding each tool's schema into its @Tool call.
Options:
  -p, --project <path>  tsconfig.json (or its directory); default ./tsconfig.json
  -o, --out <file>      manifest path (scan)
  --check               verify the manifest instead of writing it (scan)
  -h, --help            this text
  -v, --version         the scanner's version
`;
