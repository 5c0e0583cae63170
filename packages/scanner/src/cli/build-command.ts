import * as path from 'path';
import * as ts from 'typescript';
import { formatDiagnostic } from '../diagnostics/scan-diagnostic';
import { formatHost, parseTsconfig } from '../scan/load-program';
import { createSchemaTransformer } from '../transformer/schema-transformer';
import { ScanCache } from '../transformer/scan-cache';
import { DEFAULT_CORE_MODULES, mayDeclareTools } from '../scan/find-tools';
import type { CliIo } from './cli-io';

/**
 * `toolwright build`: compiles a project like `tsc -p`, with the schema transformer, and fails
 * on type errors and on tools whose schema cannot be made strict. Returns the exit code.
 */
export function buildCommand(options: { project: string }, io: CliIo): number {
  const config = parseTsconfig(path.resolve(io.cwd, options.project));
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, projectReferences: config.projectReferences });
  const typeErrors = ts.getPreEmitDiagnostics(program).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (typeErrors.length > 0) io.stderr(ts.formatDiagnostics(typeErrors, { ...formatHost(), getCurrentDirectory: () => io.cwd }));
  const scan = new ScanCache(DEFAULT_CORE_MODULES);
  const scanErrors = program
    .getSourceFiles()
    .filter((file) => mayDeclareTools(file, DEFAULT_CORE_MODULES))
    .flatMap((file) => scan.scanFile(program, file).diagnostics);
  for (const diagnostic of scanErrors) io.stderr(`${formatDiagnostic(diagnostic, io.cwd)}\n`);
  const failed = typeErrors.length > 0 || scanErrors.some((d) => d.category === 'error');
  if (failed && config.options.noEmitOnError) return 1;
  const emitted = program.emit(undefined, undefined, undefined, false, { before: [createSchemaTransformer(() => program)] });
  const emitErrors = emitted.diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (emitErrors.length > 0) io.stderr(ts.formatDiagnostics(emitErrors, formatHost()));
  return failed || emitErrors.length > 0 ? 1 : 0;
}
