import { buildCommand } from './build-command';
import { processIo, type CliIo } from './cli-io';
import { parseArgs, USAGE } from './parse-args';
import { scanCommand } from './scan-command';

/** Runs the `toolwright` command line; returns the exit code. */
export function runCli(argv: string[], io: CliIo = processIo): number {
  try {
    const args = parseArgs(argv);
    if (args.version) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      io.stdout(`${(require('../../package.json') as { version: string }).version}\n`);
      return 0;
    }
    if (args.help || args.command === undefined) {
      (args.help ? io.stdout : io.stderr)(USAGE);
      return args.help ? 0 : 2;
    }
    const project = args.project ?? 'tsconfig.json';
    if (args.command === 'scan') return scanCommand({ project, out: args.out, check: args.check }, io);
    if (args.command === 'build') return buildCommand({ project }, io);
    io.stderr(`toolwright: unknown command "${args.command}"\n${USAGE}`);
    return 2;
  } catch (error) {
    io.stderr(`toolwright: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
}
