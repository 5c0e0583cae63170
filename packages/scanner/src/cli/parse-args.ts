/** A parsed command line. */
export interface CliArgs {
  command: string | undefined;
  project: string | undefined;
  out: string | undefined;
  emit: string | undefined;
  check: boolean;
  watch: boolean;
  help: boolean;
  version: boolean;
}

/** Parses `toolwright <command> [-p tsconfig] [--out file] [--emit file] [--check] [--watch]`; throws on unknown flags. */
export function parseArgs(argv: string[]): CliArgs {
  const args: CliArgs = { command: undefined, project: undefined, out: undefined, emit: undefined, check: false, watch: false, help: false, version: false };
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
    else if (arg === '--emit' || arg === '-e') args.emit = value();
    else if (arg.startsWith('--emit=')) args.emit = arg.slice('--emit='.length);
    else if (arg === '--check') args.check = true;
    else if (arg === '-w' || arg === '--watch') args.watch = true;
    else if (arg === '-h' || arg === '--help') args.help = true;
    else if (arg === '-v' || arg === '--version') args.version = true;
    else if (!arg.startsWith('-') && args.command === undefined) args.command = arg;
    else throw new Error(`unknown argument "${arg}"`);
  }
  return args;
}

/** The CLI's help text. */
export const USAGE = `Usage:
  toolwright scan -p <tsconfig> [--emit <module>] [--out <file>] [--check]
      Scan the program for @Tool methods and write their schemas: with --emit, as a
      module that registers them when imported (works with any compiler or bundler:
      tsgo, esbuild, swc, tsx, Vite...); with --out, as a JSON manifest (the default
      when neither is given: toolwright.schemas.json next to the tsconfig). With
      --check, write nothing and exit 1 when a file is stale, misses tools or has orphans.
  toolwright build -p <tsconfig> [--watch]
      Compile the project like tsc, embedding each tool's schema into its @Tool call;
      scan errors are compiler errors. With --watch, rebuild on every change.
Options:
  -p, --project <path>  tsconfig.json (or its directory); default ./tsconfig.json
  -e, --emit <file>     generated module (scan): .ts, .mts, .cts, .js, .mjs or .cjs
  -o, --out <file>      JSON manifest path (scan)
  --check               verify instead of writing (scan)
  -w, --watch           rebuild on changes (build)
  -h, --help            this text
  -v, --version         the scanner's version
`;
