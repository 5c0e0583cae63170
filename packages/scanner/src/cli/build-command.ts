import * as path from 'path';
import * as ts from 'typescript';
import { toCompilerDiagnostic } from '../diagnostics/compiler-diagnostic';
import { createDeclarationSharingHost } from '../scan/declaration-cache';
import { parseTsconfig } from '../scan/load-program';
import { DEFAULT_CORE_MODULES, mayDeclareTools } from '../scan/find-tools';
import { createSchemaTransformer, scanCacheFor } from '../transformer/schema-transformer';
import type { ScanCache } from '../transformer/scan-cache';
import type { CliIo } from './cli-io';

/**
 * The scan errors and warnings of every tool of a program, as compiler diagnostics (file, line,
 * column, tool, field, fix). `cache` keeps the scans of unchanged files between calls.
 */
export function scanDiagnosticsOf(program: ts.Program, cache: ScanCache): ts.Diagnostic[] {
  const diagnostics: ts.Diagnostic[] = [];
  for (const file of program.getSourceFiles()) {
    if (!mayDeclareTools(file, DEFAULT_CORE_MODULES)) continue;
    for (const diagnostic of cache.scanFile(program, file).diagnostics) {
      const source = program.getSourceFile(diagnostic.fileName);
      if (source) diagnostics.push(toCompilerDiagnostic(diagnostic, source, ts));
    }
  }
  return diagnostics;
}

/**
 * Emits `program` with the schema transformer unless it has errors and `noEmitOnError` is set;
 * returns every diagnostic: type errors, scan errors and warnings, emit errors.
 */
export function emitWithSchemas(
  program: ts.Program,
  cache: ScanCache,
  emit: (transformers: ts.CustomTransformers) => ts.EmitResult = (transformers) => program.emit(undefined, undefined, undefined, false, transformers),
  preEmit: readonly ts.Diagnostic[] = ts.getPreEmitDiagnostics(program),
): { diagnostics: ts.Diagnostic[]; emitSkipped: boolean } {
  const scanned = scanDiagnosticsOf(program, cache);
  const diagnostics = [...preEmit, ...scanned];
  const failed = diagnostics.some((d) => d.category === ts.DiagnosticCategory.Error);
  if (failed && program.getCompilerOptions().noEmitOnError) return { diagnostics, emitSkipped: true };
  // Scan problems were collected above; the transformer only embeds.
  const result = emit({ before: [createSchemaTransformer(() => program, { diagnostics: 'ignore' })] });
  return { diagnostics: [...diagnostics, ...result.diagnostics], emitSkipped: result.emitSkipped };
}

/** Whether to print like `tsc --pretty`: the tsconfig's `pretty`, else whether stderr is a terminal. */
export function prettyOutput(options: ts.CompilerOptions, io: CliIo): boolean {
  return options.pretty === undefined ? io.isTerminal === true : options.pretty === true;
}

/** A format host printing paths relative to `cwd`. */
export function formatHostFor(cwd: string): ts.FormatDiagnosticsHost {
  return { getCanonicalFileName: (fileName) => fileName, getCurrentDirectory: () => cwd, getNewLine: () => ts.sys.newLine };
}

/** Diagnostics as tsc prints them: with colours and code frames on a terminal. */
export function formatCompilerDiagnostics(diagnostics: readonly ts.Diagnostic[], cwd: string, pretty: boolean): string {
  const host = formatHostFor(cwd);
  return pretty ? ts.formatDiagnosticsWithColorAndContext(diagnostics, host) : ts.formatDiagnostics(diagnostics, host);
}

/**
 * `toolwright build`: compiles a project like `tsc -p`, with the schema transformer, and fails
 * on type errors and on tools whose schema cannot be made strict, printed alike as compiler
 * diagnostics. Returns the exit code.
 */
export function buildCommand(options: { project: string }, io: CliIo): number {
  const config = parseTsconfig(path.resolve(io.cwd, options.project));
  const host = createDeclarationSharingHost(config.options);
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, projectReferences: config.projectReferences, host });
  const { diagnostics } = emitWithSchemas(program, scanCacheFor(DEFAULT_CORE_MODULES));
  if (diagnostics.length > 0) io.stderr(formatCompilerDiagnostics(diagnostics, io.cwd, prettyOutput(config.options, io)));
  const errors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error).length;
  if (errors > 0) io.stderr(`toolwright build: ${errors} error${errors === 1 ? '' : 's'}\n`);
  return errors > 0 ? 1 : 0;
}
