import type * as ts from 'typescript';
import type { HostTypeScript } from './host-typescript';

/**
 * Where the transformer sends the compiler diagnostics of tools whose schema cannot be built
 * (strict-mode violations, unreadable decorators), so that the build fails the way it fails on
 * a type error. One per host.
 */
export type DiagnosticChannel = (diagnostics: ts.Diagnostic[], program: ts.Program, host: HostTypeScript) => void;

/** ts-patch: its `addDiagnostic` extra adds to the diagnostics tspc prints and counts. */
export function addDiagnosticChannel(addDiagnostic: (diagnostic: ts.Diagnostic) => number): DiagnosticChannel {
  return (diagnostics) => {
    for (const diagnostic of diagnostics) addDiagnostic(diagnostic);
  };
}

/** The part of ts-jest's `ConfigSet` that raises diagnostics the way ts-jest raises type errors. */
export interface TsJestConfigSetLike {
  raiseDiagnostics(diagnostics: ts.Diagnostic[], filePath?: string): void;
}

/**
 * ts-jest: raised through its own `raiseDiagnostics`, so they read like type errors, fail the
 * test file, and honour ts-jest's `diagnostics` options (`warnOnly`, `ignoreCodes`, `exclude`).
 */
export function tsJestChannel(configSet: TsJestConfigSetLike): DiagnosticChannel {
  return (diagnostics) => {
    const fileName = diagnostics[0]?.file?.fileName;
    configSet.raiseDiagnostics(diagnostics, fileName);
  };
}

const collecting = new WeakMap<ts.Program, ts.Diagnostic[]>();
const patched = new WeakSet<ts.Program>();

/**
 * Hosts with no diagnostics hook of their own (the Nest CLI, the compiler API): the program's
 * `emit` is wrapped so that its result carries the diagnostics reported while it ran, which is
 * what `tsc`, `nest build` and `nest start --watch` print and count. Call it before the emit
 * starts (Nest calls plugins first); a report made outside a wrapped emit throws an `Error`
 * holding the formatted diagnostics instead.
 */
export function attachToEmit(program: ts.Program): void {
  if (patched.has(program)) return;
  patched.add(program);
  const emit = program.emit;
  program.emit = function emitWithToolwrightDiagnostics(this: ts.Program, ...args: Parameters<ts.Program['emit']>): ts.EmitResult {
    const reported: ts.Diagnostic[] = [];
    collecting.set(program, reported);
    try {
      const result = emit.apply(this, args);
      return reported.length === 0 ? result : { ...result, diagnostics: [...result.diagnostics, ...reported] };
    } finally {
      collecting.delete(program);
    }
  };
}

/** The channel of {@link attachToEmit}. */
export const emitResultChannel: DiagnosticChannel = (diagnostics, program, host) => {
  const reported = collecting.get(program);
  if (reported) {
    reported.push(...diagnostics);
    return;
  }
  throw new Error(`toolwright: cannot build tool schemas:\n${formatForTerminal(diagnostics, host)}`);
};

/** Diagnostics formatted by the host compiler, with colours and code frames on a terminal. */
export function formatForTerminal(diagnostics: readonly ts.Diagnostic[], host: HostTypeScript): string {
  const formatHost: ts.FormatDiagnosticsHost = {
    getCanonicalFileName: (fileName) => fileName,
    getCurrentDirectory: () => process.cwd(),
    getNewLine: () => '\n',
  };
  return process.stderr.isTTY ? host.formatDiagnosticsWithColorAndContext(diagnostics, formatHost) : host.formatDiagnostics(diagnostics, formatHost);
}
