import * as path from 'path';
import * as ts from 'typescript';
import { parseTsconfig } from '../scan/load-program';
import { DEFAULT_CORE_MODULES } from '../scan/find-tools';
import { scanCacheFor } from '../transformer/schema-transformer';
import { emitWithSchemas, formatHostFor, prettyOutput } from './build-command';
import type { CliIo } from './cli-io';

/** A running `toolwright build --watch`; `close()` stops watching. */
export interface BuildWatch {
  close(): void;
}

/**
 * Starts `toolwright build --watch`: tsc's watch mode (incremental rebuilds on every change of a
 * source file or the tsconfig) with the schema transformer, and the scan errors of every tool
 * reported with the type errors on each rebuild, so `Found N errors` counts both.
 */
export function startBuildWatch(options: { project: string }, io: CliIo): BuildWatch {
  let configPath = path.resolve(io.cwd, options.project);
  if (ts.sys.directoryExists(configPath)) configPath = path.join(configPath, 'tsconfig.json');
  const parsed = parseTsconfig(configPath); // a clear error for a missing or broken tsconfig, before watching
  const pretty = prettyOutput(parsed.options, io);
  const formatHost = formatHostFor(io.cwd);
  const system: ts.System = { ...ts.sys, write: (text) => io.stdout(text), getCurrentDirectory: () => io.cwd };
  const reportDiagnostic: ts.DiagnosticReporter = (diagnostic) =>
    io.stderr(pretty ? ts.formatDiagnosticsWithColorAndContext([diagnostic], formatHost) : ts.formatDiagnostics([diagnostic], formatHost));
  const reportStatus: ts.WatchStatusReporter = (diagnostic, newLine) =>
    io.stdout(`[${new Date().toLocaleTimeString()}] toolwright build: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, newLine)}${newLine}`);
  const host = ts.createWatchCompilerHost(configPath, undefined, system, ts.createEmitAndSemanticDiagnosticsBuilderProgram, reportDiagnostic, reportStatus);
  const cache = scanCacheFor(DEFAULT_CORE_MODULES);
  const createProgram = host.createProgram;
  host.createProgram = (rootNames, compilerOptions, compilerHost, oldProgram, configDiagnostics, references) => {
    const builder = createProgram(rootNames, compilerOptions, compilerHost, oldProgram, configDiagnostics, references);
    const emit = builder.emit.bind(builder);
    // tsc's watch emits through the builder: the schemas are embedded there, and the scan
    // problems of every tool (changed or not) join the emit's diagnostics, which it reports.
    builder.emit = (targetSourceFile, writeFile, cancellationToken, emitOnlyDtsFiles, customTransformers) => {
      const program = builder.getProgram();
      const result = emitWithSchemas(
        program,
        cache,
        (transformers) =>
          emit(targetSourceFile, writeFile, cancellationToken, emitOnlyDtsFiles, {
            ...customTransformers,
            before: [...(transformers.before ?? []), ...(customTransformers?.before ?? [])],
          }),
        // Type errors: tsc reports them itself, and honours noEmitOnError for them.
        [],
      );
      return { emitSkipped: result.emitSkipped, diagnostics: result.diagnostics };
    };
    return builder;
  };
  const watch = ts.createWatchProgram(host);
  return { close: () => watch.close() };
}

/** `toolwright build --watch` from the command line: watches until the process is stopped. */
export function watchCommand(options: { project: string }, io: CliIo): number {
  startBuildWatch(options, io);
  return 0;
}
