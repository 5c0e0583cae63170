import * as path from 'path';
import * as ts from 'typescript';
import { createDeclarationSharingHost } from './declaration-cache';

/** A program built from a tsconfig file, with the parsed options and any config errors. */
export interface LoadedProgram {
  program: ts.Program;
  config: ts.ParsedCommandLine;
}

/**
 * Parses `tsconfigPath` (a file or a directory holding `tsconfig.json`) and creates its program;
 * declaration files already parsed by an earlier program of this process are reused.
 */
export function loadProgram(tsconfigPath: string): LoadedProgram {
  const config = parseTsconfig(tsconfigPath);
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
    host: createDeclarationSharingHost(config.options),
  });
  return { program, config };
}

/** Parses a tsconfig file; throws with the compiler's messages when it cannot be read. */
export function parseTsconfig(tsconfigPath: string): ts.ParsedCommandLine {
  let file = path.resolve(tsconfigPath);
  if (ts.sys.directoryExists(file)) file = path.join(file, 'tsconfig.json');
  if (!ts.sys.fileExists(file)) {
    throw new Error(`tsconfig not found: ${file} — pass the path of a tsconfig.json with -p`);
  }
  const errors: ts.Diagnostic[] = [];
  const parsed = ts.getParsedCommandLineOfConfigFile(file, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => errors.push(diagnostic),
  });
  if (!parsed || errors.length > 0) {
    const text = ts.formatDiagnostics(errors, formatHost());
    throw new Error(`cannot read ${file}:\n${text}`);
  }
  const fatal = parsed.errors.filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (fatal.length > 0) throw new Error(`cannot read ${file}:\n${ts.formatDiagnostics(fatal, formatHost())}`);
  return parsed;
}

/** A format host printing paths relative to the working directory. */
export function formatHost(): ts.FormatDiagnosticsHost {
  return {
    getCanonicalFileName: (fileName) => fileName,
    getCurrentDirectory: () => process.cwd(),
    getNewLine: () => ts.sys.newLine,
  };
}
