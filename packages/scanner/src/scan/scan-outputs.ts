import * as ts from 'typescript';
import type * as TJS from 'typescript-json-schema';
import type { ScanDiagnostic } from '../diagnostics/scan-diagnostic';
import type { ToolSchemaEntry } from '../schema/tool-schema-entry';
import { buildToolSchema } from './build-tool-schema';
import { isUserFile } from './find-tools';
import { NEST_MODULE, mayNameOutputs, outputRefsOf, type OutputRef } from './output-refs';
import type { ToolSite } from './tool-site';

/** An agent's output class the scanner found, with its schema (built like an `@Args` DTO's). */
export interface ScannedOutput {
  /** The class's name: the key of `outputs` in a manifest. */
  className: string;
  fileName: string;
  /** The position of the reference in its file's list (see `outputRefsOf`), to match it in the host's tree. */
  index: number;
  /** 1-based position of the reference. */
  line: number;
  column: number;
  /** Whether the source already gives the schema (`@Output(text)`, `outputTypeSchema`). */
  hasEmbeddedSchema: boolean;
  /** The loose schema of the class (core makes it strict), its dates and local checks. */
  schema: ToolSchemaEntry;
}

/** Whether a file should be scanned for output classes although it may declare no tools. */
export function mayScanFile(sourceFile: ts.SourceFile, coreModules: readonly string[]): boolean {
  if (!isUserFile(sourceFile) || !mayNameOutputs(sourceFile)) return false;
  return [...coreModules, NEST_MODULE].some((module) => sourceFile.text.includes(module));
}

/**
 * Builds the schema of each output reference of a file (in the program with the synthetic
 * interfaces): the class is resolved with the checker (a reference to something that is not a
 * class, such as a JSON schema object, is left alone), then its schema is built exactly as an
 * `@Args` DTO's is, strict-mode problems included.
 */
export function scanOutputs(
  file: ts.SourceFile,
  interfaceNames: readonly string[],
  generator: TJS.JsonSchemaGenerator,
  checker: ts.TypeChecker,
  coreModules: readonly string[],
): { outputs: ScannedOutput[]; diagnostics: ScanDiagnostic[] } {
  const outputs: ScannedOutput[] = [];
  const diagnostics: ScanDiagnostic[] = [];
  const refs = outputRefsOf(file, coreModules);
  refs.forEach((ref, index) => {
    const interfaceName = interfaceNames[index];
    const declaration = classOf(ref, checker);
    // Only a top-level class can be named where the synthetic type goes (at the end of the file).
    if (!interfaceName || !declaration || !declaration.name || !ts.isSourceFile(declaration.parent)) return;
    const className = declaration.name.text;
    const site: ToolSite = {
      sourceFile: file,
      classDeclaration: declaration,
      className,
      // The class's JSDoc is the output's description; errors point at the reference.
      method: declaration as unknown as ts.MethodDeclaration,
      methodName: '',
      call: (ref.kind === 'decorator' ? ref.call : ref.object) as unknown as ts.CallExpression,
      toolName: `output ${className}`,
      strict: true,
      literalOptions: true,
      hasEmbeddedSchema: ref.hasEmbeddedSchema,
      parameters: [{ index: 0, declaration: (ref.kind === 'decorator' ? declaration : ref.identifier) as unknown as ts.ParameterDeclaration, kind: 'args', optional: false }],
    };
    let built: ReturnType<typeof buildToolSchema>;
    try {
      built = buildToolSchema(site, interfaceName, generator, checker, instanceTypeOf(declaration, checker));
    } catch {
      // A type the generator cannot read (a class only in scope inside a function) gets no schema: core's error says how to give one.
      return;
    }
    if (!ref.hasEmbeddedSchema) diagnostics.push(...built.diagnostics);
    const at = ref.kind === 'decorator' ? ref.call : ref.identifier;
    const position = file.getLineAndCharacterOfPosition(at.getStart(file));
    outputs.push({
      className,
      fileName: file.fileName,
      index,
      line: position.line + 1,
      column: position.character + 1,
      hasEmbeddedSchema: ref.hasEmbeddedSchema,
      schema: built.entry,
    });
  });
  return { outputs, diagnostics };
}

function classOf(ref: OutputRef, checker: ts.TypeChecker): ts.ClassDeclaration | undefined {
  if (ref.kind === 'decorator') return ref.classDeclaration;
  let symbol = checker.getSymbolAtLocation(ref.identifier);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return symbol?.declarations?.find(ts.isClassDeclaration);
}

function instanceTypeOf(declaration: ts.ClassDeclaration, checker: ts.TypeChecker): ts.Type {
  return checker.getTypeAtLocation(declaration);
}
