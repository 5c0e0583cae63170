import * as fs from 'fs';
import * as path from 'path';
import type * as ts from 'typescript';
import { loadProgram } from '@toolwright/scanner';

const programs = new Map<string, ts.Program>();

/** The program of a fixture tsconfig, made once per test file (emitting does not change it). */
export function fixtureProgram(tsconfig: string): ts.Program {
  let program = programs.get(tsconfig);
  if (!program) {
    program = loadProgram(tsconfig).program;
    programs.set(tsconfig, program);
  }
  return program;
}

/**
 * Emits a fixture project into `outDir` (optionally through transformers, made before the emit
 * starts, as the hosts do); returns the JS per file and the emit's diagnostics.
 */
export function compileFixture(
  tsconfig: string,
  outDir: string,
  before: (program: ts.Program) => Array<ts.TransformerFactory<ts.SourceFile>> = () => [],
): { program: ts.Program; js: Map<string, string>; diagnostics: readonly ts.Diagnostic[] } {
  const program = fixtureProgram(tsconfig);
  const js = new Map<string, string>();
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const transformers = before(program);
  const result = program.emit(
    undefined,
    (fileName, text) => {
      if (!fileName.endsWith('.js')) return;
      const target = path.join(outDir, path.basename(fileName));
      fs.writeFileSync(target, text);
      js.set(path.basename(fileName, '.js'), text);
    },
    undefined,
    false,
    { before: transformers },
  );
  if (result.emitSkipped) throw new Error(`emit of ${tsconfig} was skipped`);
  return { program, js, diagnostics: result.diagnostics };
}
