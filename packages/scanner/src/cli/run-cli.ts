import * as fs from 'fs';
import * as path from 'path';
import { buildCommand } from './build-command';
import { processIo, type CliIo } from './cli-io';
import { parseArgs, USAGE } from './parse-args';
import { scanCommand } from './scan-command';
import { watchCommand } from './watch-command';

/** Runs the `toolwright` command line; returns the exit code. */
export function runCli(argv: string[], io: CliIo = processIo): number {
  try {
    const args = parseArgs(argv);
    if (args.version) {
      io.stdout(`${scannerVersion()}\n`);
      return 0;
    }
    if (args.help || args.command === undefined) {
      (args.help ? io.stdout : io.stderr)(USAGE);
      return args.help ? 0 : 2;
    }
    const project = args.project ?? 'tsconfig.json';
    if (args.command === 'scan') {
      if (args.watch) throw new Error('--watch belongs to build: use `toolwright build --watch` (scan runs once; rerun it, or use --check in CI)');
      return scanCommand({ project, out: args.out, emit: args.emit, check: args.check }, io);
    }
    if (args.command === 'build') {
      if (args.out !== undefined || args.emit !== undefined || args.check) throw new Error('--out, --emit and --check belong to scan');
      if (args.watch) return watchCommand({ project }, io);
      return buildCommand({ project }, io);
    }
    io.stderr(`toolwright: unknown command "${args.command}"\n${USAGE}`);
    return 2;
  } catch (error) {
    io.stderr(`toolwright: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
}

/**
 * The version in the scanner's package.json: the nearest one above this file, which sits at a
 * different depth in src/, the per-file dist/ and the bundles.
 */
function scannerVersion(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${__dirname}`);
  }
}
