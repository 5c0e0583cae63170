import * as path from 'path';
import * as ts from 'typescript';

/**
 * A program equal to `base` except that some files' texts are edited (synthetic declarations
 * added, see `planSyntheticTypes`). Unchanged files are shared with `base` (no re-parse, no
 * re-bind), so this costs one parse per changed file plus a fresh type checker.
 */
export function createVirtualProgram(base: ts.Program, edits: Map<string, (original: string) => string>): ts.Program {
  // A program made by another copy of the compiler (ts-patch's tspc loads its own) cannot share
  // its parsed and bound files with this copy: symbol ids would collide. Then only the texts are
  // shared, and every file is parsed again.
  const shareFiles = isFromThisCompiler(base);
  const options = base.getCompilerOptions();
  const host = ts.createCompilerHost(options, true);
  const key = (fileName: string): string => path.resolve(fileName);
  const extra = new Map([...edits].map(([fileName, edit]) => [key(fileName), edit]));
  const readFromDisk = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreateNewSourceFile) => {
    const original = base.getSourceFile(fileName);
    const edit = extra.get(key(fileName));
    if (original && (edit !== undefined || !shareFiles)) {
      return ts.createSourceFile(fileName, edit ? edit(original.text) : original.text, languageVersion, true, scriptKindOf(fileName));
    }
    return original ?? readFromDisk(fileName, languageVersion, onError, shouldCreateNewSourceFile);
  };
  return ts.createProgram({
    rootNames: base.getRootFileNames(),
    options,
    host,
    oldProgram: shareFiles ? base : undefined,
    projectReferences: base.getProjectReferences(),
  });
}

function scriptKindOf(fileName: string): ts.ScriptKind {
  return fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
}

let sourceFileConstructor: unknown;

/** Whether a program's files were made by this copy of the TypeScript compiler. */
function isFromThisCompiler(program: ts.Program): boolean {
  sourceFileConstructor ??= ts.createSourceFile('probe.ts', '', ts.ScriptTarget.Latest).constructor;
  const [first] = program.getSourceFiles();
  return first === undefined || first.constructor === sourceFileConstructor;
}
