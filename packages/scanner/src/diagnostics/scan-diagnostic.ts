import * as path from 'path';
import type * as ts from 'typescript';

/** A problem the scanner found, located in the source like a compiler error. */
export interface ScanDiagnostic {
  category: 'error' | 'warning';
  fileName: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  /** The tool's manifest key (`WeatherTools.getWeather`), when the problem belongs to a tool. */
  toolKey?: string;
  /** The tool's name (`get_weather`), when the problem belongs to a tool. */
  toolName?: string;
  /** The argument field path (`units`, `trip.start`), when the problem belongs to one. */
  parameter?: string;
  /** What is wrong. */
  message: string;
  /** How to fix it. */
  fix: string;
}

/** Builds a diagnostic located at `node`. */
export function diagnosticAt(
  node: ts.Node,
  fields: Omit<ScanDiagnostic, 'fileName' | 'line' | 'column' | 'category'> & { category?: ScanDiagnostic['category'] },
): ScanDiagnostic {
  const sourceFile = node.getSourceFile();
  const { line, character } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
  return { category: 'error', ...fields, fileName: sourceFile.fileName, line: line + 1, column: character + 1 };
}

/**
 * Formats a diagnostic compiler-style:
 * `src/weather.ts:12:5  tool get_weather, parameter "units": <what> — <fix>`.
 * Paths are shown relative to `cwd` (default: the process's working directory).
 */
export function formatDiagnostic(diagnostic: ScanDiagnostic, cwd: string = process.cwd()): string {
  const file = path.relative(cwd, diagnostic.fileName) || diagnostic.fileName;
  const severity = diagnostic.category === 'warning' ? 'warning: ' : '';
  return `${file}:${diagnostic.line}:${diagnostic.column}  ${severity}${describeDiagnostic(diagnostic)}`;
}

/** The text of a diagnostic without its location: `tool get_weather, parameter "units": <what> — <fix>`. */
export function describeDiagnostic(diagnostic: ScanDiagnostic): string {
  const subject = [
    diagnostic.toolName !== undefined ? `tool ${diagnostic.toolName}` : undefined,
    diagnostic.parameter !== undefined ? `parameter "${diagnostic.parameter}"` : undefined,
  ].filter((part): part is string => part !== undefined);
  const prefix = subject.length > 0 ? `${subject.join(', ')}: ` : '';
  return `${prefix}${diagnostic.message} — ${diagnostic.fix}`;
}
