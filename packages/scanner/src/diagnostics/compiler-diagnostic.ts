import type * as ts from 'typescript';
import { describeDiagnostic, type ScanDiagnostic } from './scan-diagnostic';

/**
 * The code of Toolwright's compiler diagnostics (`error TS90001: toolwright: ...`). ts-jest's
 * `diagnostics.ignoreCodes` and similar settings can name it.
 */
export const TOOLWRIGHT_DIAGNOSTIC_CODE = 90001;

/** The parts of a TypeScript module used to build a diagnostic (any version's will do). */
export type DiagnosticFactory = Pick<typeof ts, 'DiagnosticCategory' | 'getPositionOfLineAndCharacter'>;

/**
 * A scan diagnostic as a compiler diagnostic of `file` (the host program's source file of
 * `diagnostic.fileName`), so that tsc, ts-patch, the Nest CLI and ts-jest print it like a type
 * error: `src/tools.ts:15:39 - error TS90001: toolwright: tool store, parameter "scores": ... — <fix>`.
 * The span covers the word at the reported position.
 */
export function toCompilerDiagnostic(diagnostic: ScanDiagnostic, file: ts.SourceFile, compiler: DiagnosticFactory, category?: ts.DiagnosticCategory): ts.Diagnostic {
  const start = positionOf(file, diagnostic, compiler);
  const word = /^[\w$]+/.exec(file.text.slice(start, start + 200));
  return {
    file,
    start,
    length: word ? word[0].length : 1,
    messageText: `toolwright: ${describeDiagnostic(diagnostic)}`,
    category: category ?? (diagnostic.category === 'error' ? compiler.DiagnosticCategory.Error : compiler.DiagnosticCategory.Warning),
    code: TOOLWRIGHT_DIAGNOSTIC_CODE,
  };
}

function positionOf(file: ts.SourceFile, diagnostic: ScanDiagnostic, compiler: DiagnosticFactory): number {
  try {
    return compiler.getPositionOfLineAndCharacter(file, diagnostic.line - 1, diagnostic.column - 1);
  } catch {
    // The file changed since the scan (a watcher raced it): point at its start rather than fail.
    return 0;
  }
}
