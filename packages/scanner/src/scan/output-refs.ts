import * as ts from 'typescript';
import { decoratorCalls, resolveImportedCallee } from '../ast/imports';

/** The module that exports `@AgentDefinition` (its options take `outputType` too). */
export const NEST_MODULE = '@toolwright/nestjs';

/**
 * A place in a file that names an agent's output class: `@Output()` on a class, or
 * `outputType: TheClass` in `new Agent({...})` / `@AgentDefinition({...})`.
 */
export type OutputRef =
  | { kind: 'decorator'; call: ts.CallExpression; classDeclaration: ts.ClassDeclaration; typeText: string; hasEmbeddedSchema: boolean }
  | { kind: 'config'; object: ts.ObjectLiteralExpression; identifier: ts.Identifier; typeText: string; hasEmbeddedSchema: boolean };

/**
 * The output references of a file, in source order (the same order for the file and for its
 * copy with synthetic interfaces added, which is how the two are matched). Only top-level classes
 * take `@Output()` here: a class declared in a function cannot be named where the synthetic type goes.
 */
export function outputRefsOf(sourceFile: ts.SourceFile, coreModules: readonly string[]): OutputRef[] {
  const refs: OutputRef[] = [];
  const fromCore = (callee: ts.Expression, name: string, modules: readonly string[]): boolean => {
    const imported = resolveImportedCallee(callee, sourceFile);
    return imported !== undefined && imported.name === name && modules.includes(imported.module);
  };
  const configRef = (argument: ts.Expression | undefined): void => {
    if (!argument || !ts.isObjectLiteralExpression(argument)) return;
    let identifier: ts.Identifier | undefined;
    let embedded = false;
    for (const property of argument.properties) {
      if (!ts.isPropertyAssignment(property) && !ts.isShorthandPropertyAssignment(property)) continue;
      const name = property.name && ts.isIdentifier(property.name) ? property.name.text : undefined;
      if (name === 'outputTypeSchema') embedded = true;
      if (name !== 'outputType') continue;
      if (ts.isShorthandPropertyAssignment(property)) identifier = property.name;
      else if (ts.isIdentifier(property.initializer)) identifier = property.initializer;
    }
    if (identifier) refs.push({ kind: 'config', object: argument, identifier, typeText: identifier.text, hasEmbeddedSchema: embedded });
  };
  // Parent pointers are not set before the checker binds the file: top-level is read from the statements.
  const topLevel = new Set<ts.Node>(sourceFile.statements);
  const visit = (node: ts.Node): void => {
    if (ts.isClassDeclaration(node) && node.name && topLevel.has(node)) {
      for (const { call } of decoratorCalls(node)) {
        if (call && fromCore(call.expression, 'Output', coreModules)) {
          refs.push({ kind: 'decorator', call, classDeclaration: node, typeText: node.name.text, hasEmbeddedSchema: call.arguments.length > 0 });
        }
      }
    }
    if (ts.isDecorator(node) && ts.isCallExpression(node.expression) && fromCore(node.expression.expression, 'AgentDefinition', [NEST_MODULE])) {
      configRef(node.expression.arguments[0]);
    }
    if (ts.isNewExpression(node) && fromCore(node.expression, 'Agent', coreModules)) configRef(node.arguments?.[0]);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(sourceFile, visit);
  return refs;
}

/** The end offset of what the transformer rewrites for a reference (the `@Output()` call or the options object). */
export function outputRefEnd(ref: OutputRef): number {
  return ref.kind === 'decorator' ? ref.call.end : ref.object.end;
}

/** The synthetic interfaces for a file's output references, one per reference, appended to the file. */
export function planOutputTypes(sourceFile: ts.SourceFile, coreModules: readonly string[], prefix: string): { names: string[]; tail: string } {
  const refs = outputRefsOf(sourceFile, coreModules);
  const names = refs.map((_, i) => `${prefix}${i}`);
  if (refs.length === 0) return { names, tail: '' };
  const lines = refs.map((ref, i) => `interface ${names[i]} { p0: (${ref.typeText}); }`);
  return { names, tail: `\n/* Toolwright scanner: synthetic output types */\n${lines.join('\n')}\n` };
}

/** Whether a file may name output classes (a cheap text test). */
export function mayNameOutputs(sourceFile: ts.SourceFile): boolean {
  return sourceFile.text.includes('outputType') || sourceFile.text.includes('Output(');
}
