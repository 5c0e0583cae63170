import * as path from 'path';
import * as ts from 'typescript';

/**
 * A program equal to `base` except that some files get text appended. Unchanged files are
 * shared with `base` (no re-parse, no re-bind), so this costs one parse per changed file plus
 * a fresh type checker.
 */
export function createVirtualProgram(base: ts.Program, appended: Map<string, string>): ts.Program {
  const options = base.getCompilerOptions();
  const host = ts.createCompilerHost(options, true);
  const key = (fileName: string): string => path.resolve(fileName);
  const extra = new Map([...appended].map(([fileName, text]) => [key(fileName), text]));
  const readFromDisk = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreateNewSourceFile) => {
    const original = base.getSourceFile(fileName);
    const text = extra.get(key(fileName));
    if (original && text !== undefined) {
      return ts.createSourceFile(fileName, original.text + text, languageVersion, true, scriptKindOf(fileName));
    }
    return original ?? readFromDisk(fileName, languageVersion, onError, shouldCreateNewSourceFile);
  };
  return ts.createProgram({
    rootNames: base.getRootFileNames(),
    options,
    host,
    oldProgram: base,
    projectReferences: base.getProjectReferences(),
  });
}

function scriptKindOf(fileName: string): ts.ScriptKind {
  return fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
}
