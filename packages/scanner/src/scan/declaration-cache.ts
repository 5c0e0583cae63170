import * as ts from 'typescript';

/**
 * Parsed (and, once a checker has used them, bound) declaration files of this process, by path
 * and parse settings: the default libs, `@types/*` and packages' `.d.ts` files. Nearly all of a
 * program's files are such declarations, and they are the same for every program of a project.
 */
const declarations = new Map<string, ts.SourceFile>();

/**
 * A compiler host like `ts.createCompilerHost(options)` whose declaration files are shared by the
 * programs this process creates with it: a second program of the same project (a re-scan in a
 * long-lived process, several scans or builds in one test file) parses and binds only the
 * project's own files again. TypeScript's language service shares files between programs in the
 * same way. A declaration file is reused only while its text is unchanged.
 */
export function createDeclarationSharingHost(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const parse = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile) => {
    if (shouldCreateNewSourceFile || !fileName.endsWith('.d.ts')) return parse(fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile);
    const text = host.readFile(fileName);
    if (text === undefined) return parse(fileName, languageVersionOrOptions, onError);
    const key = `${fileName}\n${parseSettingsKey(languageVersionOrOptions, options)}`;
    const cached = declarations.get(key);
    if (cached?.text === text) return cached;
    const file = ts.createSourceFile(fileName, text, languageVersionOrOptions);
    declarations.set(key, file);
    return file;
  };
  return host;
}

/** What, besides its text, decides how a file parses (what TypeScript's document registry keys by). */
function parseSettingsKey(settings: ts.ScriptTarget | ts.CreateSourceFileOptions, options: ts.CompilerOptions): string {
  if (typeof settings !== 'object') return `${settings}`;
  return [settings.languageVersion, settings.impliedNodeFormat, settings.jsDocParsingMode, options.moduleDetection].join('/');
}
